import TribeBoardCore

/// An item the mock world keeps in an ``ItemTable``: it has an id and belongs to an owner (a family, or a route for
/// a pickup) that never changes.
protocol OwnedItem: Identifiable, Sendable where ID == ItemID {
  /// The family or route the item belongs to.
  var owner: String { get }
}

extension CalendarEvent: OwnedItem {
  var owner: String { familyID }
}

extension FamilyTask: OwnedItem {
  var owner: String { familyID }
}

extension FamilyMessage: OwnedItem {
  var owner: String { familyID }
}

extension Notice: OwnedItem {
  var owner: String { familyID }
}

extension SchoolRoute: OwnedItem {
  var owner: String { familyID }
}

extension Pickup: OwnedItem {
  var owner: String { routeID }
}

/// One kind of item, in the order it was added, indexed by id and by owner: looking an item up, or listing an
/// owner's items, costs the same however many other owners there are.
///
/// The items and the indexes are layered (``LayeredList``, ``LayeredMap``): copies share what the table was made
/// with, and each holds only what changed since, so a copy and a change cost the same however many items there are.
///
/// Items are only ever added, never removed, so positions are stable. When two items share an id (which a
/// loaded scenario forbids), the id finds the first, as a linear search would.
struct ItemTable<Item: OwnedItem & Hashable>: Sendable {
  /// Every item, in the order added.
  private(set) var items: LayeredList<Item>
  private var positions: LayeredMap<ItemID, Int>
  private var byOwner: LayeredMap<String, [Int]>

  /// The table of `items`, in their order: what appending them one by one makes, in one pass per index. The list is shared with the caller's until either changes, and a run
  /// of items of one owner (a loaded world lists each family's items together) is one lookup of the owner.
  init(_ items: [Item]) {
    var positions: [ItemID: Int] = [:]
    var byOwner: [String: [Int]] = [:]
    positions.reserveCapacity(items.count)
    // Backwards, so that of two items with one id the first is the one kept.
    for position in items.indices.reversed() { positions[items[position].id] = position }
    var start = items.startIndex
    while start < items.endIndex {
      let owner = items[start].owner
      var end = start + 1
      while end < items.endIndex && items[end].owner == owner { end += 1 }
      byOwner[owner, default: []].append(contentsOf: start..<end)
      start = end
    }
    self.items = LayeredList(items)
    self.positions = LayeredMap(positions)
    self.byOwner = LayeredMap(byOwner)
  }

  /// Every item, in the order added. Costs the size of the table once anything changed.
  var all: [Item] { items.all }

  /// Whether the two tables hold the same items in the same order (their indexes then agree too).
  func hasSameItems(as other: ItemTable) -> Bool { items.hasSameItems(as: other.items) }

  /// The hash of the items in order (not of the indexes, which follow from them).
  var contentHash: Int { items.contentHash }

  var count: Int { items.count }

  mutating func append(_ item: Item) {
    let position = items.count
    items.append(item)
    if positions[item.id] == nil { positions[item.id] = position }
    byOwner[item.owner] = (byOwner[item.owner] ?? []) + [position]
  }

  /// Whether an item has `id`.
  func contains(_ id: ItemID) -> Bool { positions[id] != nil }

  /// The position of the (first) item with `id`.
  func position(of id: ItemID) -> Int? { positions[id] }

  /// The item with `id`.
  subscript(id id: ItemID) -> Item? { positions[id].map { items[$0] } }

  /// The item at `position`. Changing its id or owner would break the indexes, so that is a programming error.
  subscript(position: Int) -> Item {
    get { items[position] }
    set {
      precondition(
        newValue.id == items[position].id && newValue.owner == items[position].owner,
        "an item's id and owner never change")
      items[position] = newValue
    }
  }

  /// The positions of `owner`'s items, in the order added.
  func positions(of owner: String) -> [Int] { byOwner[owner] ?? [] }

  /// `owner`'s items, in the order added.
  func items(of owner: String) -> [Item] { positions(of: owner).map { items[$0] } }
}
