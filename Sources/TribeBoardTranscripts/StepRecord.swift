import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering

/// A step as one JSON object, for tools (`play --format jsonl`): the input, the screen, its actions,
/// the session and the error. Absent values are `null`, never missing.
public struct StepRecord: Encodable, Sendable {
  public struct Action: Encodable, Sendable {
    public var key: String
    public var label: String
    /// What kind of control it is (``ScreenSnapshot/Action/Kind``): `primary`, `secondary`, `destructive`,
    /// `navigation` (the way back), `tab` (a top-level module), `row` (a sub-screen), `recovery` (the error's own
    /// way forward) or `setting` (a switch).
    public var kind: String
    /// The kind of value it takes (`text`, `item`, `points`, `date`, `role`, `notification`, `names`), or `null`.
    public var input: String?

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(key, forKey: .key)
      try container.encode(label, forKey: .label)
      try container.encode(kind, forKey: .kind)
      try container.encode(input, forKey: .input)
    }

    enum CodingKeys: String, CodingKey { case key, label, kind, input }
  }

  public struct Session: Encodable, Sendable {
    public var user: String
    public var role: String?
    public var family: String?

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(user, forKey: .user)
      try container.encode(role, forKey: .role)
      try container.encode(family, forKey: .family)
    }

    enum CodingKeys: String, CodingKey { case user, role, family }
  }

  /// The app action the input resolved to, and the value typed with it.
  public struct Chosen: Encodable, Sendable {
    public var action: String
    public var argument: String?

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(action, forKey: .action)
      try container.encode(argument, forKey: .argument)
    }

    enum CodingKeys: String, CodingKey { case action, argument }
  }

  /// One piece of the screen's content: its kind and its fields (`text`, `label` and `value`, `ref` and `flag`…).
  public struct Content: Encodable, Sendable {
    public var block: Block

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch block {
      case .paragraph(let text):
        try container.encode("paragraph", forKey: .kind)
        try container.encode(text, forKey: .text)
      case .hint(let text):
        try container.encode("hint", forKey: .kind)
        try container.encode(text, forKey: .text)
      case .field(let label, let value):
        try container.encode("field", forKey: .kind)
        try container.encode(label, forKey: .label)
        try container.encode(value, forKey: .value)
      case .input(let field):
        try container.encode("field", forKey: .kind)
        try container.encode(field.label, forKey: .label)
        try container.encode(field.value ?? "—", forKey: .value)
        try container.encode(field.action.rawValue, forKey: .input)
        try container.encode(field.required, forKey: .required)
        // The kind of control, its bounds and its choices, so a front-end draws the app's own picker.
        try container.encode(field.input.name, forKey: .control)
        try container.encodeIfPresent(field.maxLength, forKey: .maxLength)
        switch field.input {
        case .number(let bounds):
          try container.encode(bounds.lowerBound, forKey: .min)
          try container.encode(bounds.upperBound, forKey: .max)
        case .role(let roles): try container.encode(roles.map { $0.displayName.lowercased() }, forKey: .choices)
        case .member, .members:
          try container.encode(field.choices.map { Choice(value: $0.value, label: $0.label) }, forKey: .choices)
        case .text, .longText, .dateTime: break
        }
      case .section(let title):
        try container.encode("section", forKey: .kind)
        try container.encode(title, forKey: .text)
      case .item(let item):
        try container.encode("item", forKey: .kind)
        try container.encode(item.number, forKey: .ref)
        try container.encode(item.text, forKey: .text)
        try container.encode(item.flag, forKey: .flag)
        // What the item is and its own actions, for a thing of the app (not a plain row).
        try container.encodeIfPresent(item.id, forKey: .id)
        switch item.kind {
        case .plain: break
        case .task(let facts): try container.encode(Facts(type: "task", facts: facts), forKey: .thing)
        case .notice(let facts): try container.encode(Facts(type: "notice", facts: facts), forKey: .thing)
        case .message(let facts): try container.encode(Facts(type: "message", facts: facts), forKey: .thing)
        case .event(let facts): try container.encode(Facts(type: "event", facts: facts), forKey: .thing)
        case .pickup(let facts): try container.encode(Facts(type: "pickup", facts: facts), forKey: .thing)
        case .member(let facts): try container.encode(Facts(type: "member", facts: facts), forKey: .thing)
        case .setting(let facts): try container.encode(Facts(type: "setting", facts: facts), forKey: .thing)
        case .score(let facts): try container.encode(Facts(type: "score", facts: facts), forKey: .thing)
        }
        if item.id != nil, item.number != nil {
          try container.encode(item.actions.map(\.key), forKey: .actions)
        }
      case .empty(let text):
        try container.encode("empty", forKey: .kind)
        try container.encode(text, forKey: .text)
      case .qr(let payload):
        try container.encode("qr", forKey: .kind)
        try container.encode(payload, forKey: .text)
      case .pager(let page, let count):
        try container.encode("pager", forKey: .kind)
        try container.encode(page, forKey: .page)
        try container.encode(count, forKey: .count)
      }
    }

    enum CodingKeys: String, CodingKey {
      case kind, text, label, value, ref, flag, page, count, id, thing, actions, input, required, control, maxLength,
        min, max, choices
    }

    /// A choice of a member field: its value as typed and the name shown.
    struct Choice: Encodable {
      var value: String
      var label: String
    }

    /// An item's facts, with what it is (`"type": "task"`).
    struct Facts<Value: Encodable>: Encodable {
      var type: String
      var facts: Value

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try facts.encode(to: encoder)
      }

      enum CodingKeys: String, CodingKey { case type }
    }
  }

  public struct Failure: Encodable, Sendable {
    public var code: String
    public var category: String
    public var message: String
    public var recovery: [String]
    /// The keys of the actions the screen offers as those ways forward.
    public var actions: [String]
  }

  public var journey: String?
  public var step: Int
  public var input: String?
  /// What the input resolved to; `null` for simulator commands and input the screen did not understand.
  public var intent: Chosen?
  public var screen: String?
  public var title: String?
  /// The screen's content, block by block, as the screen shows it.
  public var content: [Content]
  public var actions: [Action]
  public var session: Session?
  public var error: Failure?
  /// On a question before something that can't be undone: the action sheet (``ScreenSnapshot/Sheet``).
  public var sheet: SheetRecord?
  /// The role's modules for a tab bar (``ScreenSnapshot/tabs``).
  public var tabs: [TabRecord]
  /// Where the screen's data stands (``LoadState``): `loading`, `loaded`, `empty`, `error`, `offlineWithCache`.
  public var load: String?
  /// When the copy shown was loaded, with `offlineWithCache`.
  public var cachedAt: String?
  public var notice: String?
  /// Quiet notes of the step: a silent session renewal, the queue sent after reconnecting.
  public var notes: [String]
  /// What the simulator printed besides the screen (control output, hints, expectation results).
  public var messages: [String]

  public init(_ step: Step, index: Int, journey: String?) {
    self.journey = journey
    self.step = index
    input = step.input
    messages = step.messages.map(\.text)
    let snapshot = step.snapshot
    intent = step.transition.map { Chosen(action: $0.action.rawValue, argument: $0.argument?.typed) }
    screen = snapshot?.screen.rawValue
    title = snapshot?.title
    content = snapshot?.blocks.map { Content(block: $0) } ?? []
    actions =
      snapshot?.actions.map { Action(key: $0.key, label: $0.label, kind: $0.kind.rawValue, input: $0.input?.name) }
      ?? []
    session = snapshot?.user.map {
      Session(user: $0.id, role: snapshot?.role?.rawValue, family: snapshot?.family?.name)
    }
    error = snapshot?.error.map {
      Failure(
        code: $0.code.rawValue, category: $0.category.rawValue, message: $0.message,
        recovery: $0.recovery.map(\.rawValue), actions: snapshot?.recoveries.map(\.key) ?? [])
    }
    sheet = snapshot?.sheet.map { SheetRecord(question: $0.question, confirm: $0.confirm, cancel: $0.cancel) }
    tabs =
      snapshot?.tabs.map { TabRecord(key: $0.key, label: $0.label, selected: $0.isSelected, badge: $0.badge) } ?? []
    load = snapshot?.load.rawValue
    cachedAt = snapshot?.staleSince.map { ISO8601DateFormatter().string(from: $0) }
    notice = snapshot?.notice
    notes = snapshot?.notes ?? []
  }

  enum CodingKeys: String, CodingKey {
    case journey, step, input, intent, screen, title, content, actions, session, error, sheet, tabs, load, cachedAt,
      notice, notes, messages
  }

  /// An action sheet: the question, its destructive choice named by what it does, and the way out.
  public struct SheetRecord: Encodable, Sendable {
    public var question: String
    public var confirm: String
    public var cancel: String
  }

  /// A module of the tab bar.
  public struct TabRecord: Encodable, Sendable {
    public var key: String
    public var label: String
    public var selected: Bool
    public var badge: Int?

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(key, forKey: .key)
      try container.encode(label, forKey: .label)
      try container.encode(selected, forKey: .selected)
      try container.encode(badge, forKey: .badge)
    }

    enum CodingKeys: String, CodingKey { case key, label, selected, badge }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(journey, forKey: .journey)
    try container.encode(step, forKey: .step)
    try container.encode(input, forKey: .input)
    try container.encode(intent, forKey: .intent)
    try container.encode(screen, forKey: .screen)
    try container.encode(title, forKey: .title)
    try container.encode(content, forKey: .content)
    try container.encode(actions, forKey: .actions)
    try container.encode(session, forKey: .session)
    try container.encode(error, forKey: .error)
    try container.encode(sheet, forKey: .sheet)
    try container.encode(tabs, forKey: .tabs)
    try container.encode(load, forKey: .load)
    try container.encode(cachedAt, forKey: .cachedAt)
    try container.encode(notice, forKey: .notice)
    try container.encode(notes, forKey: .notes)
    try container.encode(messages, forKey: .messages)
  }

  /// The record as one line of JSON.
  public func jsonLine() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
