import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTranscripts

/// Steps through a journey for an audience: one key press a step, each input typed out as a person would, the
/// journey's notes shown before the step they come before, and with ``Pace-swift.enum/real`` simulated latency
/// waited out in real time behind a spinner.
///
/// What it reads and writes is injected (``Console``), so tests drive it instantly; ``TerminalKeys`` is the
/// terminal's, ``Console/lines(_:write:sleep:)`` a pipe's.
public struct Presenter {
  /// A key the presenter pressed.
  public enum Key: Equatable, Sendable {
    /// Enter, space, `n` or an arrow: the next step (while typing or waiting: hurry up).
    case next
    /// Ctrl-C, Ctrl-D, `q` or Esc: stop here.
    case stop
  }

  /// How simulated latency plays.
  public enum Pace: String, CaseIterable, Sendable {
    /// At once, as everywhere else.
    case instant
    /// In real time, behind a spinner at a terminal.
    case real
  }

  /// How a presentation ended.
  public enum Outcome: Equatable, Sendable {
    /// Every step was shown; the `:expect` steps that did not hold.
    case finished(failures: [String])
    /// The presenter stopped at step `step` (1-based; 0 is the launch) of `of`, before its screen was shown.
    case stopped(step: Int, of: Int)
  }

  /// Where keys come from and text goes.
  public struct Console {
    /// Waits for the next key; `nil` when input has ended (the rest then plays without waiting).
    public var nextKey: () -> Key?
    /// Waits for `duration`, or until a key comes: returns that key, `nil` when the time was up.
    public var pause: (Duration) -> Key?
    public var write: (String) throws -> Void

    public init(
      nextKey: @escaping () -> Key?, pause: @escaping (Duration) -> Key?, write: @escaping (String) throws -> Void
    ) {
      self.nextKey = nextKey
      self.pause = pause
      self.write = write
    }

    /// Input that is not a terminal: each line is a key press (`q` stops, anything else is the next step).
    public static func lines(
      _ readLine: @escaping () -> String?, write: @escaping (String) throws -> Void,
      sleep: @escaping (Duration) -> Void
    ) -> Console {
      Console(
        nextKey: {
          guard let line = readLine() else { return nil }
          return ["q", "quit", ":quit"].contains(line.trimmingWhitespaceScalars.lowercased()) ? .stop : .next
        },
        pause: { duration in
          sleep(duration)
          return nil
        }, write: write)
    }
  }

  public var scenario: Scenario
  public var journey: Journey
  public var console: Console
  public var style: TextStyle
  /// How screens are drawn (the terminal's width at a terminal).
  public var renderer: TextRenderer
  /// The pause after each typed character; `.zero` types each input at once.
  public var typingDelay: Duration
  public var pace: Pace
  /// Whether to draw the spinner: only at a terminal, never in a pipe or a file.
  public var animates: Bool
  /// The longest real wait for one step's latency.
  public var longestWait: Duration = .seconds(10)

  /// Called with each step once it is shown, the launch first: `present --record` appends them to a transcript, so a
  /// recording holds what the audience saw, up to where the presentation stopped.
  public var shown: (Step) throws -> Void = { _ in }

  static let spinnerFrames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
  static let spinnerInterval = Duration.milliseconds(80)

  public init(
    scenario: Scenario, journey: Journey, console: Console, style: TextStyle, renderer: TextRenderer? = nil,
    typingDelay: Duration = .zero, pace: Pace = .instant, animates: Bool = false
  ) {
    self.scenario = scenario
    self.journey = journey
    self.console = console
    self.style = style
    self.renderer = renderer ?? TextRenderer(style: style)
    self.typingDelay = typingDelay
    self.pace = pace
    self.animates = animates
  }

  private struct Stopped: Error {}

  /// Plays the journey. Throws when the output can't be written.
  public func run() async throws -> Outcome {
    let simulator = Simulator(scenario: scenario)
    let count = journey.steps.count
    try console.write(
      style.apply(
        .dim,
        "Presenting \(journey.name) (\(scenario.name)): \(count) step\(count == 1 ? "" : "s") · "
          + "Enter or space: next · q or Ctrl-C: stop") + "\n")
    var failures: [String] = []
    var waiting = true
    // The step being shown (1-based); 0 is the launch.
    var position = 0
    do {
      try await show(await simulator.start())
      for (index, input) in journey.steps.enumerated() {
        position = index + 1
        try showNotes(before: index)
        try console.write(style.apply(.bold, simulator.prompt))
        if waiting {
          switch console.nextKey() {
          case .stop: throw Stopped()
          case .next: break
          case nil: waiting = false
          }
        }
        try type(input)
        let step = await simulator.handle(input)
        if let failed = step.failedExpectation { failures.append(failed) }
        try await show(step)
        if step.quit { break }
      }
    } catch is Stopped {
      try console.write("\n" + style.apply(.dim, "Stopped at step \(position) of \(count).") + "\n")
      return .stopped(step: position, of: count)
    }
    try showNotes(before: count)
    try console.write(style.apply(.dim, "End of \(journey.name).") + "\n")
    return .finished(failures: failures)
  }

  private func showNotes(before index: Int) throws {
    for note in journey.notes(before: index) {
      let lines = note.split(separator: "\n", omittingEmptySubsequences: false).map { TextRenderer.clean(String($0)) }
      try console.write(style.apply(.note, "✎ " + lines.joined(separator: "\n  ")) + "\n")
    }
  }

  /// Types `input` a character at a time; a key while typing finishes the line at once, or stops.
  private func type(_ input: String) throws {
    var hurried = typingDelay == .zero
    for character in input {
      try console.write(String(character))
      guard !hurried else { continue }
      switch console.pause(typingDelay) {
      case .stop: throw Stopped()
      case .next: hurried = true
      case nil: break
      }
    }
    try console.write("\n")
  }

  /// The step's output; with `pace` real, its latency first takes real time, behind a spinner at a terminal.
  private func show(_ step: Step) async throws {
    if pace == .real, step.latency > 0 {
      let total = min(Duration.milliseconds(Int64((step.latency * 1000).rounded())), longestWait)
      var waited = Duration.zero
      var frame = 0
      while waited < total {
        let interval = animates ? min(Self.spinnerInterval, total - waited) : total - waited
        if animates {
          let seconds =
            Double((total - waited).components.seconds)
            + Double((total - waited).components.attoseconds) / 1e18
          try console.write(
            "\r" + style.apply(.dim, "\(Self.spinnerFrames[frame % Self.spinnerFrames.count]) Loading… ")
              + style.apply(.dim, String(format: "%.1fs", seconds)) + "\u{1B}[K")
        }
        let key = console.pause(interval)
        waited += interval
        frame += 1
        if key == .stop {
          if animates { try console.write("\r\u{1B}[K") }
          throw Stopped()
        }
        // Enter while waiting: skip the rest of the wait.
        if key == .next { break }
      }
      if animates { try console.write("\r\u{1B}[K") }
    }
    let text = step.text(renderer: renderer)
    if !text.isEmpty { try console.write(text + "\n") }
    try shown(step)
  }
}
