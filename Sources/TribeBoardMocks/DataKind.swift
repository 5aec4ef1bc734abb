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

  /// The kind whose items `list` holds in a ``MockWorld`` and `stored` reads in an ``IndexedWorld``. `stored` is a
  /// closure, not a key path: a key path reads a copy of the whole indexed world.
  init<Item: Hashable & Sendable, Stored: Hashable & Sendable>(
    _ name: String, _ list: WritableKeyPath<MockWorld, [Item]> & Sendable, scenarioKey: String, in place: Place,
    stored: @escaping @Sendable (IndexedWorld) -> Stored
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
    hash = { stored($0).hashValue }
    same = { stored($0) == stored($1) }
  }

  /// Every kind, in the order of ``MockWorld``'s properties.
  public static let all: [DataKind] = [
    DataKind("accounts", \.accounts, scenarioKey: "accounts", in: .topLevel) { $0.accounts },
    DataKind("families", \.families, scenarioKey: "families", in: .topLevel) { $0.families },
    DataKind("memberships", \.memberships, scenarioKey: "members", in: .family) { $0.memberships },
    DataKind("events", \.events, scenarioKey: "events", in: .family) { $0.events.all },
    DataKind("tasks", \.tasks, scenarioKey: "tasks", in: .family) { $0.tasks.all },
    DataKind("messages", \.messages, scenarioKey: "messages", in: .family) { $0.messages.all },
    DataKind("notices", \.notices, scenarioKey: "notices", in: .family) { $0.notices.all },
    DataKind("routes", \.routes, scenarioKey: "schoolRuns", in: .family) { $0.routes.all },
    DataKind("pickups", \.pickups, scenarioKey: "pickups", in: .schoolRun) { $0.pickups.all },
  ]
}
