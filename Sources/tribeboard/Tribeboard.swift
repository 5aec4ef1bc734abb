import ArgumentParser
import Foundation
import TribeBoardScenarios

@main
struct Tribeboard: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tribeboard",
    abstract: "Walk TribeBoard's app flows against mock services driven by YAML scenarios.",
    discussion: """
      With no subcommand, opens the REPL on the built-in '\(BundledScenarios.defaultName)' scenario.

      Exit codes: 0 success, 1 a check or expectation failed, 64 bad usage, 65 a bad scenario file.
      """,
    version: "0.1.0",
    subcommands: [Repl.self, Play.self, Check.self, List.self, Roles.self],
    defaultSubcommand: Repl.self
  )
}

/// Exit code for a scenario file that can't be used (sysexits' EX_DATAERR).
let badScenarioExit = ExitCode(65)

/// Prints to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints `message` as a usage error and gives the exit code for bad usage (64). For problems found in `run()`,
/// where a `ValidationError` would print the root command's usage instead of the subcommand's.
func usageError(_ message: String) -> ExitCode {
  printError("Error: \(message)")
  return ExitCode.validationFailure
}

/// Loads a built-in scenario by name or a scenario file by path; a bad one prints its diagnostics and exits 65.
func loadScenario(_ nameOrPath: String) throws -> Scenario {
  do {
    return try ScenarioCatalog.resolve(nameOrPath)
  } catch {
    printError(error.description)
    throw badScenarioExit
  }
}
