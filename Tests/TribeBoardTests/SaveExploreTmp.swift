import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

@testable import TribeBoardSimulator

@Suite struct SaveExploreTmp {
  @Test func everyStep() async throws {
    var report: [String] = []
    for name in BundledScenarios.names {
      let scenario = try BundledScenarios.scenario(named: name)
      for journey in scenario.journeys {
        let live = Simulator(scenario: scenario)
        await live.start()
        for (index, line) in journey.steps.enumerated() {
          _ = await live.handle(line)
          let text = ScenarioWriter.yaml(await live.savedScenario())
          let loaded: Scenario
          do { loaded = try ScenarioLoader.parse(text, source: "x.yaml") } catch {
            report.append("\(name)/\(journey.name)@\(index + 1) LOAD: \(error)")
            continue
          }
          let reopened = Simulator(scenario: loaded)
          await reopened.start()
          let a = SaveTests.screen(live)
          let b = SaveTests.screen(reopened)
          if a != b {
            report.append("\(name)/\(journey.name)@\(index + 1) [\(line)] \(live.state.screen.id) -> \(reopened.state.screen.id) err=\(live.state.error?.code.rawValue ?? "-")/\(reopened.state.error?.code.rawValue ?? "-")\n" + (live.state.screen.id == reopened.state.screen.id ? LineDiff.unified(expected: a, actual: b) : ""))
          }
        }
      }
    }
    try report.joined(separator: "\n").write(toFile: "/tmp/save-explore.txt", atomically: true, encoding: .utf8)
  }
}
