import TribeBoardCore
import TribeBoardFlow

/// What an `expect` step checks, read from an `:expect key=value …` line (a journey's `expect: { … }` step is
/// written as one): typed checks, each key's value already validated against ``ExpectationKey``.
public struct StepExpectation: Equatable, Sendable {
  /// The word for "nothing" in a value: no error, no role, nobody signed in.
  public static let none = "none"

  /// One check.
  public enum Check: Equatable, Sendable {
    case screen(ScreenID)
    case error(AppError.Code?)
    case role(Role?)
    case user(UserID?)
    case family(String?)
    case notice(String?)
    case shows(String)
    case hides(String)
    case sync(SyncStatus.Kind)
    /// A task by title; `status` and `assignee` are checked when given (`.some(nil)`: assigned to nobody).
    case task(title: String, status: FamilyTask.Status?, assignee: UserID??)
    /// A person by account id, first name or full name; `role` is checked when given (`.some(nil)`: not a member),
    /// and so is `unread`, how many of the family's messages they have not read.
    case member(name: String, role: Role??, unread: Int? = nil)
    /// How many of their family's messages the acting person has not read.
    case unread(Int)
  }

  public var checks: [Check]

  public init(checks: [Check]) {
    self.checks = checks
  }

  /// A problem with one `key=value` pair (`pair` is its index), or with the whole line (`pair` is `nil`).
  public struct Problem: Equatable, Sendable {
    public var pair: Int?
    public var message: String
  }

  /// Every problem found with an expectation, in the order of its pairs.
  public struct Problems: Error, Equatable, Sendable {
    public var problems: [Problem]

    /// The messages, joined by `; `.
    public var message: String { problems.map(\.message).joined(separator: "; ") }
  }

  /// The expectation an `:expect` argument states, or every problem with it.
  public static func parse(_ argument: String) -> Result<StepExpectation, Problems> {
    guard let pairs = pairs(argument) else {
      return .failure(
        Problems(problems: [Problem(pair: nil, message: "write key=value pairs, with \"…\" around a value with spaces")]
        ))
    }
    return read(pairs.map { (key: $0.0, value: $0.1) })
  }

  /// The expectation `key=value` pairs state, or every problem with them. A key with fields is written as
  /// `key.field=value` pairs next to each other; a field written again starts another check of the same key.
  public static func read(_ pairs: [(key: String, value: String)]) -> Result<StepExpectation, Problems> {
    var checks: [Check] = []
    var problems: [Problem] = []
    if pairs.isEmpty {
      problems.append(Problem(pair: nil, message: "say what to check: \(ExpectationKey.usageList)"))
    }
    /// The key with fields being read: its first pair and the fields so far.
    var group: (key: ExpectationKey, first: Int, fields: [String: String])?
    func closeGroup() {
      guard let open = group else { return }
      group = nil
      let read = check(open.key, fields: open.fields)
      if let check = read.check { checks.append(check) }
      if let problem = read.problem { problems.append(Problem(pair: open.first, message: problem)) }
    }
    for (index, pair) in pairs.enumerated() {
      guard let (key, field) = ExpectationKey.named(pair.key) else {
        closeGroup()
        problems.append(Problem(pair: index, message: unknownKey(pair.key)))
        continue
      }
      if let problem = problem(with: pair.value, of: field?.value ?? key.value, named: pair.key) {
        problems.append(Problem(pair: index, message: problem))
        continue
      }
      guard let field else {
        closeGroup()
        if key.fields.isEmpty {
          // Never nil: the value was checked above.
          if let check = check(key, value: pair.value) { checks.append(check) }
        } else {
          problems.append(Problem(pair: index, message: "'\(pair.key)' is checked by its fields: \(key.usage)"))
        }
        continue
      }
      if let open = group, open.key == key, open.fields[field.name] == nil {
        group?.fields[field.name] = pair.value
      } else {
        closeGroup()
        group = (key, index, [field.name: pair.value])
      }
    }
    closeGroup()
    return problems.isEmpty ? .success(StepExpectation(checks: checks)) : .failure(Problems(problems: problems))
  }

  /// `unknown key 'x' (did you mean 'y'?)`, with the list of keys when nothing is close.
  static func unknownKey(_ key: String) -> String {
    let names = ExpectationKey.writtenNames
    return "unknown key \(NodeReader.quoted(key)) in 'expect'"
      + (Suggestions.bestMatch(for: key, in: names).map { " (did you mean '\($0)'?)" }
        ?? "; the keys are \(ExpectationKey.allCases.map(\.rawValue).joined(separator: ", "))")
  }

  /// What is wrong with `value` for a key or field of kind `kind`, or `nil` when it is fine.
  static func problem(with value: String, of kind: ExpectationValue, named name: String) -> String? {
    let check = TextCheck(value)
    if check.isBlank { return "'\(name)' needs a value to expect" }
    if check.hasNewline { return "'\(name)' must be a single line" }
    if let control = check.control {
      return "'\(name)' contains the control character U+\(String(control.value, radix: 16, uppercase: true))"
    }
    if case .count = kind, count(value) == nil {
      return "'\(name)' must be a whole number from 0 to 1000000, such as 2, not \(NodeReader.quoted(value))"
    }
    guard case .oneOf(let names) = kind, !names.contains(value) else { return nil }
    return "\(name) \(NodeReader.quoted(value)) is not one of \(Suggestions.list(names, limit: 40))"
      + Suggestions.didYouMean(value, in: names)
  }

  /// The check `key=value` states; `value` was validated against the key (``problem(with:of:named:)``).
  private static func check(_ key: ExpectationKey, value: String) -> Check? {
    let orNone: String? = value == none ? nil : value
    switch key {
    case .screen: return ScreenID(rawValue: value).map(Check.screen)
    case .error: return orNone.map { AppError.Code(rawValue: $0).map(Check.error) } ?? .error(nil)
    case .role: return orNone.map { Role(rawValue: $0).map(Check.role) } ?? .role(nil)
    case .user: return .user(orNone)
    case .family: return .family(orNone)
    case .notice: return .notice(orNone)
    case .shows: return .shows(value)
    case .hides: return .hides(value)
    case .sync: return SyncStatus.Kind(rawValue: value).map(Check.sync)
    case .unread: return count(value).map(Check.unread)
    case .task, .member: return nil
    }
  }

  private static func check(_ key: ExpectationKey, fields: [String: String]) -> (check: Check?, problem: String?) {
    if let required = key.fields.first(where: { $0.required && fields[$0.name] == nil }) {
      let given = key.fields.filter { fields[$0.name] != nil }.map { "\(key.rawValue).\($0.name)" }
      return (
        nil,
        "\(given.joined(separator: " and ")) needs \(key.rawValue).\(required.name) beside it: "
          + "\(required.summary) (\(key.usage))"
      )
    }
    let required = fields[key.fields[0].name] ?? ""
    switch key {
    case .task:
      let assignee = fields["assignee"].map { $0 == none ? nil : $0 }
      let status = fields["status"].flatMap(FamilyTask.Status.init(rawValue:))
      return (Check.task(title: required, status: status, assignee: assignee), nil)
    case .member:
      let role = fields["role"].map { $0 == none ? nil : Role(rawValue: $0) }
      return (Check.member(name: required, role: role, unread: fields["unread"].flatMap(count)), nil)
    default: preconditionFailure("\(key) has no fields")
    }
  }

  /// A ``ExpectationValue/count`` as written: digits only (no sign, no spaces), at most a million.
  static func count(_ value: String) -> Int? {
    guard !value.isEmpty, value.utf8.count <= 7, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return nil
    }
    return Int(value).flatMap { $0 <= 1_000_000 ? $0 : nil }
  }

  /// `screen=ID, error=CODE|none, …`: every key as an `:expect` line writes it.
  static var usage: String { ExpectationKey.allCases.map(\.usage).joined(separator: " ") }
}

extension ExpectationKey {
  /// The keys, for messages: `screen, error, role, …`.
  static var usageList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

// MARK: Writing and reading `key=value` pairs

extension StepExpectation {
  /// A task title or family name as an expectation compares it, when the scenario loads and when the step runs:
  /// case and runs of spaces aside.
  package static func comparable(_ name: String) -> String {
    name.lowercased().collapsingWhitespace
  }

  /// The `:expect` line that states `pairs`.
  public static func line(_ pairs: [(key: String, value: String)]) -> String {
    ([":expect"] + pairs.map { "\($0.key)=\(quotedIfNeeded($0.value))" }).joined(separator: " ")
  }

  /// `value`, or `"value"` with `\` and `"` escaped when it holds whitespace or a quote.
  public static func quotedIfNeeded(_ value: String) -> String {
    guard needsQuotes(value) else { return value }
    var escaped = ""
    for character in value {
      if character == "\\" || character == "\"" { escaped.append("\\") }
      escaped.append(character)
    }
    return "\"\(escaped)\""
  }

  /// Whether `value` holds whitespace or a quote.
  private static func needsQuotes(_ value: String) -> Bool {
    value.contains(where: { $0.isWhitespace || $0 == "\"" })
  }

  /// Splits `a=b c="d e"` into pairs; `nil` when malformed.
  public static func pairs(_ text: String) -> [(String, String)]? {
    var pairs: [(String, String)] = []
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " }
      if rest.isEmpty { return pairs }
      guard let equals = rest.firstIndex(of: "=") else { return nil }
      let key = String(rest[..<equals])
      rest = rest[rest.index(after: equals)...]
      var value = ""
      if rest.first == "\"" {
        rest = rest.dropFirst()
        var closed = false
        while let character = rest.first {
          rest = rest.dropFirst()
          if character == "\\", let next = rest.first {
            value.append(next)
            rest = rest.dropFirst()
          } else if character == "\"" {
            closed = true
            break
          } else {
            value.append(character)
          }
        }
        if !closed { return nil }
      } else {
        value = String(rest.prefix { $0 != " " })
        rest = rest.drop { $0 != " " }
      }
      if key.isEmpty || key.contains(" ") { return nil }
      pairs.append((key, value))
    }
  }
}
