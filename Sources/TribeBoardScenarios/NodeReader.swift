import Foundation
import TribeBoardCore

/// Reads typed values out of YAML nodes and records a diagnostic for each problem, so one pass over a file
/// reports as many problems as it can. Each reader returns `nil` after reporting a problem.
struct NodeReader {
  /// The file named in diagnostics.
  let file: String
  private var diagnostics: [Diagnostic] = []
  private var dropped = 0

  /// How many diagnostics a single load reports at most.
  static let diagnosticLimit = 100

  init(file: String) {
    self.file = file
  }

  var hasErrors: Bool { !diagnostics.isEmpty }

  // MARK: Diagnostics

  /// Records a problem. The message is only made when it is kept (the first ``diagnosticLimit``), so a file with
  /// thousands of bad references costs no more than one with a hundred.
  mutating func report(_ message: @autoclosure () -> String, at position: Position) {
    guard diagnostics.count < Self.diagnosticLimit else {
      dropped += 1
      return
    }
    diagnostics.append(Diagnostic(file: file, line: position.line, column: position.column, message: message()))
  }

  mutating func report(_ message: @autoclosure () -> String, at node: Node) {
    report(message(), at: node.position)
  }

  /// The diagnostics sorted by place (in the order found within a place), each reported once.
  func sortedDiagnostics() -> [Diagnostic] {
    var seen = Set<String>()
    var sorted = diagnostics.enumerated()
      .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
      .map(\.element)
      .filter { seen.insert($0.description).inserted }
    if dropped > 0, let last = sorted.last {
      sorted.append(
        Diagnostic(
          file: file, line: last.line, column: last.column,
          message: "too many errors; \(dropped) more not shown — fix these and load the file again"))
    }
    return sorted
  }

  // MARK: Describing what was found

  /// Whether `node` is YAML's null: nothing, `~` or `null`, unquoted.
  static func isNull(_ node: Node) -> Bool {
    guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
    return scalar.isNullLiteral
  }

  /// What a node is, for "found …": `a mapping`, `a list`, `nothing` or the quoted text.
  static func describe(_ node: Node) -> String {
    switch node {
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .scalar(let scalar):
      return isNull(node) ? "nothing" : quoted(scalar.string)
    }
  }

  /// `'text'`, shortened and on one line.
  static func quoted(_ text: String) -> String {
    let oneLine = text.replacingOccurrences(of: "\n", with: "\\n")
    return oneLine.count > 40 ? "'\(oneLine.prefix(40))…'" : "'\(oneLine)'"
  }

  // MARK: Structure

  /// Reads a mapping against `schema`: reports unknown keys (with a suggestion), keys that are not plain names,
  /// repeated keys and missing required keys. Returns `nil` only when `node` is not a mapping.
  mutating func object(_ node: Node, _ schema: YAMLObject.Schema, subject: String) -> YAMLObject? {
    guard case .mapping(let mapping) = node else {
      report(
        "\(subject) must be a mapping with the keys \(schema.keys.joined(separator: ", ")); "
          + "found \(Self.describe(node))", at: node)
      return nil
    }
    var object = YAMLObject(mapping, schema: schema)
    var present: UInt64 = 0
    let tree = mapping.tree
    let range = tree.records[mapping.index].range
    for pair in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
      let keyIndex = Int(tree.children[pair])
      let valueIndex = tree.children[pair + 1]
      guard tree.records[keyIndex].kind == .scalar else {
        report(
          "a key must be a plain name, found \(Self.describe(Node(tree, keyIndex)))",
          at: tree.records[keyIndex].position)
        continue
      }
      let key = Node.Scalar(tree: tree, index: keyIndex)
      guard let index = schema.index(of: key) else {
        let name = key.string
        let place = schema.place.map { " \($0)" } ?? ""
        report(
          "unknown key \(Self.quoted(name))\(place)"
            + (Suggestions.bestMatch(for: name, in: schema.keys).map { " (did you mean '\($0)'?)" }
              ?? "; the keys here are \(schema.keys.joined(separator: ", "))"),
          at: key.position)
        continue
      }
      present |= 1 << UInt64(index & 63)
      let value = tree.records[Int(valueIndex)]
      if value.kind == .scalar, value.style == .plain || value.style == .any,
        Node.Scalar(tree: tree, index: Int(valueIndex)).isNullLiteral
      {
        if let hint = schema.required.first(where: { $0.key == schema.keys[index] })?.hint {
          report("'\(schema.keys[index])' needs a value (\(hint))", at: key.position)
        }
      } else {
        object.slots[index] = Int32(bitPattern: valueIndex)
      }
    }
    for (index, (key, hint)) in zip(schema.requiredIndices, schema.required)
    where present & (1 << UInt64(index & 63)) == 0 {
      let place = schema.place.map { " \($0)" } ?? ""
      report("missing key '\(key)'\(place) (\(hint))", at: object.position)
    }
    return object
  }

  /// The items of a list.
  mutating func list(_ node: Node, key: String) -> [Node]? {
    guard case .sequence(let sequence) = node else {
      report("'\(key)' must be a list (lines starting with '- ', or [a, b]); found \(Self.describe(node))", at: node)
      return nil
    }
    return Array(sequence)
  }

  /// Reads an optional key: `.some(nil)` when the key is absent, `.some(value)` when its value is valid, and `nil`
  /// when its value is invalid (and reported).
  static func optional<Value>(_ node: Node?, _ read: (Node) -> Value?) -> Value?? {
    guard let node else { return .some(nil) }
    return read(node).map { .some($0) }
  }

  // MARK: Scalars

  /// Any scalar's text, as written; an empty text is an error.
  mutating func text(_ node: Node, key: String, singleLine: Bool = false) -> Located<String>? {
    guard case .scalar(let scalar) = node else {
      report("'\(key)' must be text, found \(Self.describe(node))", at: node)
      return nil
    }
    let text = scalar.string
    let check = TextCheck(text)
    if check.isBlank {
      report("'\(key)' must not be empty", at: node)
      return nil
    }
    if singleLine, check.hasNewline {
      report("'\(key)' must be a single line", at: node)
      return nil
    }
    if let control = check.control {
      let code = "U+" + String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)
      report("'\(key)' contains the control character \(code); remove it", at: node)
      return nil
    }
    return Located(value: text, position: scalar.position)
  }

  /// `true` or `false`, unquoted.
  mutating func bool(_ node: Node, key: String) -> Bool? {
    if case .scalar(let scalar) = node, scalar.equals("true".utf8) || scalar.equals("false".utf8) {
      guard scalar.style == .plain || scalar.style == .any else {
        report(
          "'\(key)' must be true or false without quotes, found the quoted text \(Self.quoted(scalar.string))", at: node
        )
        return nil
      }
      return scalar.equals("true".utf8)
    }
    report("'\(key)' must be true or false, found \(Self.describe(node))", at: node)
    return nil
  }

  /// A whole number in decimal digits, unquoted, at least `minimum`.
  mutating func integer(_ node: Node, key: String, minimum: Int = 0, maximum: Int? = nil, hint: String = "") -> Int? {
    guard let digits = plainDigits(node), let value = Int(digits), value >= minimum, value <= (maximum ?? .max) else {
      // Worded only when it is needed: a world has an integer in every task.
      let requirement =
        maximum.map { "a whole number from \(minimum) to \($0)" }
        ?? (minimum == 0 ? "a non-negative integer" : "a whole number of at least \(minimum)")
      report("'\(key)' must be \(requirement)\(hint), found \(Self.describe(node))", at: node)
      return nil
    }
    return value
  }

  /// A non-negative integer that fits 64 bits.
  mutating func unsigned(_ node: Node, key: String) -> UInt64? {
    guard let digits = plainDigits(node), let value = UInt64(digits) else {
      let tooLarge = plainDigits(node) != nil ? " no larger than \(UInt64.max)" : ""
      report("'\(key)' must be a non-negative integer\(tooLarge), found \(Self.describe(node))", at: node)
      return nil
    }
    return value
  }

  private func plainDigits(_ node: Node) -> String? {
    guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return nil }
    let text = scalar.string
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return nil
    }
    return text
  }

  /// An ISO 8601 timestamp with a zone, read from the text as written.
  mutating func timestamp(_ node: Node, key: String) -> Date? {
    guard case .scalar(let scalar) = node else {
      report("'\(key)' must be \(Timestamp.Problem.format.explanation); found \(Self.describe(node))", at: node)
      return nil
    }
    switch scalar.withUTF8({ Timestamp.date(fromUTF8: $0) }) {
    case .success(let date):
      return date
    case .failure(let problem):
      report("'\(key)' must be \(problem.explanation); found \(Self.describe(node))", at: node)
      return nil
    }
  }

  /// One of an enumeration's raw values, with a suggestion when the text is close to one.
  mutating func choice<Value: RawRepresentable & CaseIterable>(
    _ node: Node, key: String, as type: Value.Type = Value.self
  ) -> Value? where Value.RawValue == String {
    if case .scalar(let scalar) = node, let value = Value(rawValue: scalar.string) { return value }
    return choice(node, key: key, among: Value.allCases.map(\.rawValue)).flatMap { Value(rawValue: $0) }
  }

  /// One of `names`, with a suggestion when the text is close to one.
  mutating func choice(_ node: Node, key: String, among names: [String]) -> String? {
    guard case .scalar(let scalar) = node else {
      report("'\(key)' must be one of \(names.joined(separator: ", ")); found \(Self.describe(node))", at: node)
      return nil
    }
    let text = scalar.string
    guard names.contains(text) else {
      report(
        "\(key) \(Self.quoted(text)) is not one of \(Suggestions.list(names, limit: 40))"
          + Suggestions.didYouMean(text, in: names),
        at: node)
      return nil
    }
    return text
  }

  /// An identifier such as an account id: a lowercase letter, then lowercase letters, digits and `-`.
  mutating func identifier(_ node: Node, what: String) -> Located<String>? {
    guard case .scalar(let scalar) = node else {
      report("\(what) must be a name such as 'sarah', found \(Self.describe(node))", at: node)
      return nil
    }
    let text = scalar.string
    guard !Self.isIdentifier(text) else { return Located(value: text, position: scalar.position) }
    let slug = Self.slug(text)
    report(
      "\(what) \(Self.quoted(text)) must start with a lowercase letter and use only lowercase letters, digits "
        + "and '-'" + (Self.isIdentifier(slug) ? " (try '\(slug)')" : ""),
      at: node)
    return nil
  }

  static func isIdentifier(_ text: String) -> Bool { Validation.isIdentifier(text) }

  private static func slug(_ text: String) -> String {
    let words = text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return words.joined(separator: "-")
  }
}

extension String {
  /// The string with leading zeros up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
