import Foundation
import Testing
import TribeBoardCore
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardFlow
@testable import TribeBoardMocks
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// Every error's "You can:" names actions its screen offers, by their own labels and words; each, chosen, is not
/// refused; and no error leaves the person without a way forward.
@Suite struct RecoveryTests {
  /// Each error a bundled journey shows: its named ways forward are among the screen's actions, there is at
  /// least one, and choosing each (from the same moment) is taken by the screen, not refused.
  @Test(arguments: BundledScenarios.names)
  func everyNamedRecoveryIsOfferedAndTakenOnEveryJourneyStep(_ name: String) async throws {
    let scenario = try BundledScenarios.scenario(named: name)
    for journey in scenario.journeys {
      let simulator = Simulator(scenario: scenario)
      await simulator.start()
      for (index, input) in journey.steps.enumerated() {
        let step = await simulator.handle(input)
        guard let snapshot = step.snapshot, let error = snapshot.error else { continue }
        let place = "\(name)/\(journey.name) step \(index + 1): \(error.code.rawValue) on \(snapshot.screen.rawValue)"
        #expect(!snapshot.recoveries.isEmpty, "\(place) names no way forward")
        for named in snapshot.recoveries {
          #expect(snapshot.actions.contains(named), "\(place) names \(named.label), which the screen lacks")
          let checkpoint = simulator.checkpoint()
          var state = simulator.state
          let services = try #require(simulator.phones[simulator.actingUser]).services
          let action = try #require(ActionID(rawValue: named.key))
          let outcome = await simulator.flow.send(Intent(action), to: &state, services: services)
          #expect(outcome == .performed, "\(place): choosing \(named.label) is refused: \(outcome)")
          simulator.restore(checkpoint)
        }
      }
    }
  }

  /// The exploration with faults reaches every error on every screen it can, and proves the same there.
  @Test(arguments: BundledScenarios.names)
  func theExplorerFindsNoErrorWithoutAWayForward(_ name: String) async throws {
    let explorer = Explorer(
      scenario: try BundledScenarios.scenario(named: name), options: .init(depth: 3, faults: true))
    let report = await explorer.run()
    #expect(report.violations.isEmpty, "\(name): \(report.violations)")
  }

  @Test func aChildsRecoveryNamesTheScreensOwnWayBack() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "child"))
    await simulator.start()
    _ = await simulator.handle("messages")
    _ = await simulator.handle("noticeboard")
    let step = await simulator.handle("post Hello")
    #expect(step.snapshot?.error?.code == .permissionDenied)
    #expect(step.snapshot?.recoveries.map(\.key) == ["back"])
    #expect(step.text(style: .plain).contains("You can: Back to messages (back)"))
    let line = StepRecord(step, index: 1, journey: nil).jsonLine()
    #expect(line.contains(#""actions":["back"]"#))
  }

  @Test func aChildRefusedCreatingAFamilyIsOfferedJoiningOne() async throws {
    var state = AppState(screen: .familySetup)
    state.session = .signedIn(Fixtures.session(Fixtures.ben))
    state.error = AppError(.roleConflict, "x", recovery: [.join, .back])
    let named = Flow().recoveryActions(in: state).map(\.id)
    #expect(named == [.joinFamily])
  }

  @Test func anExpiredVisitorIsOfferedJoiningAgainWithTheFamilyAndDate() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "visitor"))
    await simulator.start()
    let step = await simulator.handle(":clock +8d")
    let snapshot = try #require(step.snapshot)
    #expect(snapshot.screen == .familySetup)
    #expect(snapshot.error?.code == .accessExpired)
    #expect(snapshot.error?.message.contains("The Johnsons ended on") == true)
    #expect(snapshot.recoveries.map(\.key) == ["join-family"])
  }

  /// Access that ends while a slow load is under way is refused by the backend: the person reads the same words,
  /// naming the family and the date, and is offered joining again (defect 7-b's recovery).
  @Test func accessEndingDuringALoadNamesTheFamilyAndDateAndOffersJoining() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "visitor"))
    await simulator.start()
    for line in [":clock 2026-03-03T11:59", ":clock +50s", ":latency data 20s"] { _ = await simulator.handle(line) }
    let step = await simulator.handle("messages")
    let snapshot = try #require(step.snapshot)
    #expect(snapshot.screen == .familySetup)
    #expect(
      snapshot.error?.message
        == "Your visitor access to The Johnsons ended on Tue 3 Mar 12:00. To come back, join again with the family's code."
    )
    #expect(snapshot.recoveries.map(\.key) == ["join-family"])
  }
}
