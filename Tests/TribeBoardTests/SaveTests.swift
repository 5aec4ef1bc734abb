import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

@testable import TribeBoardSimulator

/// `:save FILE` writes the live world as a scenario that loads without a diagnostic and reopens on the same screen.
@Suite struct SaveTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var scenario: String
    var journey: String
    var testDescription: String { "\(scenario)/\(journey)" }
  }

  static let journeys: [Case] = BundledScenarios.names.flatMap { name in
    ((try? BundledScenarios.scenario(named: name))?.journeys ?? []).map { Case(scenario: name, journey: $0.name) }
  }

  /// A fresh folder for one test's files.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tribeboard-save-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The screen as the person sees it, without what the last step said (its notice, notes and error belong to
  /// that step, not to the world).
  static func screen(_ simulator: Simulator) -> String {
    var state = simulator.state
    state.clearFeedback()
    return TextRenderer(style: .plain).render(ScreenSnapshot(state, flow: simulator.flow))
  }

  @Test(arguments: journeys)
  func everyJourneysLastStepReopensOnTheSameScreen(_ test: Case) async throws {
    let scenario = try BundledScenarios.scenario(named: test.scenario)
    let journey = try #require(scenario.journey(named: test.journey))
    let live = Simulator(scenario: scenario)
    await live.start()
    for line in journey.steps { _ = await live.handle(line) }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeAll(folder) }
    let path = folder.appendingPathComponent("saved.yaml").path
    let step = await live.handle(":save \(path)")
    #expect(step.messages.map(\.kind) == [.success], "\(step.messages.map(\.text))")

    let saved = try ScenarioLoader.load(contentsOf: URL(fileURLWithPath: path))
    let reopened = Simulator(scenario: saved)
    await reopened.start()
    #expect(reopened.actingUser == live.actingUser)
    #expect(reopened.state.user?.id == live.state.user?.id)
    #expect(reopened.state.role == live.state.role)
    #expect(reopened.state.family == live.state.family)
    #expect(reopened.state.screen.id == live.state.screen.id)
    let expected = Self.screen(live)
    let shown = Self.screen(reopened)
    #expect(shown == expected, "\(LineDiff.unified(expected: expected, actual: shown))")
  }
}

extension FileManager {
  fileprivate func removeAll(_ url: URL) throws { try removeItem(at: url) }
}
