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
/// Items are only ever added, never removed, so positions are stable. When two items share an id (which a
/// loaded scenario forbids), the id finds the first, as a linear search would.
struct ItemTable<Item: OwnedItem>: Sendable {
  /// Every item, in the order added.
  private(set) var all: [Item] = []
  private var positions: [ItemID: Int] = [:]
  private var byOwner: [String: [Int]] = [:]

  /// The table of `items`, in their order: what appending them one by one makes (`ItemTableTests` compares the
  /// two), in one pass per index. The list is shared with the caller's until either changes, and a run of items of
  /// one owner (a loaded world lists each family's items together) is one lookup of the owner.
  init(_ items: [Item]) {
    all = items
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
  }

  /// The table made by appending `items` one by one, as the initialiser did before it took a list: for the test
  /// that compares the two.
  static func appendingEach(_ items: [Item]) -> ItemTable {
    var table = ItemTable([])
    for item in items { table.append(item) }
    return table
  }

  /// Whether the two tables hold the same items with the same indexes (for that test).
  func hasSameIndexes(as other: ItemTable) -> Bool where Item: Equatable {
    all == other.all && positions == other.positions && byOwner == other.byOwner
  }

  mutating func append(_ item: Item) {
    let position = all.count
    all.append(item)
    if positions[item.id] == nil { positions[item.id] = position }
    byOwner[item.owner, default: []].append(position)
  }

  /// Whether an item has `id`.
  func contains(_ id: ItemID) -> Bool { positions[id] != nil }

  /// The position of the (first) item with `id`.
  func position(of id: ItemID) -> Int? { positions[id] }

  /// The item with `id`.
  subscript(id id: ItemID) -> Item? { positions[id].map { all[$0] } }

  /// The item at `position`. Changing its id or owner would break the indexes, so that is a programming error.
  subscript(position: Int) -> Item {
    get { all[position] }
    set {
      precondition(
        newValue.id == all[position].id && newValue.owner == all[position].owner,
        "an item's id and owner never change")
      all[position] = newValue
    }
  }

  /// The positions of `owner`'s items, in the order added.
  func positions(of owner: String) -> [Int] { byOwner[owner] ?? [] }

  /// `owner`'s items, in the order added.
  func items(of owner: String) -> [Item] { positions(of: owner).map { all[$0] } }
}
