import TribeBoardScenarios

/// A transcript: what a session showed. Input lines start with `> `; every other line is output.
public enum Transcript {
  /// The marker that starts an input line.
  public static let inputMarker = "> "

  /// Runs `inputs` on a fresh simulator of `scenario` and returns the transcript and any failed expectations.
  /// A `:quit` ends the run early, as it would end a live session.
  public static func run(_ scenario: Scenario, inputs: [String]) async -> (text: String, failures: [String]) {
    let simulator = Simulator(scenario: scenario)
    var steps = [await simulator.start()]
    for input in inputs {
      let step = await simulator.handle(input)
      steps.append(step)
      if step.quit { break }
    }
    return (format(steps), steps.compactMap(\.failedExpectation))
  }

  /// The transcript text of `steps`, ending in a newline.
  public static func format(_ steps: [Step]) -> String {
    steps.map(format).joined(separator: "\n") + "\n"
  }

  /// One step: its input line, then its output, without a trailing newline.
  public static func format(_ step: Step) -> String {
    let output = step.text(style: .plain)
    guard let input = step.input else { return output }
    return output.isEmpty ? inputMarker + input : inputMarker + input + "\n" + output
  }

  /// The input lines of a transcript, in order.
  public static func inputs(of text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix(inputMarker) }
      .map { String($0.dropFirst(inputMarker.count)) }
  }
}
