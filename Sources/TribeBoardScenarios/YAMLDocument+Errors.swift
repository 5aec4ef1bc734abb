import Yams

extension YAMLDocument {
  /// A diagnostic for an error Yams threw while composing `text`, worded for a scenario's author.
  ///
  /// `placeholder` is the character that stood for `*` in a neutralized text, written back as `*`.
  static func diagnostic(
    for error: any Error, text: String, file: String, placeholder: Unicode.Scalar? = nil
  ) -> Diagnostic {
    func restored(_ string: String) -> String {
      guard let placeholder else { return string }
      return String(String.UnicodeScalarView(string.unicodeScalars.map { $0 == placeholder ? "*" : $0 }))
    }
    func at(_ position: Position, _ message: String) -> Diagnostic {
      Diagnostic(file: file, line: position.line, column: position.column, message: restored(message))
    }
    guard let error = error as? YamlError else {
      return at(.start, "could not read the YAML: \(error)")
    }
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let position = Position(line: mark.line, column: mark.column)
      return at(position, syntaxMessage(problem: problem, context: context, at: position, in: text))
    case .reader(let problem, let offset, let value, _):
      let position = offset.map { Position(characterOffset: $0, in: text) } ?? .start
      let character = value >= 0 ? " (U+\(String(value, radix: 16, uppercase: true)))" : ""
      return at(position, "the file holds a character YAML does not allow\(character): \(problem); remove it")
    case .duplicatedKeysInMapping(let duplicates, let context):
      let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
      return at(
        Position(line: context.mark.line, column: context.mark.column),
        "duplicate key \(keys) in this mapping; each key may appear only once, so remove or rename the repeats")
    case .dataCouldNotBeDecoded:
      return at(.start, "the file is not UTF-8 text")
    default:
      return at(.start, "could not read the YAML: \(error)")
    }
  }

  private static func syntaxMessage(
    problem: String, context: YamlError.Context?, at position: Position, in text: String
  ) -> String {
    let rest = restOfLine(at: position, in: text)
    switch problem {
    case "but found another document":
      return "a scenario file holds a single YAML document; remove this second one (and its '---' line)"
    case "found undefined alias":
      let name = rest.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
      return "the alias '*\(name)' names no anchor; define '&\(name)' on a node above it, or remove the alias"
    case let problem where problem.hasPrefix("Maximum nesting level reached"):
      return "the YAML is nested too deeply (libyaml stops at 1000 levels); scenario files need only a few levels"
    default:
      var message = "YAML syntax error: \(problem)"
      if let context {
        let start = Position(line: context.mark.line, column: context.mark.column)
        message += start == position ? " (\(context.text))" : " (\(context.text) that starts at \(start))"
      }
      if rest.first == "\t" {
        message += "; YAML does not allow tabs for indentation, use spaces"
      }
      return message
    }
  }

  /// The text of `position`'s line from its column on.
  private static func restOfLine(at position: Position, in text: String) -> Substring {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropFirst(position.line - 1)
    guard let line = lines.popFirst() else { return "" }
    let scalars = line.unicodeScalars
    let start = scalars.index(scalars.startIndex, offsetBy: position.column - 1, limitedBy: scalars.endIndex)
    return start.map { Substring(scalars[$0...]) } ?? ""
  }
}
