import TribeBoardCore

/// One kind of data the mock world holds: accounts, families, memberships and what each family holds.
///
/// ``all`` is the one list of the kinds. Backend snapshots are hashed kind by kind from it (``MockBackend/Snapshot``).
/// The places that must hold every kind but are not made from it (``MockWorld``'s properties, ``IndexedWorld``'s
/// tables and its comparison, which a loop over the kinds would make slower, the scenario reader, writer and schema,
/// the benchmark's generated world) are checked against it by `DataKindTests`, which names the place that misses a
/// kind.
public struct DataKind: Sendable {
  /// The mapping of a scenario file whose key lists a kind's items.
  public enum Place: Sendable {
    /// The file's top level.
    case topLevel
    /// Each family.
    case family
    /// Each school run (pickups).
    case schoolRun
  }

  /// The ``MockWorld`` property that holds its items, such as `tasks`.
  public let name: String
  /// The key its items are listed under in a scenario file, such as `tasks`.
  public let scenarioKey: String
  /// The mapping that key belongs to.
  public let place: Place
  /// Its items in `world`, in order.
  public let items: @Sendable (MockWorld) -> [AnyHashable]
  /// `world` without any of its items.
  public let emptied: @Sendable (MockWorld) -> MockWorld
  /// The hash of its items in an indexed world (not of the indexes, which follow from the items).
  let hash: @Sendable (IndexedWorld) -> Int
  /// Whether two indexed worlds hold the same items of it, in the same order. Written out for each kind, as
  /// `hash` is, so each reads its table directly, not through a key path: exploration calls both for every state
  /// it meets.
  let same: @Sendable (IndexedWorld, IndexedWorld) -> Bool

  init<Item: Hashable & Sendable>(
    _ name: String, _ list: WritableKeyPath<MockWorld, [Item]> & Sendable, scenarioKey: String, in place: Place,
    hash: @escaping @Sendable (IndexedWorld) -> Int, same: @escaping @Sendable (IndexedWorld, IndexedWorld) -> Bool
  ) {
    self.name = name
    self.scenarioKey = scenarioKey
    self.place = place
    items = { $0[keyPath: list].map(AnyHashable.init) }
    emptied = { world in
      var world = world
      world[keyPath: list] = []
      return world
    }
    self.hash = hash
    self.same = same
  }

  /// Every kind, in the order of ``MockWorld``'s properties.
  public static let all: [DataKind] = [
    DataKind(
      "accounts", \.accounts, scenarioKey: "accounts", in: .topLevel, hash: { $0.accountList.contentHash },
      same: { $0.accountList.hasSameItems(as: $1.accountList) }),
    DataKind(
      "families", \.families, scenarioKey: "families", in: .topLevel, hash: { $0.familyList.contentHash },
      same: { $0.familyList.hasSameItems(as: $1.familyList) }),
    DataKind(
      "memberships", \.memberships, scenarioKey: "members", in: .family, hash: { $0.membershipList.contentHash },
      same: { $0.membershipList.hasSameItems(as: $1.membershipList) }),
    DataKind(
      "events", \.events, scenarioKey: "events", in: .family, hash: { $0.events.contentHash },
      same: { $0.events.hasSameItems(as: $1.events) }),
    DataKind(
      "tasks", \.tasks, scenarioKey: "tasks", in: .family, hash: { $0.tasks.contentHash },
      same: { $0.tasks.hasSameItems(as: $1.tasks) }),
    DataKind(
      "messages", \.messages, scenarioKey: "messages", in: .family, hash: { $0.messages.contentHash },
      same: { $0.messages.hasSameItems(as: $1.messages) }),
    DataKind(
      "notices", \.notices, scenarioKey: "notices", in: .family, hash: { $0.notices.contentHash },
      same: { $0.notices.hasSameItems(as: $1.notices) }),
    DataKind(
      "routes", \.routes, scenarioKey: "schoolRuns", in: .family, hash: { $0.routes.contentHash },
      same: { $0.routes.hasSameItems(as: $1.routes) }),
    DataKind(
      "pickups", \.pickups, scenarioKey: "pickups", in: .schoolRun, hash: { $0.pickups.contentHash },
      same: { $0.pickups.hasSameItems(as: $1.pickups) }),
  ]
}
