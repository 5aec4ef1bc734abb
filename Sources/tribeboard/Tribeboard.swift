import ArgumentParser
import Foundation
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
      subcommand or option is a usage error naming the closest one.

      Exit codes: 0 success, 1 a check or expectation failed, 64 bad usage, 65 a bad scenario file, \
      74 standard output closed or full, or a report file can't be written.
      """,
    version: "0.1.0",
    subcommands: [
      Repl.self, Play.self, Check.self, List.self, Roles.self, Graph.self, CoverageCommand.self, Explore.self,
      StoryboardCommand.self, Present.self, Serve.self, Lint.self, Schema.self,
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

  /// Guards the standard descriptors before anything runs (see ``StandardOutput/prepare()``).
  ///
  /// A bare `tribeboard` (no arguments at all) opens the REPL with its defaults straight away: there is nothing to
  /// parse, and building the parser (reflecting every command and option, checking for a completion-script request)
  /// is a sixth of the time to the first screen. Errors end the process as ArgumentParser's `main` ends it.
  static func main() async {
    StandardOutput.prepare()
    guard CommandLine.arguments.count > 1 else {
      OneThreadExecutor().run {
        do {
          try await Repl.session()
        } catch {
          exit(withError: error)
        }
      }
      return
    }
    // `tribeboard list` alone: the command takes no options or arguments, so there is nothing to parse either, and
    // building the parser was a third of its instructions (`CommandLineTests` checks its output both ways).
    if CommandLine.arguments.count == 2, CommandLine.arguments[1] == List.configuration.commandName {
      do {
        try List().run()
      } catch {
        exit(withError: error)
      }
      return
    }
    if let message = unknownSubcommand(in: Array(CommandLine.arguments.dropFirst())) {
      printError(message)
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    let command: ParsableCommand
    do {
      if let run = try withoutParsing(Array(CommandLine.arguments.dropFirst())) {
        OneThreadExecutor().run {
          do {
            try await run()
          } catch {
            exit(withError: error)
          }
        }
        return
      }
      // The synchronous parse: no option of this tool has an asynchronous completion, which is all the
      // asynchronous one adds (ArgumentParser's `main` calls that one).
      command = try parseAsRoot()
    } catch {
      exit(withError: error)
    }
    guard var asyncCommand = command as? AsyncParsableCommand else {
      var command = command
      do {
        try command.run()
      } catch {
        exit(withError: error)
      }
      return
    }
    // The server waits on its event loops' threads; every other command runs on this thread alone, as a bare
    // `tribeboard` does (see ``OneThreadExecutor``): no hop to a worker thread at each `await`, and nothing parks
    // the main thread in `dispatch_main`, so Valgrind can count a whole command's instructions.
    if asyncCommand is Serve {
      do {
        try await asyncCommand.run()
      } catch {
        exit(withError: error)
      }
      return
    }
    let box = CommandBox(asyncCommand)
    OneThreadExecutor().run {
      do {
        try await box.command.run()
      } catch {
        exit(withError: error)
      }
    }
  }

  /// What `play NAME` and `check [PATH…]` given nothing else do, their most common forms, with their options'
  /// defaults; `nil` for any other arguments, which the parser reads. Building the parser (a reflection of the
  /// commands and their options, each option's type looked up by name) was a third of `play`'s start-up on a small
  /// world (19 M of 59 M instructions), and even making the command's value looks its option names' type up at run
  /// time, as casting it to `AsyncParsableCommand` does: this makes neither. `CommandLineTests` checks both ways
  /// give the same output.
  static func withoutParsing(_ arguments: [String]) throws -> (@Sendable () async throws -> Void)? {
    guard let name = arguments.first, !arguments.contains(where: { $0.hasPrefix("-") }) else { return nil }
    let rest = Array(arguments.dropFirst())
    switch name {
    case Play.configuration.commandName where rest.count == 1:
      let play = Play.Run(scenario: rest[0])
      return { try await play() }
    case Check.configuration.commandName:
      let check = Check.Run(paths: rest)
      try check.validate()
      return { try await check() }
    default:
      return nil
    }
  }

  /// The usage error for a first argument that is neither an option nor a subcommand (with the closest name), or
  /// `nil`. The REPL, the default subcommand, takes no arguments, so without this the parser would only say
  /// "Unexpected argument" about a mistyped subcommand.
  static func unknownSubcommand(in arguments: [String]) -> String? {
    var rest = arguments[...]
    while let first = rest.first, first == "--max-scenario-size" || first.hasPrefix("--max-scenario-size=") {
      rest = rest.dropFirst(first.contains("=") ? 1 : 2)
    }
    guard var word = rest.first, !word.hasPrefix("-") else { return nil }
    let names = configuration.subcommands.map { $0._commandName }
    if word == "help" {
      // `help SUBCOMMAND`: the subcommand must be one (the parser would print the tool's help and exit 0).
      guard let topic = rest.dropFirst().first, !topic.hasPrefix("-") else { return nil }
      word = topic
    }
    guard !names.contains(word) else { return nil }
    let suggestion = NameSuggestion.closest(to: word, in: names).map { " Did you mean '\($0)'?" } ?? ""
    return """
      Error: Unknown subcommand '\(word)'.\(suggestion)
      Usage: tribeboard [<subcommand>] [<options>]
        Subcommands: \(names.joined(separator: ", ")).
        See 'tribeboard --help' for more information.
      """
  }
}

/// Carries a parsed command into the task that runs it; only that task uses it.
private final class CommandBox: @unchecked Sendable {
  var command: AsyncParsableCommand
  init(_ command: AsyncParsableCommand) { self.command = command }
}

/// What a command keeps to the end of the process, where the system takes the whole heap back at once: freeing a
/// world of 10,000 families object by object took a twentieth of `play`'s time.
enum KeptUntilExit {
  nonisolated(unsafe) private static var kept: [Any] = []
  nonisolated(unsafe) private static var last: Any?

  /// Keeps `value` to the end of the process.
  static func keep(_ value: Any) { kept.append(value) }

  /// Keeps `value` to the end of the process, or until the next call gives the one to keep instead (`nil` to free
  /// the last one before making the next).
  static func keepLast(_ value: Any?) { last = value }
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
