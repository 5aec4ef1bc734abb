import ArgumentParser
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Tribeboard {
  struct CoverageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "coverage",
      abstract: "Show which flow-table transitions, role × screen pairs and errors the journeys exercise.",
      discussion: """
        Runs every journey of the scenarios given (default: every built-in scenario) and counts, against the flow
        table and the permission matrix, what they reached; then lists what they did not. Fails (exit 1) when a
        measure is under --minimum.
        """)

    @Argument(
      help: ArgumentHelp("Built-in scenario names or YAML files (default: all built-in).", valueName: "name-or-path"))
    var scenarios: [String] = []

    @Option(help: ArgumentHelp("Fail when any measure is below this percentage.", valueName: "percent"))
    var minimum: Double?

    func validate() throws {
      if let minimum, !(0...100).contains(minimum) {
        throw ValidationError("--minimum is a percentage from 0 to 100, not \(minimum).")
      }
    }

    func run() async throws {
      let names = scenarios.isEmpty ? BundledScenarios.names : scenarios
      var coverage = Coverage()
      for name in names { await coverage.run(try loadScenario(name)) }
      try emit(coverage.report(), terminator: "")
      if let minimum {
        let low = coverage.lines.filter { $0.percent < minimum }
        if !low.isEmpty {
          printError(
            "Below \(minimum)%: "
              + low.map { "\($0.name) \(String(format: "%.1f", $0.percent))%" }.joined(separator: ", "))
          throw ExitCode.failure
        }
      }
    }
  }
}
