import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios

/// The header of a transcript: `# KEY: VALUE` lines at the top of the file that say what it was recorded from, so
/// the file can be checked wherever it is.
///
/// ```text
/// # scenario: ../family-admin.yaml
/// # journey: calendar
/// ╭─ The Johnsons ─── …
/// ```
///
/// `scenario` is a built-in scenario's name or a path relative to the transcript's folder; `journey` (only in a
/// journey's transcript) names the journey whose steps are the inputs. No output line can be read as a header line:
/// an output line that starts with `#` is written with a `\` before it (see ``Transcript``). A transcript without a
/// header is still valid where its folder says its scenario (`DIR/NAME/…transcript` beside `DIR/NAME.yaml`).
public struct TranscriptHeader: Equatable, Sendable {
  /// How the header names the scenario: a built-in name or a path relative to the transcript's folder.
  public var scenario: String?
  /// The journey whose steps the transcript replays; `nil` for a recording, replayed from its own input lines.
  public var journey: String?
  /// The header's line numbers (1-based) of each key, for diagnostics.
  var lines: [String: Int] = [:]
  /// How many bytes of the text the header takes, its last newline included.
  public var length = 0

  /// The keys a header line may have.
  public static let keys = ["scenario", "journey"]

  public init(scenario: String? = nil, journey: String? = nil) {
    self.scenario = scenario
    self.journey = journey
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.scenario == rhs.scenario && lhs.journey == rhs.journey
  }

  /// Whether the text had any header line.
  public var isEmpty: Bool { length == 0 }

  /// The header lines, each ending in a newline; empty when there is nothing to say, or when the scenario's
  /// reference holds a character that can't stand on one line.
  public var text: String {
    guard let scenario, !scenario.unicodeScalars.contains(where: Self.breaksLine) else { return "" }
    var text = "# scenario: \(scenario)\n"
    if let journey, !journey.unicodeScalars.contains(where: Self.breaksLine) { text += "# journey: \(journey)\n" }
    return text
  }

  private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  /// Reads the header at the top of `text` (every leading line that starts with `#`). An unknown key, a repeated
  /// one or an empty value is an error at its line and column of `file`.
  public static func parse(_ text: String, file: String) throws(ScenarioError) -> TranscriptHeader {
    var header = TranscriptHeader()
    var offset = 0
    var lineNumber = 0
    let bytes = text.utf8
    var problems: [Diagnostic] = []
    while offset < bytes.count {
      let start = bytes.index(bytes.startIndex, offsetBy: offset)
      guard bytes[start] == UInt8(ascii: "#") else { break }
      lineNumber += 1
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      let line = String(Substring(bytes[start..<end]))
      offset += bytes.distance(from: start, to: end) + (end == bytes.endIndex ? 0 : 1)
      let problem = { (column: Int, message: String) in
        problems.append(Diagnostic(file: file, line: lineNumber, column: column, message: message))
      }
      guard line.hasPrefix("# "), let colon = line.firstIndex(of: ":") else {
        problem(1, "a header line is '# scenario: NAME|PATH' or '# journey: NAME'; this one is neither")
        continue
      }
      let key = String(line[line.index(line.startIndex, offsetBy: 2)..<colon])
      let value = String(line[line.index(after: colon)...]).trimmingWhitespaceAndNewlineScalars
      guard keys.contains(key) else {
        problem(
          3,
          "unknown header key '\(key)'\(NameSuggestion.didYouMean(key, in: keys)); a header line is "
            + "'# scenario: NAME|PATH' or '# journey: NAME'")
        continue
      }
      guard header.lines[key] == nil else {
        problem(3, "the header says '\(key)' twice (first on line \(header.lines[key] ?? 0)); keep one")
        continue
      }
      guard !value.isEmpty else {
        problem(line.distance(from: line.startIndex, to: colon) + 2, "the header's '\(key)' has no value")
        continue
      }
      header.lines[key] = lineNumber
      if key == "scenario" { header.scenario = value } else { header.journey = value }
    }
    guard problems.isEmpty else { throw ScenarioError(diagnostics: problems) }
    header.length = offset
    return header
  }

  /// The text after the header at its top (all of it when there is none).
  public static func body(of text: String) -> Substring {
    var offset = text.utf8.startIndex
    let bytes = text.utf8
    while offset < bytes.endIndex, bytes[offset] == UInt8(ascii: "#") {
      guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return "" }
      offset = bytes.index(after: end)
    }
    return text[offset...]
  }

  /// How a transcript at `transcriptPath` names the scenario given as `nameOrPath` (a built-in name or a path, as
  /// on the command line): a name as it is, a path relative to the transcript's folder (absolute when the two share
  /// nothing but the root).
  public static func reference(to nameOrPath: String, fromTranscriptAt transcriptPath: String) -> String {
    guard ScenarioCatalog.isPath(nameOrPath) else { return nameOrPath }
    let folder = URL(fileURLWithPath: transcriptPath).deletingLastPathComponent().standardizedFileURL.pathComponents
    let target = URL(fileURLWithPath: nameOrPath).standardizedFileURL.pathComponents
    var common = 0
    while common < folder.count, common < target.count - 1, folder[common] == target[common] { common += 1 }
    // Nothing in common but the root: the absolute path says more than a climb to the root would.
    if common <= 1 { return URL(fileURLWithPath: nameOrPath).standardizedFileURL.path }
    let relative = Array(repeating: "..", count: folder.count - common) + target[common...]
    let path = relative.joined(separator: "/")
    return path.contains("/") ? path : "./" + path
  }

  /// The scenario a header's `reference` names, for the transcript at `transcriptPath`: a built-in by name, or a
  /// file by a path relative to the transcript's folder. Errors point at the header line.
  public func resolveScenario(transcriptPath: String) throws(ScenarioError) -> Scenario? {
    guard let scenario else { return nil }
    let resolved = Self.resolvedPath(scenario, transcriptPath: transcriptPath)
    do {
      return try ScenarioCatalog.resolve(resolved)
    } catch {
      let line = lines["scenario"] ?? 1
      if !ScenarioCatalog.isPath(scenario) {
        // An unknown built-in name: say so at the header line (the catalogue's message lists the names).
        throw ScenarioError(diagnostics: [
          Diagnostic(
            file: transcriptPath, line: line, column: 13,
            message: error.diagnostics.map(\.message).joined(separator: "; "))
        ])
      }
      var diagnostics = error.diagnostics
      if diagnostics.allSatisfy({ $0.line == 0 }) {
        diagnostics = [
          Diagnostic(
            file: transcriptPath, line: line, column: 13,
            message:
              "the header's scenario \(resolved) can't be loaded: "
              + diagnostics.map(\.message).joined(separator: "; ")
              + " (a path in the header is relative to the transcript's folder)")
        ]
      }
      throw ScenarioError(diagnostics: diagnostics)
    }
  }

  /// `reference` as a path to open: a name stays as it is; a relative path is taken from the transcript's folder.
  static func resolvedPath(_ reference: String, transcriptPath: String) -> String {
    guard ScenarioCatalog.isPath(reference), !reference.hasPrefix("/"),
      let slash = transcriptPath.lastIndex(of: "/")
    else { return reference }
    return transcriptPath[...slash] + reference
  }
}
