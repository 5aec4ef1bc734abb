import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios

/// A transcript: what a session showed. Input lines start with `> `; every other line is output.
///
/// Every input and every output round-trips: an input holding a control character (a CR, a tab, a line break from
/// a journey step) is written on an escaped input line, `>\ ` then the input with `\\`, `\t`, `\r`, `\n` and
/// `\u{HEX}` escapes; an output line that starts with `>`, `\` or `#` is written with a `\` before it, so no output
/// reads as input or as the header (``TranscriptHeader``) a transcript file starts with.
public enum Transcript {
  /// The marker that starts an input line.
  public static let inputMarker = "> "
  /// The marker that starts an input line written with backslash escapes.
  public static let escapedInputMarker = ">\\ "

  /// Runs `inputs` on a fresh simulator of `scenario` and returns the transcript and any failed expectations.
  /// A `:quit` ends the run early, as it would end a live session.
  public static func run(_ scenario: Scenario, inputs: [String]) async -> (text: String, failures: [String]) {
    let steps = await steps(scenario, inputs: inputs)
    return (format(steps), steps.compactMap(\.failedExpectation))
  }

  /// Runs `journey` of `scenario` (or a recorded transcript's `inputs`, read from `file`, when `journey` is `nil`)
  /// and returns the transcript and the failed expectations, each naming its file, line, journey and step.
  /// Each phone reaches its services through `transport`.
  public static func run(
    _ scenario: Scenario, journey: Journey?, inputs: [String], file: String, transport: ServiceTransport = .inProcess
  ) async -> (text: String, failures: [ExpectationFailure]) {
    let steps = await steps(scenario, inputs: inputs, on: Simulator(scenario: scenario, transport: transport))
    return (format(steps), ExpectationFailure.failures(in: steps, journey: journey, file: file))
  }

  /// The steps of running `inputs` on a fresh simulator of `scenario`: the launch, then one a line, stopping at a
  /// `:quit`, which ends the run as it would end a live session.
  public static func steps(_ scenario: Scenario, inputs: [String]) async -> [Step] {
    await steps(scenario, inputs: inputs, on: Simulator(scenario: scenario))
  }

  /// ``steps(_:inputs:)`` on `simulator`, a fresh simulator of `scenario` that the caller keeps (`play` keeps the
  /// last one to the end of the process rather than free its world).
  public static func steps(_ scenario: Scenario, inputs: [String], on simulator: Simulator) async -> [Step] {
    var steps: [Step] = []
    await run(inputs, on: simulator) { steps.append($0) }
    return steps
  }

  /// Runs `inputs` on `simulator`, a fresh simulator, handing each step to `each` as it is taken (the launch first,
  /// then one a line, stopping at a `:quit`), so a long run is printed as it goes and no step outlives its turn.
  /// Nothing is written to files.
  public static func run(
    _ inputs: [String], on simulator: Simulator, each: (Step) throws -> Void
  ) async rethrows {
    simulator.writesFiles = false
    try each(await simulator.start())
    for input in inputs {
      let step = await simulator.handle(input)
      try each(step)
      if step.quit { break }
    }
  }

  /// The transcript text of `steps`, ending in a newline.
  public static func format(_ steps: [Step]) -> String {
    steps.map(format).joined(separator: "\n") + "\n"
  }

  /// One step: its input line, then its output, without a trailing newline.
  public static func format(_ step: Step) -> String {
    var bytes: [UInt8] = []
    write(step, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``format(_:)-(Step)``'s UTF-8 to `bytes`, never making it a `String` (`play` writes each step so).
  public static func write(_ step: Step, into bytes: inout [UInt8]) {
    if let input = step.input {
      bytes += inputLine(input).utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    let start = bytes.count
    step.write(renderer: TextRenderer(style: .plain), into: &bytes)
    if bytes.count == start {
      if step.input != nil { bytes.removeLast() }  // no output: the input line alone
    } else {
      escapeOutput(&bytes, from: start)
    }
  }

  /// The line that records `input`.
  public static func inputLine(_ input: String) -> String {
    guard input.unicodeScalars.contains(where: needsEscape) else {
      return inputMarker + input
    }
    var line = escapedInputMarker
    for scalar in input.unicodeScalars {
      switch scalar {
      case "\\": line += "\\\\"
      case "\t": line += "\\t"
      case "\r": line += "\\r"
      case "\n": line += "\\n"
      case _ where needsEscape(scalar): line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: line.unicodeScalars.append(scalar)
      }
    }
    return line
  }

  /// Puts a `\` before every line of the output that starts at `start` in `bytes` whose first byte is `>`, `\` or
  /// `#`, so no output line reads as input or as a header line. A line feed after a carriage return starts no line
  /// (CR LF is one character, and lines are split by characters).
  static func escapeOutput(_ bytes: inout [UInt8], from start: Int) {
    var index = start
    var atLineStart = true
    while index < bytes.count {
      if atLineStart && isMarker(bytes[index]) {
        bytes.insert(UInt8(ascii: "\\"), at: index)
        index += 1
      }
      guard let lineBreak = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return }
      atLineStart = lineBreak == start || bytes[lineBreak - 1] != UInt8(ascii: "\r")
      index = lineBreak + 1
    }
  }

  /// Whether an output line starting with `byte` needs a `\` before it: `>`, `\` or `#`.
  private static func isMarker(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "#")
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  /// The input lines of a transcript, in order, with escapes undone.
  public static func inputs(of text: String) -> [String] {
    // Split on the byte, not the Character: "\r\n" is one Character and would hide a line break.
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).compactMap { line in
      if line.starts(with: escapedInputMarker.utf8) {
        return unescape(Substring(line.dropFirst(escapedInputMarker.utf8.count)))
      }
      if line.starts(with: inputMarker.utf8) { return String(Substring(line.dropFirst(inputMarker.utf8.count))) }
      return nil
    }
  }

  private static func unescape(_ text: Substring) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let code = scalars.first else {
        result.append(scalar)
        continue
      }
      scalars.removeFirst()
      switch code {
      case "\\": result.append("\\")
      case "t": result.append("\t")
      case "r": result.append("\r")
      case "n": result.append("\n")
      case "u":
        if scalars.first == "{", let close = scalars.firstIndex(of: "}"),
          let value = UInt32(
            String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close])), radix: 16),
          let decoded = Unicode.Scalar(value)
        {
          result.append(decoded)
          scalars = scalars[scalars.index(after: close)...]
        } else {
          result.append(contentsOf: ["\\", "u"])
        }
      default:
        result.append(contentsOf: ["\\", code])
      }
    }
    return String(result)
  }
}

/// An `expect` step that did not hold: where it is written, in which journey, which step, and what was expected
/// against what was found.
public struct ExpectationFailure: Equatable, Sendable, CustomStringConvertible {
  /// The scenario file the journey is written in, or the transcript the inputs came from.
  public var file: String
  /// Where the step is written in ``file``, when known.
  public var location: Journey.Location?
  /// The journey's name; `nil` for a recorded transcript.
  public var journey: String?
  /// The step's number in the journey, from 1.
  public var step: Int
  /// The step as typed: `:expect screen=dashboard`.
  public var input: String
  /// What was not as expected: `screen is signIn, expected dashboard`.
  public var message: String

  /// `Scenarios/new-user.yaml:41:7: journey create-family, step 15: screen is signIn, expected dashboard`; a
  /// recorded transcript's step, which has no place in a scenario file, also shows the input.
  public var description: String {
    guard let location else { return "\(file): step \(step) (\(input)): \(message)" }
    let journey = journey.map { "journey \($0), " } ?? ""
    return "\(file):\(location): \(journey)step \(step): \(message)"
  }

  /// The failed expectations among `steps`, the run of `journey` (or of a recorded transcript's inputs, when
  /// `journey` is `nil`) written in `file`. `steps` starts with the launch, as ``Transcript/steps(_:inputs:)``
  /// gives them.
  public static func failures(in steps: [Step], journey: Journey?, file: String) -> [ExpectationFailure] {
    steps.enumerated().compactMap { index, step in ExpectationFailure(step, index: index, journey: journey, file: file)
    }
  }
}

extension ExpectationFailure {
  /// The failed expectation of `step`, the `index`th of such a run (0 is the launch), or `nil` when it holds.
  public init?(_ step: Step, index: Int, journey: Journey?, file: String) {
    guard let message = step.failedExpectation, index > 0 else { return nil }
    self.init(
      file: file, location: journey?.location(ofStep: index - 1), journey: journey?.name, step: index,
      input: step.input ?? "", message: message)
  }
}
