import ArgumentParser
import TribeBoardScenarios

extension Tribeboard {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the built-in scenarios and their journeys.")

    func run() throws {
      for name in BundledScenarios.names {
        let scenario = try loadScenario(name)
        try emit("\(name) — \(scenario.summary)")
        // Their names only: a built-in scenario reads its journeys when first asked for them.
        let journeys = scenario.journeyNames
        try emit("    journeys: \(journeys.isEmpty ? "none" : journeys.joined(separator: ", "))")
      }
    }
  }
}
