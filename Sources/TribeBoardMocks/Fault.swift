import Foundation
import TribeBoardCore

/// A service operation that can be made to fail or be slow.
public enum MockOperation: String, CaseIterable, Sendable {
  case authCurrentSession = "auth.currentSession"
  case authSignIn = "auth.signIn"
  case authVerify = "auth.verify"
  case authResendCode = "auth.resendCode"
  case authRefresh = "auth.refresh"
  case authSignOut = "auth.signOut"
  case dataCreateFamily = "data.createFamily"
  case dataFindFamily = "data.findFamily"
  case dataJoinFamily = "data.joinFamily"
  case dataFamilies = "data.families"
  case dataMembers = "data.members"
  case dataChangeRole = "data.changeRole"
  case dataRemoveMember = "data.removeMember"
  case dataRegenerateCode = "data.regenerateCode"
  case dataProfile = "data.profile"
  case dataNotificationPreferences = "data.notificationPreferences"
  case dataSetNotificationPreferences = "data.setNotificationPreferences"
  case dataEvents = "data.events"
  case dataAddEvent = "data.addEvent"
  case dataTasks = "data.tasks"
  case dataAddTask = "data.addTask"
  case dataSetStatus = "data.setStatus"
  case dataAssign = "data.assign"
  case dataMessages = "data.messages"
  case dataSendMessage = "data.sendMessage"
  case dataNotices = "data.notices"
  case dataPostNotice = "data.postNotice"
  case dataSetPinned = "data.setPinned"
  case dataUnreadMessages = "data.unreadMessages"
  case dataMarkRead = "data.markRead"
  case dataRoutes = "data.routes"
  case dataPickups = "data.pickups"
  case dataSetDriver = "data.setDriver"
  case syncPerformInitialSetup = "sync.performInitialSetup"
  case syncSync = "sync.sync"

  /// The service part of the name: `auth`, `data` or `sync`.
  public var service: String { String(rawValue.prefix { $0 != "." }) }
  /// The operation part of the name, such as `signIn`.
  public var operation: String { String(rawValue.drop { $0 != "." }.dropFirst()) }
  /// The services operations belong to.
  public static let services = ["auth", "data", "sync"]
}

/// An injected failure: calls of `operation` fail with `error` when the ``Schedule`` says so.
///
/// A fault acts from the moment it is armed. Each armed fault counts the calls it matches; when several fire on
/// the same call, the one armed last wins, so a fault armed in a demo acts at once.
public struct Fault: Equatable, Hashable, Sendable {
  /// When an armed fault fires.
  public enum Schedule: Equatable, Hashable, Sendable {
    /// Every matching call.
    case always
    /// The next `n` matching calls.
    case next(Int)
    /// The `n`th matching call only.
    case nth(Int)
    /// Every matching call made at or after a simulated time.
    case after(Date)
    /// Each matching call with this probability, drawn from the scenario's seeded generator.
    case probability(Double)
  }

  /// A short id (`f1`), given when the fault is armed, for `:fault clear f1`.
  public var id: String
  public var operation: MockOperation
  public var error: AppError.Code
  public var schedule: Schedule
  /// Only calls from this account's phone fail; every phone's when `nil`.
  public var account: UserID?
  /// Matching calls seen since the fault was armed.
  public var calls = 0

  public init(
    operation: MockOperation, error: AppError.Code, schedule: Schedule = .always, account: UserID? = nil,
    id: String = ""
  ) {
    self.id = id
    self.operation = operation
    self.error = error
    self.schedule = schedule
    self.account = account
  }

  /// A fault for the next `times` calls, or every call when `times` is `nil`.
  public init(operation: MockOperation, error: AppError.Code, times: Int?) {
    self.init(operation: operation, error: error, schedule: times.map { .next($0) } ?? .always)
  }

  /// Whether the fault can never fire again.
  var isSpent: Bool {
    switch schedule {
    case .next(let n), .nth(let n): calls >= n
    case .always, .after, .probability: false
    }
  }

  /// The fault in words: "data.tasks → networkTimeout, the next 2 calls, on sarah's phone".
  public var summary: String {
    let when: String =
      switch schedule {
      case .always: "every call"
      case .next(let n): "the next \(n - calls) call\(n - calls == 1 ? "" : "s")"
      case .nth(let n): "call \(n) only (\(calls) seen)"
      case .after(let date): "every call from \(ISO8601DateFormatter().string(from: date))"
      case .probability(let p): "\(Int((p * 100).rounded()))% of calls"
      }
    let whose = account.map { ", on \($0)'s phone" } ?? ""
    return "\(id): \(operation.rawValue) → \(error.rawValue), \(when)\(whose)"
  }
}
