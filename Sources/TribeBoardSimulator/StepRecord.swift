import Foundation
import TribeBoardCore

/// A step as one JSON object, for tools (`play --format jsonl`): the input, the screen, its actions,
/// the session and the error. Absent values are `null`, never missing.
public struct StepRecord: Encodable, Sendable {
  public struct Action: Encodable, Sendable {
    public var key: String
    public var label: String
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

  public struct Failure: Encodable, Sendable {
    public var code: String
    public var category: String
    public var message: String
    public var recovery: [String]
  }

  public var journey: String?
  public var step: Int
  public var input: String?
  public var screen: String?
  public var title: String?
  public var actions: [Action]
  public var session: Session?
  public var error: Failure?
  public var notice: String?
  /// What the simulator printed besides the screen (control output, hints, expectation results).
  public var messages: [String]

  public init(_ step: Step, index: Int, journey: String?) {
    self.journey = journey
    self.step = index
    input = step.input
    messages = step.messages.map(\.text)
    let snapshot = step.snapshot
    screen = snapshot?.screen.rawValue
    title = snapshot?.title
    actions = snapshot?.actions.map { Action(key: $0.key, label: $0.label) } ?? []
    session = snapshot?.user.map {
      Session(user: $0.id, role: snapshot?.role?.rawValue, family: snapshot?.family?.name)
    }
    error = snapshot?.error.map {
      Failure(
        code: $0.code.rawValue, category: $0.category.rawValue, message: $0.message,
        recovery: $0.recovery.map(\.rawValue))
    }
    notice = snapshot?.notice
  }

  enum CodingKeys: String, CodingKey {
    case journey, step, input, screen, title, actions, session, error, notice, messages
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(journey, forKey: .journey)
    try container.encode(step, forKey: .step)
    try container.encode(input, forKey: .input)
    try container.encode(screen, forKey: .screen)
    try container.encode(title, forKey: .title)
    try container.encode(actions, forKey: .actions)
    try container.encode(session, forKey: .session)
    try container.encode(error, forKey: .error)
    try container.encode(notice, forKey: .notice)
    try container.encode(messages, forKey: .messages)
  }

  /// The record as one line of JSON.
  public func jsonLine() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
