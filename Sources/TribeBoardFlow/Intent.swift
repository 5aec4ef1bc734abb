import Foundation
import TribeBoardCore

/// What a person asks the app to do: an action from the flow table, with its value if it takes one.
///
/// The value is typed (a list number, a date, a role), not the words a person typed: ``InputParser`` turns words
/// into intents at the edge, and the flow and tests deal in intents only.
public struct Intent: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var action: ActionID
  public var argument: Argument?

  public init(_ action: ActionID, _ argument: Argument? = nil) {
    self.action = action
    self.argument = argument
  }

  /// The action's key and its value as typed: `mark-done 2`.
  public var description: String {
    argument.map { "\(action.rawValue) \($0.typed)" } ?? action.rawValue
  }
}

extension Intent {
  /// The value an intent carries, of the kind its action's ``ArgumentKind`` names.
  public enum Argument: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Free text: a name, a title, a message, a code.
    case text(String)
    /// A number the screen shows beside an item of its list ("task #2").
    case item(Int)
    /// A task's points.
    case points(Int)
    /// A date and time.
    case date(Date)
    /// A role in the family.
    case role(Role)
    /// A kind of notification.
    case notification(NotificationPreferences.Kind)
    /// People named by account id, first name or full name.
    case names([String])

    public init(stringLiteral value: String) {
      self = .text(value)
    }

    /// The value with its kind, for messages: `the text “1”`, `item #2`.
    public var description: String {
      switch self {
      case .text(let text): "the text “\(text)”"
      case .item(let number): "item #\(number)"
      case .points(let points): "\(points) points"
      case .date: "the date \(typed)"
      case .role: "the role \(typed)"
      case .notification: "the notification kind \(typed)"
      case .names: "the names \(typed)"
      }
    }

    /// The value as a person types it; ``ArgumentKind/parse(_:now:usage:)`` reads it back as the same value.
    public var typed: String {
      switch self {
      case .text(let text): text
      case .item(let number), .points(let number): "\(number)"
      case .date(let date): DateText.typed(date)
      case .role(let role): role.displayName.lowercased()
      case .notification(let kind): kind.label.lowercased()
      case .names(let names): names.joined(separator: ", ")
      }
    }
  }
}

extension NotificationPreferences.Kind {
  /// How screens name the kind: "School run".
  public var label: String {
    switch self {
    case .messages: "Messages"
    case .tasks: "Tasks"
    case .calendar: "Calendar"
    case .schoolRun: "School run"
    }
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
  case createAccount = "create-account"
  case restore
  case createFamily = "create-family"
  /// Typed "create family" on a child's account: explains why a child's account can't (never listed).
  case createFamilyAsChild = "create-family-as-child"
  case joinFamily = "join-family"
  case nameFamily = "name-family"
  case continueToDashboard = "continue"
  case familyCode = "family-code"
  case joinAsAdult = "join-as-adult"
  /// Typed "join as adult" on a child's account: explains why a child's account can't (never listed).
  case joinAsAdultAsChild = "join-as-adult-as-child"
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
