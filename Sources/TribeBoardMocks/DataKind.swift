import TribeBoardCore

/// One kind of data the mock world holds: accounts, families, memberships and what each family holds.
///
/// ``all`` is the one list of the kinds. Backend snapshots are hashed kind by kind from it (``MockBackend/Snapshot``).
/// Two indexed worlds are compared from it too (``IndexedWorld/hasSameContents(as:)``). The places that must hold
/// every kind but are not made from it (``MockWorld``'s properties, ``IndexedWorld``'s tables, the scenario reader,
/// writer and schema, the benchmark's generated world) are checked against it by `DataKindTests`, which names the
/// place that misses a kind.
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
  /// Whether two indexed worlds hold the same items of it, in the same order.
  let same: @Sendable (IndexedWorld, IndexedWorld) -> Bool

  /// The kind whose items `list` holds in a ``MockWorld`` and `stored` in an ``IndexedWorld``.
  init<Item: Hashable & Sendable, Stored: Hashable & Sendable>(
    _ name: String, _ list: WritableKeyPath<MockWorld, [Item]> & Sendable,
    stored: KeyPath<IndexedWorld, Stored> & Sendable, scenarioKey: String, in place: Place
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
    hash = { $0[keyPath: stored].hashValue }
    same = { $0[keyPath: stored] == $1[keyPath: stored] }
  }

  /// Every kind, in the order of ``MockWorld``'s properties.
  public static let all: [DataKind] = [
    DataKind("accounts", \.accounts, stored: \.accounts, scenarioKey: "accounts", in: .topLevel),
    DataKind("families", \.families, stored: \.families, scenarioKey: "families", in: .topLevel),
    DataKind("memberships", \.memberships, stored: \.memberships, scenarioKey: "members", in: .family),
    DataKind("events", \.events, stored: \.events.all, scenarioKey: "events", in: .family),
    DataKind("tasks", \.tasks, stored: \.tasks.all, scenarioKey: "tasks", in: .family),
    DataKind("messages", \.messages, stored: \.messages.all, scenarioKey: "messages", in: .family),
    DataKind("notices", \.notices, stored: \.notices.all, scenarioKey: "notices", in: .family),
    DataKind("routes", \.routes, stored: \.routes.all, scenarioKey: "schoolRuns", in: .family),
    DataKind("pickups", \.pickups, stored: \.pickups.all, scenarioKey: "pickups", in: .schoolRun),
  ]
}
