import ArgumentParser
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Tribeboard {
  struct Repl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "repl",
      abstract: "Walk the app's flows interactively on a scenario.",
      discussion: """
        Each screen shows its content and numbered actions: type a number or the action's words \
        (e.g. 'sign in apple', 'name The Johnsons'). Simulator commands start with a colon: :help, :where, \
        :as, :clock, :fault, :offline, :online, :latency, :relaunch, :undo, :go, :reset, :scenario, :save, :expect, \
        :quit.

        :save FILE writes the world as it is now (people, families, every phone, the clock, armed faults) as a \
        scenario file; 'tribeboard repl --scenario FILE' reopens it on the same screen. An existing file is replaced \
        only with ':save FILE --force', as an existing transcript is replaced by --record only with --force.

        At a terminal, lines can be edited, the arrows recall earlier lines (kept, at most 500, in \
        $XDG_STATE_HOME/tribeboard/history or ~/.local/state/tribeboard/history), and Tab completes the actions' \
        words, the commands and their arguments. Ctrl-C drops the line being typed (with --plain-input too); Ctrl-D \
        or :quit end the session.
        """)

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "A built-in scenario name (see 'tribeboard list') or a path to a YAML file.", valueName: "name-or-path"))
    var scenario: String = BundledScenarios.defaultName

    @Option(
      help: ArgumentHelp(
        "Write the session to FILE as a transcript, each step appended before it is shown.",
        discussion: """
          The transcript starts with a header line naming the scenario (# scenario: NAME, or a path relative to \
          FILE's folder), so 'tribeboard check FILE' replays it wherever it is.
          """,
        valueName: "file"))
    var record: String?

    @Flag(help: "Let --record replace an existing transcript.")
    var force = false

    @Flag(help: "Read plain lines: no line editing, history or Tab completion.")
    var plainInput = false

    @Flag(help: "Draw no box around screens.")
    var plain = false

    @Flag(help: "Announce each screen as a screen reader would, instead of drawing it.")
    var screenReader = false

    @Option(
      help: ArgumentHelp(
        "Start at a step of one of the scenario's journeys (all of it without @STEP), as :go does.",
        valueName: "journey[@step]"))
    var from: String?

    func run() async throws {
      let loaded = try loadScenario(scenario)
      let recordURL = try record.map { try Self.checkedRecordURL($0, force: force) }
      REPL.endOnInterrupt()
      let interactive = isatty(STDIN_FILENO) == 1
      var repl = REPL(
        simulator: Simulator(scenario: loaded),
        style: screenReader ? .plain : .forStandardOutput(),
        recordURL: recordURL, showsPrompt: interactive)
      repl.screenReader = screenReader
      repl.scenarioReference = recordURL.map { TranscriptHeader.reference(to: scenario, fromTranscriptAt: $0.path) }
      if interactive || plain {
        repl.renderer = TextRenderer(
          style: repl.style, columns: interactive ? TextRenderer.terminalColumns() : nil, boxed: !plain)
      }
      if let from {
        let name = String(from.prefix { $0 != "@" })
        guard loaded.journey(named: name) != nil else {
          let names = loaded.journeys.map(\.name).joined(separator: ", ")
          throw usageError(
            "Scenario \(loaded.name) has no journey '\(name)'. Journeys: \(names.isEmpty ? "none" : names)")
        }
        repl.startingPoint = from
      }
      if interactive && !plainInput {
        repl.lineEditor = LineEditor.load(historyPath: LineEditor.defaultHistoryPath())
      }
      let failures: [String]
      do {
        failures = try await repl.run()
      } catch .outputClosed(let closed) {
        if !closed.isBrokenPipe { printError("tribeboard: \(closed); stopping.") }
        throw outputClosedExit
      } catch {
        printError("error: \(error)")
        throw ExitCode.failure
      }
      if let recordURL, interactive {
        printError("Transcript saved to \(recordURL.path).")
      }
      if !failures.isEmpty {
        printError(failures.joined(separator: "\n"))
        throw ExitCode.failure
      }
    }

    /// Where to record: a `.transcript` file in an existing folder. An existing file is only replaced with `force`
    /// (as `:save` replaces one only with `--force`: it may be a journey's golden transcript), and never if it is
    /// read-only or not a regular file (a FIFO would block).
    static func checkedRecordURL(_ path: String, force: Bool) throws -> URL {
      guard path.hasSuffix(".transcript") else {
        throw usageError("A recording is a transcript: give a file name ending in .transcript (got '\(path)').")
      }
      let url = URL(fileURLWithPath: path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw usageError("Can't record to \(path): it is a folder.")
      }
      let folder = url.deletingLastPathComponent().path
      guard FileManager.default.isWritableFile(atPath: folder) else {
        throw usageError("Can't record to \(path): the folder \(folder) is missing or not writable.")
      }
      do {
        try AtomicFile.checkReplaceable(path)
      } catch {
        throw usageError("Can't record to \(path): \(error).")
      }
      var status = stat()
      if !force, lstat(path, &status) == 0 {
        throw usageError(
          "\(path) already exists; nothing was recorded. To replace it, add --force (or record to another file).")
      }
      return url
    }
  }
}
