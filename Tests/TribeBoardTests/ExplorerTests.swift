import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardScenarios
import TribeBoardSimulator

@Suite struct ExplorerTests {
  /// The app's table with `id`'s screen rebuilt by `change`.
  static func table(replacing id: ScreenID, _ change: (ScreenSpec) -> ScreenSpec) -> FlowTable {
    FlowTable(ScreenID.allCases.map { $0 == id ? change(FlowTable.app[$0]) : FlowTable.app[$0] })
  }

  @Test func theBundledScenariosHoldEveryInvariant() async throws {
    for name in ["new-user", "family-admin", "visitor", "offline"] {
      let explorer = Explorer(
        scenario: try BundledScenarios.scenario(named: name), options: .init(depth: 3, faults: true))
      let report = await explorer.run()
      #expect(report.violations.isEmpty, "\(name): \(report.violations)")
      #expect(report.deadEnds.isEmpty, "\(name)")
      #expect(report.states > 10)
    }
  }

  @Test func aPlantedPermissionLeakIsFoundWithTheShortestPath() async throws {
    // A table under test whose tasks screen and tile forgot their permission.
    var leaky = Self.table(replacing: .tasks) { spec in
      ScreenSpec(.tasks, title: spec.title, load: spec.load, body: spec.body, actions: spec.actions)
    }
    leaky = FlowTable(
      ScreenID.allCases.map { id in
        guard id == .dashboard else { return leaky[id] }
        let spec = leaky[id]
        let actions = spec.actions.map { action in
          action.id != .openTasks
            ? action
            : FlowAction(.openTasks, "Tasks", phrases: ["tasks"], targets: [.tasks]) { state, _, _ in
              state.screen = .tasks(mineOnly: false)
            }
        }
        return ScreenSpec(.dashboard, title: spec.title, load: spec.load, body: spec.body, actions: actions)
      })
    let explorer = Explorer(
      scenario: try BundledScenarios.scenario(named: "visitor"), flow: Flow(table: leaky),
      options: .init(depth: 3))
    let report = await explorer.run()
    let leak = try #require(report.violations.first { $0.invariant.contains("on tasks") })
    #expect(leak.invariant == "Visitor is on tasks, which needs “see own tasks”")
    #expect(leak.inputs == ["tasks"])
  }

  @Test func aPlantedDeadEndIsFoundWithTheShortestPath() async throws {
    let stuck = Self.table(replacing: .profile) { spec in
      ScreenSpec(.profile, requires: spec.requires, title: spec.title, load: spec.load, body: spec.body, actions: [])
    }
    let explorer = Explorer(
      scenario: try BundledScenarios.scenario(named: "family-admin"), flow: Flow(table: stuck),
      options: .init(depth: 3))
    let report = await explorer.run()
    let deadEnd = try #require(report.deadEnds.first)
    #expect(deadEnd.screen == .profile)
    #expect(deadEnd.inputs == ["settings", "profile"])
  }

  @Test func aRoleStartsAsThatRolesMember() async throws {
    let explorer = Explorer(
      scenario: try BundledScenarios.scenario(named: "family-admin"), options: .init(depth: 1, role: .child))
    let report = await explorer.run()
    #expect(report.reached[.dashboard] == [":as ben"])
    #expect(report.reached[.addEvent] == nil)
  }
}
