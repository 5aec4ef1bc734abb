import Foundation
import Testing
import TribeBoardCore

@testable import TribeBoardMocks
@testable import TribeBoardScenarios
@testable import tribeboard_bench

/// Records a failure whose message is `text`.
private func fail(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
  Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}

/// Every place that must hold every kind of data is made from ``DataKind/all`` or checked against it here: a
/// failure names the place that misses a kind (CONTRIBUTING.md, "Adding a kind of data").
@Suite struct DataKindTests {
  /// A bundled scenario holding items of every kind.
  static let fixture = "family-admin"

  static func fixtureWorld() throws -> MockWorld {
    try BundledScenarios.scenario(named: fixture).configuration.world
  }

  @Test func mockWorldStoresTheKindsTheRegistryLists() {
    let stored = Mirror(reflecting: MockWorld()).children.compactMap(\.label)
    let registered = DataKind.all.map(\.name)
    for name in stored where !registered.contains(name) {
      fail(
        "MockWorld (Sources/TribeBoardMocks/MockWorld.swift) stores '\(name)', which DataKind.all "
          + "(Sources/TribeBoardMocks/DataKind.swift) does not list")
    }
    for name in registered where !stored.contains(name) {
      fail(
        "DataKind.all lists '\(name)', which MockWorld (Sources/TribeBoardMocks/MockWorld.swift) does not store")
    }
    if Set(stored) == Set(registered), stored != registered {
      fail("DataKind.all (Sources/TribeBoardMocks/DataKind.swift) lists the kinds in another order than MockWorld's")
    }
  }

  @Test func theFixtureHoldsEveryKind() throws {
    let world = try Self.fixtureWorld()
    for kind in DataKind.all where kind.items(world).isEmpty {
      fail(
        "Scenarios/\(Self.fixture).yaml holds no \(kind.name): add some; if it lists them under "
          + "'\(kind.scenarioKey)', the scenario reader (Sources/TribeBoardScenarios/ScenarioReader+Families.swift) "
          + "does not read them")
    }
  }

  @Test func theIndexedWorldGivesBackEveryKind() throws {
    let world = try Self.fixtureWorld()
    let back = MockState(world: world, seed: 1).world
    for kind in DataKind.all where kind.items(back) != kind.items(world) {
      fail(
        "IndexedWorld (Sources/TribeBoardMocks/IndexedWorld.swift: init(_:) or world) loses or changes \(kind.name)")
    }
  }

  /// Two worlds that differ in one kind only: the backend's snapshots differ, and that kind's part alone tells
  /// them apart.
  @Test func snapshotsTellEveryKindApart() throws {
    let scenario = try BundledScenarios.scenario(named: Self.fixture)
    let world = scenario.configuration.world
    let indexed = IndexedWorld(world)
    func snapshot(of world: MockWorld) -> MockBackend.Snapshot {
      var configuration = scenario.configuration
      configuration.world = world
      return MockBackend(configuration, clock: SimulatedClock(configuration.now)).snapshot()
    }
    let whole = snapshot(of: world)
    for kind in DataKind.all {
      let other = kind.emptied(world)
      if whole == snapshot(of: other) {
        fail(
          "MockBackend.Snapshot's == (Sources/TribeBoardMocks/MockBackend+Snapshot.swift) does not compare \(kind.name)"
        )
      }
      let otherIndexed = IndexedWorld(other)
      if indexed.hasSameContents(as: otherIndexed) {
        fail("IndexedWorld.hasSameContents (Sources/TribeBoardMocks/IndexedWorld.swift) does not compare \(kind.name)")
      }
      if kind.same(indexed, otherIndexed) {
        fail(
          "DataKind.all's entry for \(kind.name) (Sources/TribeBoardMocks/DataKind.swift): `same` does not compare them"
        )
      }
      if kind.hash(indexed) == kind.hash(otherIndexed) {
        fail(
          "DataKind.all's entry for \(kind.name) (Sources/TribeBoardMocks/DataKind.swift): `hash` does not hash them")
      }
      for another in DataKind.all where another.name != kind.name && !another.same(indexed, otherIndexed) {
        fail("DataKind.all's entry for \(another.name) (Sources/TribeBoardMocks/DataKind.swift) reads \(kind.name)")
      }
    }
  }

  @Test func aSavedScenarioKeepsEveryKind() throws {
    let scenario = try BundledScenarios.scenario(named: Self.fixture)
    let reloaded = try ScenarioLoader.parse(ScenarioWriter.yaml(scenario), source: "saved.yaml")
    for kind in DataKind.all
    where kind.items(reloaded.configuration.world) != kind.items(scenario.configuration.world) {
      fail(
        "the scenario writer (Sources/TribeBoardScenarios/ScenarioWriter.swift) or reader "
          + "(ScenarioReader+Families.swift) loses or changes \(kind.name) on a round trip")
    }
  }

  @Test func theSchemaListsEveryKind() {
    for kind in DataKind.all {
      let (schema, name): (YAMLObject.Schema, String) =
        switch kind.place {
        case .topLevel: (ScenarioReader.topLevel, "ScenarioReader.topLevel (ScenarioReader.swift)")
        case .family: (ScenarioReader.family, "ScenarioReader.family (ScenarioReader+Families.swift)")
        case .schoolRun: (ScenarioReader.route, "ScenarioReader.route (ScenarioReader+Families.swift)")
        }
      guard schema.keys.contains(kind.scenarioKey) else {
        fail("\(name) has no key '\(kind.scenarioKey)' for \(kind.name)")
        continue
      }
      if ScenarioSchema.valueSchema(of: kind.scenarioKey, in: schema) == nil {
        fail(
          "ScenarioSchema.valueSchema(of:in:) (Sources/TribeBoardScenarios/ScenarioSchema.swift) gives no type to "
            + "'\(kind.scenarioKey)', the list of \(kind.name)")
      }
    }
  }

  @Test func theBenchmarkWorldHoldsEveryKind() {
    let world = BenchWorld.scenario(families: 2).configuration.world
    let names = DataKind.all.map(\.name)
    for kind in DataKind.all where kind.items(world).isEmpty && BenchWorld.leftOut[kind.name] == nil {
      fail(
        "BenchWorld (Sources/TribeBoardBenchmarks/BenchWorld.swift) makes no \(kind.name): make some, or say why "
          + "not in BenchWorld.leftOut")
    }
    for name in BenchWorld.leftOut.keys.sorted() where !names.contains(name) {
      fail("BenchWorld.leftOut names '\(name)', which is not a kind of DataKind.all")
    }
    for kind in DataKind.all where !kind.items(world).isEmpty && BenchWorld.leftOut[kind.name] != nil {
      fail("BenchWorld.leftOut names \(kind.name), which BenchWorld makes")
    }
  }
}
