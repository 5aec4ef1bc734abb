import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive loop: shows the screen, reads a line, hands it to the ``Simulator``, until `:quit` or end of input.
public struct REPL {
  public let simulator: Simulator
  public var style: TextStyle
  /// Where to keep a transcript of the session; rewritten atomically after every step, so nothing is lost.
  public var recordURL: URL?
  /// Whether to print a prompt (only when a person is typing).
  public var showsPrompt: Bool
  let readLine: () -> String?
  let write: (String) -> Void

  public init(
    simulator: Simulator, style: TextStyle, recordURL: URL? = nil, showsPrompt: Bool,
    readLine: @escaping () -> String? = { Swift.readLine(strippingNewline: true) },
    write: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
  ) {
    self.simulator = simulator
    self.style = style
    self.recordURL = recordURL
    self.showsPrompt = showsPrompt
    self.readLine = readLine
    self.write = write
  }

  /// Runs until `:quit` or end of input and returns the `:expect` checks that failed.
  /// Throws only if the recording can't be written.
  @discardableResult
  public func run() async throws -> [String] {
    var steps = [await simulator.start()]
    var failures: [String] = []
    write(
      style.apply(
        .dim, "TribeBoard simulator · scenario \(simulator.scenario.name) · :help for commands, :quit to leave")
        + "\n")
    write(steps[0].text(style: style) + "\n")
    try record(steps)
    while true {
      if showsPrompt { write(style.apply(.bold, simulator.prompt)) }
      guard let line = readLine() else {
        if showsPrompt { write("\n") }
        break
      }
      let step = await simulator.handle(line)
      if step.quit { break }
      steps.append(step)
      if let failed = step.failedExpectation { failures.append(failed) }
      let text = step.text(style: style)
      if !text.isEmpty { write(text + "\n") }
      try record(steps)
    }
    write("Bye.\n")
    return failures
  }

  private func record(_ steps: [Step]) throws {
    guard let recordURL else { return }
    try Data(Transcript.format(steps).utf8).write(to: recordURL, options: .atomic)
  }

  /// Ends the process cleanly on Ctrl-C: the recording is already on disk after every step.
  public static func endOnInterrupt() {
    signal(SIGINT) { _ in sayByeAndExit() }
  }
}

/// Async-signal-safe: only `write` and `_exit`.
private func sayByeAndExit() -> Never {
  let bye: StaticString = "\nBye.\n"
  _ = write(STDOUT_FILENO, bye.utf8Start, bye.utf8CodeUnitCount)
  _exit(0)
}
