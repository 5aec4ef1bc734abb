import Foundation
import TribeBoardCore

/// A screen's stable identifier: used by scenario expectations, JSON output, help and the flow graph.
public enum ScreenID: String, CaseIterable, Sendable {
  case onboarding, signIn, mfa, familySetup, createFamily, familyCreated, joinFamily, familyPreview, dashboard
  case calendar, eventDetail, addEvent
  case tasks, taskDetail, addTask
  case messages, noticeboard
  case schoolRun
  case settings, profile, notifications, familyManagement, memberDetail

  /// Whether the screen belongs to a family, so it needs an active membership.
  public var needsFamily: Bool {
    switch self {
    case .onboarding, .signIn, .mfa, .familySetup, .createFamily, .joinFamily, .familyPreview: false
    case .familyCreated, .dashboard, .calendar, .eventDetail, .addEvent, .tasks, .taskDetail, .addTask, .messages,
      .noticeboard, .schoolRun, .settings, .profile, .notifications, .familyManagement, .memberDetail:
      true
    }
  }
}

/// Where the app is: one screen, with what that screen needs to know about itself.
public enum Screen: Equatable, Sendable {
  case onboarding(page: Int)
  case signIn
  case mfa(MFAChallenge)
  case familySetup
  case createFamily
  case familyCreated
  case joinFamily
  case familyPreview(FamilyPreview)
  case dashboard
  case calendar
  case eventDetail(ItemID)
  case addEvent(EventDraft)
  case tasks(mineOnly: Bool)
  case taskDetail(ItemID)
  case addTask(TaskDraft)
  case messages
  case noticeboard
  case schoolRun
  case settings
  case profile
  case notifications
  case familyManagement
  case memberDetail(UserID)

  public var id: ScreenID {
    switch self {
    case .onboarding: .onboarding
    case .signIn: .signIn
    case .mfa: .mfa
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
    }
  }
}

/// An event being written on the add-event form.
public struct EventDraft: Equatable, Sendable {
  public var title: String?
  public var start: Date?
  public var place: String?
  public var participants: [UserID] = []

  public init() {}
}

/// A task being written on the add-task form.
public struct TaskDraft: Equatable, Sendable {
  public var title: String?
  public var assignee: UserID?
  public var due: Date?
  public var points: Int = 0

  public init() {}
}
