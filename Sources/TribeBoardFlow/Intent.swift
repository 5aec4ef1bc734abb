/// What a person asks the app to do: an action from the flow table, with its argument if it takes one.
public struct Intent: Equatable, Sendable, CustomStringConvertible {
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
  case next, back, skip, getStarted = "get-started"
  case signInApple = "sign-in-apple", signInGoogle = "sign-in-google", enterCode = "enter-code"
  case createFamily = "create-family", joinFamily = "join-family", nameFamily = "name-family"
  case continueToDashboard = "continue", familyCode = "family-code"
  case joinAsAdult = "join-as-adult", joinAsChild = "join-as-child", joinAsVisitor = "join-as-visitor"
  case joinAsParentAdmin = "join-as-parent-admin"
  case openCalendar = "open-calendar", openTasks = "open-tasks", openMessages = "open-messages"
  case openSchoolRun = "open-school-run", openSettings = "open-settings"
  case openItem = "open", home, retry, refresh, signOut = "sign-out"
  case addEvent = "add-event", title, when, place, with, save
  case showMine = "show-mine", showAll = "show-all", addTask = "add-task", markDone = "mark-done"
  case assign, due, points, reopen
  case send, openNoticeboard = "open-noticeboard", post, pin, unpin
  case claim, release
  case openProfile = "open-profile", openNotifications = "open-notifications"
  case openFamilyManagement = "open-family-management", toggle, changeRole = "change-role", remove
  case regenerateCode = "regenerate-code", leaveFamily = "leave-family"
}
