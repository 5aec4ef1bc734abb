import ArgumentParser
import Foundation
import TribeBoardBrowser
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

@main
struct Tribeboard: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tribeboard",
    abstract: "Walk TribeBoard's app flows against mock services driven by YAML scenarios.",
    discussion: """
      With no subcommand, opens the REPL on the built-in '\(BundledScenarios.defaultName)' scenario. A mistyped \
      option is a usage error naming the closest one.

      Exit codes: 0 success, 1 a check or expectation failed, 64 bad usage, 65 a bad scenario file, \
      74 standard output closed or full, or a report file can't be written.
      """,
    version: "0.1.0",
    subcommands: [
      Repl.self, Play.self, Check.self, List.self, Roles.self, Graph.self, CoverageCommand.self, Explore.self,
      StoryboardCommand.self, GalleryCommand.self, Present.self, Serve.self, Lint.self, Schema.self,
    ],
    defaultSubcommand: Repl.self
  )

  @Option(
    help: ArgumentHelp(
      "The largest scenario file to load (such as 200M or 1G; default 64M), for any subcommand.",
      discussion: "Sets \(ScenarioLimits.environmentVariable), which the loader reads.", valueName: "size"))
  var maxScenarioSize: String?

  func validate() throws {
    guard let maxScenarioSize else { return }
    guard ScenarioLimits.size(maxScenarioSize) != nil else {
      throw ValidationError(
        "'\(maxScenarioSize)' is not a size: write bytes, or a number with K, M or G (such as 200M)")
    }
    setenv(ScenarioLimits.environmentVariable, maxScenarioSize, 1)
  }

  /// Guards the standard descriptors (see ``StandardOutput/prepare()``), then parses and runs the command with
  /// ArgumentParser's `main`, its jobs on this thread (see ``OneThreadExecutor``).
  static func main() async {
    StandardOutput.prepare()
    if let message = unknownHelpTopic(Array(CommandLine.arguments.dropFirst())) {
      printError(message)
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    // A recording of the page keeps API clients' calls as `:api` lines, which replay through the server's routes.
    BrowserServer.installAPIRoutes()
    OneThreadExecutor().run { await main(nil) }
  }

  /// `help NAME` for a name that is no subcommand: ArgumentParser would show the tool's help and exit 0, so a typo
  /// would look like success.
  static func unknownHelpTopic(_ arguments: [String]) -> String? {
    guard arguments.first == "help", let topic = arguments.dropFirst().first, !topic.hasPrefix("-") else { return nil }
    let names = configuration.subcommands.map { $0._commandName }
    guard !names.contains(topic) else { return nil }
    let suggestion = NameSuggestion.closest(to: topic, in: names).map { " Did you mean '\($0)'?" } ?? ""
    return "Error: Unknown subcommand '\(topic)'.\(suggestion)"
  }
}

/// Exit code when standard output is closed or full (sysexits' EX_IOERR).
let outputClosedExit = ExitCode(74)

/// Prints to standard output; when it is closed or full, says so once on standard error and ends with exit 74.
func emit(_ text: String, terminator: String = "\n") throws {
  try reportingClosedOutput { () throws(StandardOutput.Closed) in try StandardOutput.write(text + terminator) }
}

/// Runs `write`; when standard output is closed or full, says so once on standard error and ends with exit 74.
private func reportingClosedOutput(_ write: () throws(StandardOutput.Closed) -> Void) throws {
  do {
    try write()
  } catch {
    if !error.isBrokenPipe { printError("tribeboard: \(error); stopping.") }
    throw outputClosedExit
  }
}

/// Standard output written in blocks of about 64 KB: a long run in a few large writes rather than one a line or
/// one string of everything at the end. Call ``flush()`` at the end; errors are handled as ``emit(_:terminator:)``
/// handles them.
struct BufferedOutput {
  private var pending: [UInt8] = []

  mutating func append(_ text: String) throws {
    try write { $0 += text.utf8 }
  }

  /// Appends what `body` writes, as UTF-8 bytes (a transcript's step, written without making a `String` of it).
  mutating func write(_ body: (inout [UInt8]) -> Void) throws {
    body(&pending)
    if pending.count >= 1 << 16 { try flush() }
  }

  mutating func flush() throws {
    guard !pending.isEmpty else { return }
    try reportingClosedOutput { [pending] () throws(StandardOutput.Closed) in try StandardOutput.write(pending) }
    pending.removeAll(keepingCapacity: true)
  }
}

/// Exit code for a scenario file that can't be used (sysexits' EX_DATAERR).
let badScenarioExit = ExitCode(65)

/// Prints to standard error.
func printError(_ text: String) {
  StandardOutput.writeError(text + "\n")
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
