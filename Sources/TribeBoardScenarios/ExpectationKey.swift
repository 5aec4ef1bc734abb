import TribeBoardCore
import TribeBoardFlow

/// What an `expect` step can check: the one list of keys that the scenario loader, the simulator's `:expect`, its
/// help and the scenario schema all read.
///
/// In YAML a key is written `key: value` inside `expect: { … }`; a key with fields is a mapping,
/// `task: { title: Put the bins out, status: done }`. On an `:expect` line the same checks are `key=value` pairs,
/// a field as `key.field=value`: `:expect task.title="Put the bins out" task.status=done`.
public enum ExpectationKey: String, CaseIterable, Sendable {
  case screen, error, role, user, family, notice, shows, hides, sync, task, member, unread

  /// What the key checks, in a sentence fragment for help and documentation.
  public var summary: String {
    switch self {
    case .screen: "the screen's id"
    case .error: "the error on the screen, by code, or none"
    case .role: "the acting person's role in their family, or none"
    case .user: "who is signed in on the phone in hand, by account id, or none"
    case .family: "the name of the acting person's family, or none"
    case .notice: "the one-line confirmation on the screen, or none"
    case .shows: "text the screen shows (any run of spaces and line breaks matches one space); a list for several"
    case .hides: "text the screen does not show; a list for several"
    case .sync: "the sync status the dashboard shows"
    case .task: "a task of the acting person's family in the backend's world, by title: its status and assignee"
    case .member:
      "a person's place in the acting person's family in the backend's world: their role, or none, and how many "
        + "messages they have not read"
    case .unread: "how many of their family's messages the acting person has not read, in the backend's world"
    }
  }

  /// How the key's value is written and checked.
  public var value: ExpectationValue { Self.values[Self.allCases.firstIndex(of: self) ?? 0] }

  /// Each key's value kind in case order, made once: `:expect` lines are read on every replay.
  private static let values = allCases.map { $0.makeValue() }

  private func makeValue() -> ExpectationValue {
    switch self {
    case .screen: .oneOf(ScreenID.allCases.map(\.rawValue))
    case .error: .oneOf(AppError.Code.allCases.map(\.rawValue) + [StepExpectation.none])
    case .role: .oneOf(Role.allCases.map(\.rawValue) + [StepExpectation.none])
    case .user: .account
    case .family, .notice, .shows, .hides: .text
    case .sync: .oneOf(SyncStatus.Kind.allCases.map(\.rawValue))
    case .task:
      .fields([
        ExpectationField(
          name: "title", summary: "the task's title", value: .text, placeholder: "TITLE", required: true),
        ExpectationField(
          name: "status", summary: "open or done", value: .oneOf(FamilyTask.Status.allCases.map(\.rawValue)),
          placeholder: FamilyTask.Status.allCases.map(\.rawValue).joined(separator: "|")),
        ExpectationField(
          name: "assignee", summary: "who it is assigned to, by account id, or none", value: .account,
          placeholder: "ACCOUNT|none"),
      ])
    case .member:
      .fields([
        ExpectationField(
          name: "name", summary: "the person: an account id, first name or full name", value: .person,
          placeholder: "NAME", required: true),
        ExpectationField(
          name: "role", summary: "their role, or none for not a member",
          value: .oneOf(Role.allCases.map(\.rawValue) + [StepExpectation.none]), placeholder: "ROLE|none"),
        ExpectationField(
          name: "unread", summary: "how many of the family's messages they have not read", value: .count,
          placeholder: "N"),
      ])
    case .unread: .count
    }
  }

  /// Whether the key may be given several values, each checked: in YAML a list (`shows: [Tasks, Points]`), on an
  /// `:expect` line the key written again (`shows=Tasks shows=Points`).
  public var takesAList: Bool {
    self == .shows || self == .hides
  }

  /// The key's fields, when its value is a mapping.
  public var fields: [ExpectationField] {
    if case .fields(let fields) = value { return fields }
    return []
  }

  /// How the key is written on an `:expect` line, such as `screen=ID` or `task.title=TITLE [task.status=…]`.
  public var usage: String {
    guard fields.isEmpty else {
      return fields.map { field in
        let pair = "\(rawValue).\(field.name)=\(field.placeholder)"
        return field.required ? pair : "[\(pair)]"
      }.joined(separator: " ")
    }
    return "\(rawValue)=\(placeholder)"
  }

  /// What stands for the value in ``usage``.
  private var placeholder: String {
    switch self {
    case .screen: "ID"
    case .error: "CODE|none"
    case .role: "ROLE|none"
    case .user: "ACCOUNT|none"
    case .family: "NAME|none"
    case .notice: "TEXT|none"
    case .shows, .hides: "TEXT"
    case .sync: "STATUS"
    case .unread: "N"
    case .task, .member: ""
    }
  }

  /// The key a written name such as `task` or `task.status` belongs to, with the field it names (if any).
  static func named(_ written: String) -> (key: ExpectationKey, field: ExpectationField?)? {
    let parts = written.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let key = ExpectationKey(rawValue: String(parts[0])) else { return nil }
    guard parts.count == 2 else { return (key, nil) }
    return key.fields.first(where: { $0.name == parts[1] }).map { (key, $0) }
  }

  /// Every name an `:expect` line may use: the keys and their `key.field` names.
  static var writtenNames: [String] {
    allCases.flatMap { key in
      key.fields.isEmpty ? [key.rawValue] : key.fields.map { "\(key.rawValue).\($0.name)" }
    }
  }
}

/// How an expectation's value is written and checked when the scenario loads.
public indirect enum ExpectationValue: Equatable, Sendable {
  /// One of these names.
  case oneOf([String])
  /// A line of text.
  case text
  /// An account id of the scenario, or `none`.
  case account
  /// A person of the scenario: an account id, first name or full name.
  case person
  /// A whole number, 0 or more, such as a count of messages.
  case count
  /// A mapping with these fields in YAML; `key.field=value` pairs on an `:expect` line.
  case fields([ExpectationField])

}

/// A field of an expectation whose value is a mapping, such as a task's `status`.
public struct ExpectationField: Equatable, Sendable {
  public var name: String
  public var summary: String
  public var value: ExpectationValue
  /// What stands for the value in usage text: `TITLE`, `open|done`.
  public var placeholder: String
  /// Whether the mapping must have the field (the one that says what to look at, such as a task's title).
  public var required: Bool

  public init(
    name: String, summary: String, value: ExpectationValue, placeholder: String, required: Bool = false
  ) {
    self.name = name
    self.summary = summary
    self.value = value
    self.placeholder = placeholder
    self.required = required
  }
}
