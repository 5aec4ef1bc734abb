/// Which kinds of notification a person wants.
public struct NotificationPreferences: Equatable, Hashable, Sendable {
  public var messages: Bool
  public var tasks: Bool
  public var calendar: Bool
  public var schoolRun: Bool

  public init(messages: Bool = true, tasks: Bool = true, calendar: Bool = true, schoolRun: Bool = true) {
    self.messages = messages
    self.tasks = tasks
    self.calendar = calendar
    self.schoolRun = schoolRun
  }

  /// Every preference with its name, in display order.
  public enum Kind: String, CaseIterable, Sendable {
    case messages, tasks, calendar, schoolRun
  }

  public subscript(kind: Kind) -> Bool {
    get {
      switch kind {
      case .messages: messages
      case .tasks: tasks
      case .calendar: calendar
      case .schoolRun: schoolRun
      }
    }
    set {
      switch kind {
      case .messages: messages = newValue
      case .tasks: tasks = newValue
      case .calendar: calendar = newValue
      case .schoolRun: schoolRun = newValue
      }
    }
  }
}
