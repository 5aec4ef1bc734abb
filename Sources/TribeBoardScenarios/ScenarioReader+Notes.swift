extension ScenarioReader {
  /// A `note: TEXT` step: what a presenter says at this point of a journey. It is not input: `play` and `check`
  /// skip it; `present` and the storyboard show it before the step that follows it.
  ///
  /// Returns `nil` when `node` is not a note (any other step), `.some(nil)` for a note that is not valid
  /// (reported), and the note's text otherwise.
  mutating func readNote(_ node: Node) -> String?? {
    guard case .mapping(let mapping) = node, mapping.contains(where: { $0.0.scalar?.string == "note" }) else {
      return nil
    }
    var text: String?
    var valid = true
    for (key, value) in mapping {
      if key.scalar?.string == "note" {
        text = reader.text(value, key: "note")?.value
      } else {
        reader.report("a note step has only the key 'note': write 'note: TEXT' alone as a list item", at: key)
        valid = false
      }
    }
    return .some(valid ? text : nil)
  }
}
