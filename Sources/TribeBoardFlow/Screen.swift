import Foundation
import TribeBoardCore

/// A screen's stable identifier: used by scenario expectations, JSON output, help and the flow graph.
public enum ScreenID: String, CaseIterable, Sendable {
  case onboarding, signIn, mfa, signUp, preparing, familySetup, createFamily, familyCreated, joinFamily, familyPreview,
    dashboard
  case calendar, eventDetail, addEvent
  case tasks, taskDetail, addTask
  case messages, noticeboard
  case schoolRun
  case settings, profile, notifications, familyManagement, memberDetail
  case confirm
}

/// Where the app is: one screen, with what that screen needs to know about itself.
public enum Screen: Equatable, Hashable, Sendable {
  case onboarding(page: Int)
  case signIn
  /// The second factor; the challenge is in the session.
  case mfa
  /// Creating an account for someone a provider knows and TribeBoard does not, before it is made.
  case signUp(ProviderIdentity)
  /// Opening the family board: restoring a stored session, or the first sync after joining or creating a family.
  case preparing
  case familySetup
  case createFamily
  case familyCreated
  case joinFamily
  case familyPreview(FamilyPreview)
  case dashboard
  /// The calendar; `shown` as for ``tasks(mineOnly:shown:)``.
  case calendar(shown: [ItemID] = [])
  case eventDetail(ItemID)
  case addEvent(EventDraft)
  /// The task list. `shown` holds the numbering the person saw while they act on the list, so `#n` keeps naming
  /// the same task (empty on arrival: the list is numbered afresh).
  case tasks(mineOnly: Bool, shown: [ItemID] = [])
  case taskDetail(ItemID)
  case addTask(TaskDraft)
  case messages
  /// The noticeboard; `shown` as for ``tasks(mineOnly:shown:)``.
  case noticeboard(shown: [ItemID] = [])
  /// The week's pickups; `shown` as for ``tasks(mineOnly:shown:)``.
  case schoolRun(shown: [ItemID] = [])
  case settings
  case profile
  case notifications
  /// The family's members; `shown` (account ids) as for ``tasks(mineOnly:shown:)``.
  case familyManagement(shown: [UserID] = [])
  case memberDetail(UserID)
  /// A question before an action that can't be undone.
  indirect case confirm(Confirmation)

  public var id: ScreenID {
    switch self {
    case .onboarding: .onboarding
    case .signIn: .signIn
    case .mfa: .mfa
    case .signUp: .signUp
    case .preparing: .preparing
    case .familySetup: .familySetup
    case .createFamily: .createFamily
    case .familyCreated: .familyCreated
    case .joinFamily: .joinFamily
    case .familyPreview: .familyPreview
    case .dashboard: .dashboard
    case .calendar: .calendar
    case .eventDetail: .eventDetail
    case .addEvent: .addEvent
    case .tasks: .tasks
    case .taskDetail: .taskDetail
    case .addTask: .addTask
    case .messages: .messages
    case .noticeboard: .noticeboard
    case .schoolRun: .schoolRun
    case .settings: .settings
    case .profile: .profile
    case .notifications: .notifications
    case .familyManagement: .familyManagement
    case .memberDetail: .memberDetail
    case .confirm: .confirm
    }
  }
}

/// An action waiting for a yes: the question, the action, and the screen it was asked from.
public struct Confirmation: Equatable, Hashable, Sendable {
  public var question: String
  public var intent: Intent
  public var back: Screen

  public init(question: String, intent: Intent, back: Screen) {
    self.question = question
    self.intent = intent
    self.back = back
  }
}

/// An event being written on the add-event form.
public struct EventDraft: Equatable, Hashable, Sendable {
  public var title: String?
  public var start: Date?
  public var place: String?
  public var participants: [UserID] = []

  public init() {}
}

/// A task being written on the add-task form.
public struct TaskDraft: Equatable, Hashable, Sendable {
  public var title: String?
  public var assignee: UserID?
  public var due: Date?
  public var points: Int = 0

  public init() {}
}
