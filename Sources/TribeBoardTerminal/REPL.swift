import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardTranscripts

/// The interactive loop: shows the screen, reads a line, hands it to the ``Simulator``, until `:quit` or end of input.
///
/// Memory stays flat however long the session: steps are not kept; a recording goes straight to its file
/// (``TranscriptRecorder``), each step written before it is shown, so the file holds every step that was shown.
public struct REPL {
  /// Why a session ended early.
  public enum Failure: Error, CustomStringConvertible {
    /// Standard output is closed or full: nobody can see the session any more.
    case outputClosed(StandardOutput.Closed)
    /// The recording could not be created or written; it holds the steps before this one.
    case recording(path: String, AtomicFile.Failure)

    public var description: String {
      switch self {
      case .outputClosed(let closed): closed.description
      case .recording(let path, let failure): "could not write the recording \(path): \(failure)"
      }
    }
  }

  /// The longest input line taken, in bytes; a longer one is refused with a message.
  public static let maximumLineLength = 8192

  public let simulator: Simulator
  public var style: TextStyle
  /// Where to keep a transcript of the session; each step is appended before it is shown.
  public var recordURL: URL?
  /// Whether to print a prompt (only when a person is typing).
  public var showsPrompt: Bool
  /// Line editing, history and completion for a person at a terminal; plain lines otherwise.
  public var lineEditor: LineEditor?
  /// How screens are drawn: the terminal's width, or no frame. Recordings keep the fixed width whatever this is.
  public var renderer: TextRenderer?
  /// Whether each screen is announced as a screen reader would (``ScreenReaderRenderer``) instead of drawn.
  public var screenReader = false
  /// How the recording's header names the scenario (``TranscriptHeader``): a built-in name, or a path relative to
  /// the recording's folder; `nil` writes no header.
  public var scenarioReference: String?
  /// A journey step to start from (`JOURNEY` or `JOURNEY@STEP`), as `:go` would; a recording starts with that `:go`.
  public var startingPoint: String?
  let readLine: () -> String?
  let write: (String) throws -> Void

  public init(
    simulator: Simulator, style: TextStyle, recordURL: URL? = nil, showsPrompt: Bool,
    readLine: @escaping () -> String? = REPL.standardInputLines(),
    write: @escaping (String) throws -> Void = { try StandardOutput.write($0) }
  ) {
    self.simulator = simulator
    self.style = style
    self.recordURL = recordURL
    self.showsPrompt = showsPrompt
    self.readLine = readLine
    self.write = write
  }

  /// Lines of standard input, in bounded memory (see ``LineReader``).
  public static func standardInputLines() -> () -> String? {
    let reader = LineReader(maximumLength: maximumLineLength)
    return { reader.next() }
  }

  /// Runs until `:quit` or end of input and returns the `:expect` checks that failed.
  /// Throws when the output or the recording can't be written; the recording then holds every step shown.
  @discardableResult
  public func run() async throws(Failure) -> [String] {
    var failures: [String] = []
    let first = await simulator.start()
    var recorder: TranscriptRecorder?
    if let recordURL {
      do {
        recorder = try TranscriptRecorder(
          path: recordURL.path, header: TranscriptHeader(scenario: scenarioReference).text, first: first)
      } catch {
        throw .recording(path: recordURL.path, error)
      }
    }
    defer { recorder?.close() }
    var opening = first
    if let startingPoint {
      opening = await simulator.handle(":go \(startingPoint)")
      do {
        try recorder?.append(opening)
      } catch {
        throw .recording(path: recorder?.path ?? "", error)
      }
    }
    try show(
      style.apply(
        .dim, "TribeBoard simulator · scenario \(simulator.scenario.name) · :help for commands, :quit to leave")
        + "\n" + text(of: opening) + "\n")
    session: while true {
      let line: String
      if let lineEditor {
        switch lineEditor.read(prompt: simulator.prompt, completions: simulator.completions()) {
        case .line(let typed):
          line = typed
        case .interrupted:
          // Ctrl-C drops the line being typed; the session goes on.
          try show("\n")
          continue session
        case .end:
          try show("\n")
          break session
        }
      } else {
        if showsPrompt {
          let prompt = style.apply(.bold, simulator.prompt)
          // Typed at a terminal: Ctrl-C drops the line, as with the line editor, and the prompt shows again.
          PendingFile.dropLineOnInterrupt(prompt: prompt)
          try show(prompt)
        }
        guard let typed = readLine() else {
          if showsPrompt { try show("\n") }
          break session
        }
        line = typed
      }
      guard line.utf8.count <= Self.maximumLineLength else {
        try show(
          style.apply(.error, "? That line is longer than \(Self.maximumLineLength) bytes; it was ignored.") + "\n")
        continue
      }
      let step = await simulator.handle(line)
      if step.quit { break session }
      if let failed = step.failedExpectation { failures.append("✗ expectation failed: \(failed)") }
      do {
        try recorder?.append(step)
      } catch {
        throw .recording(path: recorder?.path ?? "", error)
      }
      let text = text(of: step)
      if !text.isEmpty { try show(text + "\n") }
    }
    try show("Bye.\n")
    return failures
  }

  /// What a step shows: the screen drawn, or announced for a screen reader.
  private func text(of step: Step) -> String {
    screenReader ? ScreenReaderRenderer.render(step) : step.text(renderer: renderer ?? TextRenderer(style: style))
  }

  private func show(_ text: String) throws(Failure) {
    do {
      try write(text)
    } catch let closed as StandardOutput.Closed {
      throw .outputClosed(closed)
    } catch {
      throw .outputClosed(StandardOutput.Closed(reason: "\(error)"))
    }
  }

  /// Ends the process cleanly on Ctrl-C (the recording already holds every step shown), and removes any
  /// temporary file a write left on SIGINT, SIGTERM or SIGHUP.
  public static func endOnInterrupt() {
    PendingFile.installHandlers(sayingBye: true)
  }
}
