import TribeBoardCore

/// What a person asks the app to do: an action from the flow table, with its argument if it takes one.
public struct Intent: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var action: ActionID
  public var argument: String?

  public init(_ action: ActionID, _ argument: String? = nil) {
    self.action = action
    self.argument = argument
  }

  public var description: String {
    argument.map { "\(action.rawValue) \($0)" } ?? action.rawValue
  }
}

/// Every action the app offers somewhere; the raw value is the stable key tools see.
public enum ActionID: String, CaseIterable, Sendable {
  case next, back, skip
  case getStarted = "get-started"
  case signInApple = "sign-in-apple"
  case signInGoogle = "sign-in-google"
  case enterCode = "enter-code"
  case newCode = "new-code"
  case restore
  case createFamily = "create-family"
  /// Typed "create family" on a child's account: explains why a child's account can't (never listed).
  case createFamilyAsChild = "create-family-as-child"
  case joinFamily = "join-family"
  case nameFamily = "name-family"
  case continueToDashboard = "continue"
  case familyCode = "family-code"
  case joinAsAdult = "join-as-adult"
  case joinAsChild = "join-as-child"
  case joinAsVisitor = "join-as-visitor"
  case joinAsParentAdmin = "join-as-parent-admin"
  case openCalendar = "open-calendar"
  case openTasks = "open-tasks"
  case openMessages = "open-messages"
  case openSchoolRun = "open-school-run"
  case openSettings = "open-settings"
  case openItem = "open"
  case home, retry, refresh
  case syncNow = "sync-now"
  case signOut = "sign-out"
  case addEvent = "add-event"
  case title, when, place, with, save
  case showMine = "show-mine"
  case showAll = "show-all"
  case addTask = "add-task"
  case markDone = "mark-done"
  case assign, due, points, reopen
  case send
  case openNoticeboard = "open-noticeboard"
  case post, pin, unpin
  case claim, release
  case openProfile = "open-profile"
  case openNotifications = "open-notifications"
  case openFamilyManagement = "open-family-management"
  case toggle
  case changeRole = "change-role"
  case remove
  case regenerateCode = "regenerate-code"
  case leaveFamily = "leave-family"
  case confirmYes = "yes"
  case confirmNo = "no"
}

extension ActionID: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
}
