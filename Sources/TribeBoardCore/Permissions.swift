/// A part of the app reached from the dashboard.
public enum Module: String, CaseIterable, Sendable {
  case calendar, tasks, messages, schoolRun, settings

  public var displayName: String {
    switch self {
    case .calendar: "Calendar"
    case .tasks: "Tasks"
    case .messages: "Messages"
    case .schoolRun: "School run"
    case .settings: "Settings"
    }
  }
}

/// Something a member may see or do. Each belongs to one module.
public enum Capability: String, CaseIterable, Sendable {
  case viewCalendar, addEvent
  case viewAllTasks, viewOwnTasks, addTask, completeOwnTask, completeAnyTask, assignTask
  case viewMessages, sendMessage, postNotice, pinNotice
  case viewSchoolRun, claimPickup
  case viewProfile, editNotifications, manageFamily, leaveFamily

  public var module: Module {
    switch self {
    case .viewCalendar, .addEvent: .calendar
    case .viewAllTasks, .viewOwnTasks, .addTask, .completeOwnTask, .completeAnyTask, .assignTask: .tasks
    case .viewMessages, .sendMessage, .postNotice, .pinNotice: .messages
    case .viewSchoolRun, .claimPickup: .schoolRun
    case .viewProfile, .editNotifications, .manageFamily, .leaveFamily: .settings
    }
  }

  /// A short phrase for tables and permission errors ("add events").
  public var summary: String {
    switch self {
    case .viewCalendar: "see the calendar"
    case .addEvent: "add events"
    case .viewAllTasks: "see everyone's tasks"
    case .viewOwnTasks: "see their own tasks"
    case .addTask: "add tasks"
    case .completeOwnTask: "mark their own tasks done"
    case .completeAnyTask: "mark anyone's tasks done"
    case .assignTask: "assign tasks"
    case .viewMessages: "read messages and notices"
    case .sendMessage: "send family messages"
    case .postNotice: "post notices"
    case .pinNotice: "pin and unpin notices"
    case .viewSchoolRun: "see school runs"
    case .claimPickup: "claim and release pickups"
    case .viewProfile: "see their own profile"
    case .editNotifications: "change notification settings"
    case .manageFamily: "manage members, roles and the family code"
    case .leaveFamily: "leave the family"
    }
  }
}

/// What each role may see and do: the one permission matrix, as data.
///
/// The flow enforces it (hidden tiles and actions, permission errors for typed intents), the CLI prints it
/// (`tribeboard roles`) and the tests walk every role and intent against it.
public enum Permissions {
  /// The matrix itself.
  public static let matrix: [Role: Set<Capability>] = Dictionary(
    uniqueKeysWithValues: Role.allCases.map { role in (role, Set(Capability.allCases.filter { allows(role, $0) })) })

  /// Whether `role` may do `capability`: the matrix's cell.
  public static func allows(_ role: Role, _ capability: Capability) -> Bool {
    switch role {
    case .parentAdmin: true
    case .adult: capability != .manageFamily
    case .child:
      switch capability {
      case .viewCalendar, .viewOwnTasks, .completeOwnTask, .viewMessages, .sendMessage, .viewSchoolRun, .viewProfile,
        .editNotifications:
        true
      default: false
      }
    case .visitor:
      switch capability {
      case .viewCalendar, .viewMessages, .viewSchoolRun, .viewProfile: true
      default: false
      }
    }
  }

  /// Whether `role` may open `module` at all (it has some capability there).
  public static func canOpen(_ role: Role, _ module: Module) -> Bool {
    Capability.allCases.contains { $0.module == module && allows(role, $0) }
  }
}
