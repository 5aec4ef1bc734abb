import ArgumentParser
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Presenter.Pace: ExpressibleByArgument {}

extension Tribeboard {
  struct Present: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "present",
      abstract: "Step through a journey for an audience, one key press a step.",
      discussion: """
        Each step waits for Enter (or space, n, →), then types its input out as a person would and shows the \
        screen. The journey's notes ('note:' steps) appear before the step they come before. q, Esc or Ctrl-C \
        stops; pressing Enter while an input is typed finishes it at once.

        With --pace real, simulated latency (:latency, or 'latency:' in the scenario) takes real time behind a \
        spinner, at most 10 s a step; otherwise it passes at once.

        When standard input is not a terminal, each line read is a key press ('q' stops) and at the end of input \
        the rest plays without waiting; when standard output is not a terminal, inputs are not typed out and \
        nothing is animated.
        """)

    @Argument(help: ArgumentHelp("A built-in scenario name or a path to a YAML file.", valueName: "name-or-path"))
    var scenario: String

    @Argument(help: ArgumentHelp("The journey to present (see 'tribeboard list').", valueName: "journey"))
    var journey: String

    @Option(help: "instant: simulated latency passes at once; real: it takes real time, with a spinner.")
    var pace: Presenter.Pace = .instant

    @Option(
      help: ArgumentHelp(
        "Milliseconds between typed characters at a terminal (0 types each input at once).", valueName: "ms"))
    var typingDelay: Int = 45

    @Flag(help: "Draw no box around screens.")
    var plain = false

    @Option(
      help: ArgumentHelp(
        "Also record the steps shown as a transcript (a file ending in .transcript), which 'tribeboard check' "
          + "replays.", valueName: "file"))
    var record: String?

    @Flag(help: "Let --record replace an existing transcript.")
    var force = false

    func validate() throws {
      guard (0...2000).contains(typingDelay) else {
        throw ValidationError("--typing-delay must be between 0 and 2000 milliseconds, got \(typingDelay).")
      }
    }

    func run() async throws {
      let loaded = try loadScenario(scenario)
      let recordURL = try record.map { try Repl.checkedRecordURL($0, force: force) }
      guard let chosen = loaded.journey(named: journey) else {
        let names = loaded.journeys.map(\.name).joined(separator: ", ")
        throw usageError(
          "Scenario \(loaded.name) has no journey '\(journey)'. Journeys: \(names.isEmpty ? "none" : names)")
      }
      let toTerminal = isatty(STDOUT_FILENO) == 1
      let style = TextStyle.forStandardOutput()
      let write: (String) throws -> Void = { try StandardOutput.write($0) }
      let keys = TerminalKeys()
      defer { keys?.restore() }
      if keys == nil { PendingFile.installHandlers(sayingBye: false) }
      let console =
        keys?.console(write: write)
        ?? .lines(REPL.standardInputLines(), write: write, sleep: { Thread.sleep(forTimeInterval: $0.seconds) })
      var presenter = Presenter(
        scenario: loaded, journey: chosen, console: console, style: style,
        renderer: TextRenderer(
          style: style, columns: toTerminal ? TextRenderer.terminalColumns() : nil, boxed: !plain),
        typingDelay: toTerminal ? .milliseconds(typingDelay) : .zero, pace: pace, animates: toTerminal)
      var recorder: TranscriptRecorder?
      defer { recorder?.close() }
      if let recordURL {
        let header = TranscriptHeader(
          scenario: TranscriptHeader.reference(to: scenario, fromTranscriptAt: recordURL.path)
        ).text
        presenter.shown = { step in
          if let recorder { return try recorder.append(step) }
          recorder = try TranscriptRecorder(path: recordURL.path, header: header, first: step)
        }
      }
      let outcome: Presenter.Outcome
      do {
        outcome = try await presenter.run()
      } catch let failure as AtomicFile.Failure {
        keys?.restore()
        printError("tribeboard: the recording \(recordURL?.path ?? "") could not be written: \(failure); stopping.")
        throw ExitCode.failure
      } catch {
        keys?.restore()
        if (error as? StandardOutput.Closed)?.isBrokenPipe != true { printError("tribeboard: \(error); stopping.") }
        throw outputClosedExit
      }
      if case .finished(let failures) = outcome, !failures.isEmpty {
        keys?.restore()
        printError(failures.map { "\(chosen.name): \($0)" }.joined(separator: "\n"))
        throw ExitCode.failure
      }
    }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
