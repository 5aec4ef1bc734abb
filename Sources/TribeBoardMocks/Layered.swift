import Synchronization

/// A list kept as a large base that never changes, shared by every copy, and what changed since: the items changed
/// (by position) and the items added. A copy of the list, and a change to it, costs what changed, not the size of
/// the base: exploration keeps thousands of worlds that differ from the loaded one by a few items, and each then
/// holds only those.
///
/// Equal lists hash alike whatever their base: the hash is a sum over positions (``contentHash``), the base's part
/// worked out once, the rest kept up to date as items change.
struct LayeredList<Element: Hashable & Sendable>: Sendable {
  private final class Base: Sendable {
    let items: [Element]
    /// The sum of the base items' position hashes, worked out when first asked for.
    private let sum = Mutex<Int?>(nil)

    init(_ items: [Element]) { self.items = items }

    var hash: Int {
      sum.withLock { sum in
        if let sum { return sum }
        var total = 0
        for (position, item) in items.enumerated() { total &+= LayeredList.hash(item, at: position) }
        sum = total
        return total
      }
    }
  }

  private let base: Base
  /// Items of the base that differ from it now, by position.
  private var changed: [Int: Element] = [:]
  /// Items added after the base's.
  private var added: [Element] = []
  /// What the changed and added items add to the base's hash.
  private var hashDelta = 0

  init(_ items: [Element] = []) { base = Base(items) }

  static func hash(_ item: Element, at position: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(position)
    hasher.combine(item)
    return hasher.finalize()
  }

  var count: Int { base.items.count + added.count }
  var isEmpty: Bool { count == 0 }
  var indices: Range<Int> { 0..<count }
  var first: Element? { isEmpty ? nil : self[0] }

  subscript(position: Int) -> Element {
    get {
      guard position < base.items.count else { return added[position - base.items.count] }
      // Most lists change nowhere: then no key is hashed.
      if !changed.isEmpty, let item = changed[position] { return item }
      return base.items[position]
    }
    set {
      let old = self[position]
      guard old != newValue else { return }
      hashDelta &-= Self.hash(old, at: position)
      hashDelta &+= Self.hash(newValue, at: position)
      if position >= base.items.count {
        added[position - base.items.count] = newValue
      } else if base.items[position] == newValue {
        changed[position] = nil
      } else {
        changed[position] = newValue
      }
    }
  }

  mutating func append(_ item: Element) {
    hashDelta &+= Self.hash(item, at: count)
    added.append(item)
  }

  /// Every item, in order. Costs the size of the list unless nothing changed since the base.
  var all: [Element] {
    if changed.isEmpty && added.isEmpty { return base.items }
    var items = base.items
    for (position, item) in changed { items[position] = item }
    items += added
    return items
  }

  /// The hash of the items and their positions: equal lists have equal ones.
  var contentHash: Int { base.hash &+ hashDelta }

  /// Whether the two hold the same items in the same order: quick when they share their base.
  func hasSameItems(as other: LayeredList) -> Bool {
    if base === other.base { return changed == other.changed && added == other.added }
    return count == other.count && all == other.all
  }

  func contains(where predicate: (Element) -> Bool) -> Bool {
    indices.contains { predicate(self[$0]) }
  }
}

/// A dictionary kept as a large base that never changes, shared by every copy, and the keys set or removed since,
/// as ``LayeredList`` keeps a list: a copy or a change costs what changed, not the size of the base. For the indexes
/// of the mock world, which follow from its lists (so they are not compared or hashed).
struct LayeredMap<Key: Hashable & Sendable, Value: Equatable & Sendable>: Sendable {
  private final class Base: Sendable {
    let entries: [Key: Value]
    init(_ entries: [Key: Value]) { self.entries = entries }
  }

  private let base: Base
  /// Keys whose value differs from the base's: the value now, or `nil` when removed.
  private var changed: [Key: Value?] = [:]

  init(_ entries: [Key: Value] = [:]) { base = Base(entries) }

  subscript(key: Key) -> Value? {
    get {
      if !changed.isEmpty, let value = changed[key] { return value }
      return base.entries[key]
    }
    set {
      if base.entries[key] == newValue {
        changed[key] = nil
      } else {
        changed[key] = .some(newValue)
      }
    }
  }

  /// Every entry (for a walk over the whole map: costs its size).
  var entries: [Key: Value] {
    guard !changed.isEmpty else { return base.entries }
    var entries = base.entries
    for (key, value) in changed { entries[key] = value }
    return entries
  }
}
