import ArgumentParser
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Tribeboard {
  struct Roles: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "roles",
      abstract: "Print the permission matrix: what each role may see and do in each module.",
      discussion: """
        With --observed, runs the journeys of the scenarios given (default: every built-in scenario) and prints,
        beside each declared mark, what each role really met: 'reached', 'refused' or '·' (never tried). A '⚠'
        marks a difference from the matrix, listed after the table; any difference fails (exit 1).
        """)

    @Flag(help: "Show what the journeys' roles really reached or were refused, beside the matrix.")
    var observed = false

    @Argument(help: ArgumentHelp("With --observed: built-in scenario names or YAML files.", valueName: "name-or-path"))
    var scenarios: [String] = []

    func validate() throws {
      if !observed && !scenarios.isEmpty {
        throw ValidationError("Scenarios are read only with --observed: tribeboard roles --observed \(scenarios[0])")
      }
    }

    func run() async throws {
      guard observed else {
        try emit(PermissionTable.markdown(), terminator: "")
        return
      }
      var coverage = Coverage()
      for name in scenarios.isEmpty ? BundledScenarios.names : scenarios {
        await coverage.run(try loadScenario(name))
      }
      let (table, differences) = coverage.observedMatrix()
      try emit(table, terminator: "")
      guard differences.isEmpty else {
        try emit("\nDifferences from the matrix:\n" + differences.map { "  ⚠ \($0)" }.joined(separator: "\n"))
        throw ExitCode.failure
      }
      try emit("\nNo role reached more, or was refused less, than the matrix says.")
    }
  }
}
