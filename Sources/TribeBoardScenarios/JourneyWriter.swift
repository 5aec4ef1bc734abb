/// Writes journeys as YAML: a scenario file's text with its `journeys` section replaced, so generated input paths
/// (from `tribeboard explore --emit-journeys`) become a scenario `tribeboard check --update` records transcripts for.
///
/// Everything else in the file (comments, layout, the world) is kept byte for byte; only the top-level `journeys`
/// key and its value are taken out, and the new section is written at the end.
public enum JourneyWriter {
  /// `text`, a scenario's YAML, with its journeys replaced by `journeys`.
  ///
  /// - Parameter source: the file the text came from, for diagnostics.
  /// - Throws: ``ScenarioError`` when the text is not a scenario written in block style (a top-level mapping whose
  ///   keys start their lines), or when the result would not load: a journey name that is not an identifier, or
  ///   a journey without steps.
  public static func scenario(
    _ text: String, source: String, replacingJourneysWith journeys: [Journey]
  ) throws(ScenarioError) -> String {
    let limits = try ScenarioLoader.resolved(nil)
    var copy = text
    let composed = copy.withUTF8 { bytes in
      Result { () throws(ScenarioError) in try ScenarioLoader.compose(bytes, source: source, limits: limits) }
    }
    guard case .mapping(let root) = try composed.get() else {
      throw failure(source, at: .start, "the scenario must be a mapping of keys such as 'name' and 'accounts'")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let keys = root.map(\.key)
    if let index = keys.firstIndex(where: { $0.string == "journeys" }) {
      let start = keys[index].position
      guard start.column == 1 else {
        throw failure(
          source, at: start, "'journeys' must start its line to be replaced; write the scenario in block style")
      }
      var end = lines.count + 1
      if index + 1 < keys.count {
        let next = keys[index + 1].position
        guard next.line > start.line else {
          throw failure(source, at: next, "the key after 'journeys' must start a new line to replace 'journeys'")
        }
        end = next.line
        // Comments and blank lines just above the next key belong to it.
        while end - 1 > start.line, lines[end - 2].isEmpty || lines[end - 2].hasPrefix("#") { end -= 1 }
      }
      lines.removeSubrange((start.line - 1)..<min(end - 1, lines.count))
    }
    for journey in journeys {
      guard NodeReader.isIdentifier(journey.name) else {
        throw failure(source, at: .start, "journey name \(NodeReader.quoted(journey.name)) is not an identifier")
      }
      guard !journey.steps.isEmpty else {
        throw failure(source, at: .start, "journey '\(journey.name)' has no steps")
      }
    }
    var result = lines.joined(separator: "\n") + "\n"
    if !journeys.isEmpty { result += yaml(journeys) }
    return result
  }

  /// A top-level `journeys:` section holding `journeys`, each step on its own line.
  public static func yaml(_ journeys: [Journey]) -> String {
    var text = "journeys:\n"
    for journey in journeys {
      text += "  \(journey.name):\n"
      for step in journey.steps { text += "    - \(scalar(step))\n" }
    }
    return text
  }

  /// `text` as a YAML scalar: plain when that reads back as the same string, else double-quoted.
  static func scalar(_ text: String) -> String {
    isPlainSafe(text) ? text : ScenarioWriter.quoted(text)
  }

  private static func isPlainSafe(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
    guard first != " ", last != " ", !text.contains(": "), !text.contains(" #"), !text.hasSuffix(":") else {
      return false
    }
    let indicators: Set<Unicode.Scalar> = [
      "-", "?", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]
    if indicators.contains(first) { return false }
    if first == ":" {
      let scalars = Array(text.unicodeScalars)
      guard scalars.count > 1, scalars[1].properties.isAlphabetic else { return false }
    }
    // Words YAML would read as something other than a string.
    let lowered = text.lowercased()
    if ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"].contains(lowered) { return false }
    if Double(text) != nil || Int(text) != nil { return false }
    return text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
  }

  private static func failure(_ source: String, at position: Position, _ message: String) -> ScenarioError {
    ScenarioError(
      diagnostics: [Diagnostic(file: source, line: position.line, column: position.column, message: message)])
  }
}
