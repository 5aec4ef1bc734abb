import Foundation
import Testing
import TribeBoardBrowser
import TribeBoardCore
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardValidation

/// The explorer's invariants hold while other clients call the services' HTTP API (`explore --api`): a task added
/// to the family under the acting person's screen, and a second writer whose change ids collide with the changes
/// waiting on a phone.
@Suite struct ExplorerAPITests {
  /// Sarah's phone offline with a change waiting (`sarah-change-1`, the bins done), and Mark's phone signed in, to
  /// be taken up beside it.
  static let scenario = """
    name: second-writer
    summary: Sarah's phone offline with a change waiting; Mark's phone signed in beside it.
    now: 2026-03-02T08:00:00Z
    seed: 3
    device:
      user: sarah
      onboardingCompleted: true
      signedIn: true
      offline: true
      screen: { id: tasks }
      outbox:
        issued: 1
        changes:
          - { id: "sarah-change-1", change: setTaskStatus, task: bins, status: done, by: sarah, at: 2026-03-02T08:00:00Z, summary: "“Put the bins out” done", waited: true }
    phones:
      - { user: mark, onboardingCompleted: true, signedIn: true, screen: { id: dashboard } }
    accounts:
      - { id: sarah, name: "Sarah Johnson", email: "sarah@example.com", providers: [apple] }
      - { id: mark, name: "Mark Johnson", email: "mark@example.com", providers: [google] }
    families:
      - id: johnsons
        name: "The Johnsons"
        code: K7QM2X
        members:
          - { account: sarah, role: parentAdmin }
          - { account: mark, role: adult }
        tasks:
          - { id: bins, title: "Put the bins out", assignee: mark, due: 2026-03-03T19:00:00Z, points: 5 }
    """

  /// With Mark's phone taken up and Sarah's in hand again: Sarah's other device adds a task, and Mark's client sends
  /// a change of his own under the id of the change waiting on Sarah's phone.
  @Test func anotherClientSendsAChangeUnderTheWaitingChangesId() async throws {
    let scenario = try ScenarioLoader.parse(Self.scenario, source: "second-writer.yaml")
    let simulator = Simulator(scenario: scenario)
    await simulator.start()
    for line in [":as mark", ":as sarah"] { _ = await simulator.handle(line) }
    let checkpoint = simulator.checkpoint()
    let explorer = Explorer(scenario: scenario, options: .init(api: true))
    let calls = explorer.apiCalls(simulator.state, acting: checkpoint.actingUser, phones: checkpoint.phoneKeys)
    #expect(calls.map { "\($0.method) \($0.path)" } == ["POST /families/johnsons/tasks", "POST /changes"])
    let tokens = Dictionary(uniqueKeysWithValues: checkpoint.phoneKeys.map { ($0.user, $0.memory.token) })
    #expect(calls.first?.bearer != nil && calls.first?.bearer == tokens["sarah"])
    let change = try #require(calls.last)
    #expect(change.body.contains("\"id\":\"sarah-change-1\"") && change.body.contains("\"author\":\"mark\""))
    #expect(change.bearer != nil && change.bearer == tokens["mark"])
  }

  /// Every invariant holds after those calls, and after Sarah's phone comes back online and sends its own change:
  /// it is not lost, nor reported synced while Mark's change holds its id. With the services deciding "already
  /// applied" by the id alone (as before issue 38, planted once), this walk reports the waiting change lost after
  /// `:as mark › :as sarah › :api POST /changes … › :online`; without `api` the same walk finds nothing.
  @Test func everyInvariantHoldsAfterOtherClientsCalls() async throws {
    BrowserServer.installAPIRoutes()
    let scenario = try ScenarioLoader.parse(Self.scenario, source: "second-writer.yaml")
    let options = Explorer.Options(depth: 4, faults: true, people: true, api: true)
    let report = await Explorer(scenario: scenario, options: options).run()
    #expect(report.apiCalls > 100)
    #expect(report.violations.isEmpty, "\(report.violations)")
  }
}
