import Foundation
import TribeBoardCore

/// An account in the mock identity provider: the profile the app sees, plus what only the provider knows.
public struct MockAccount: Equatable, Sendable {
  public var profile: UserProfile
  /// The providers this account can sign in with.
  public var providers: [AuthProvider]
  /// The one-time code the account's second factor expects; `nil` when it has none.
  public var mfaCode: String?
  /// A child's account may only hold the child or visitor role.
  public var isChild: Bool
  public var notifications: NotificationPreferences

  public init(
    profile: UserProfile, providers: [AuthProvider], mfaCode: String? = nil, isChild: Bool = false,
    notifications: NotificationPreferences = .init()
  ) {
    self.profile = profile
    self.providers = providers
    self.mfaCode = mfaCode
    self.isChild = isChild
    self.notifications = notifications
  }
}

/// Everything the mock backend stores: accounts, families and what each family holds.
public struct MockWorld: Equatable, Sendable {
  public var accounts: [MockAccount]
  public var families: [Family]
  public var memberships: [Membership]
  public var events: [CalendarEvent]
  public var tasks: [FamilyTask]
  public var messages: [FamilyMessage]
  public var notices: [Notice]
  public var routes: [SchoolRoute]
  public var pickups: [Pickup]

  public init(
    accounts: [MockAccount] = [], families: [Family] = [], memberships: [Membership] = [],
    events: [CalendarEvent] = [], tasks: [FamilyTask] = [], messages: [FamilyMessage] = [],
    notices: [Notice] = [], routes: [SchoolRoute] = [], pickups: [Pickup] = []
  ) {
    self.accounts = accounts
    self.families = families
    self.memberships = memberships
    self.events = events
    self.tasks = tasks
    self.messages = messages
    self.notices = notices
    self.routes = routes
    self.pickups = pickups
  }
}

/// What the device holding the app remembers when it starts.
public struct MockDeviceState: Equatable, Sendable {
  /// The account of the person holding the device; signing in with a provider signs them in.
  public var user: UserID
  public var onboardingCompleted: Bool
  /// Whether the device holds a valid stored session for `user`.
  public var signedIn: Bool

  public init(user: UserID, onboardingCompleted: Bool = false, signedIn: Bool = false) {
    self.user = user
    self.onboardingCompleted = onboardingCompleted
    self.signedIn = signedIn
  }
}

/// A service operation that can be made to fail.
public enum MockOperation: String, CaseIterable, Sendable {
  case authCurrentSession = "auth.currentSession"
  case authSignIn = "auth.signIn"
  case authVerify = "auth.verify"
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
  case dataRoutes = "data.routes"
  case dataPickups = "data.pickups"
  case dataSetDriver = "data.setDriver"
  case syncPerformInitialSetup = "sync.performInitialSetup"
  case syncSync = "sync.sync"

  /// The service part of the name: `auth`, `data` or `sync`.
  public var service: String { String(rawValue.prefix { $0 != "." }) }
  /// The operation part of the name, such as `signIn`.
  public var operation: String { String(rawValue.drop { $0 != "." }.dropFirst()) }
}

/// An injected failure: the next `times` calls of `operation` fail with `error` (every call when `times` is `nil`).
public struct Fault: Equatable, Sendable {
  public var operation: MockOperation
  public var error: AppError.Code
  public var times: Int?

  public init(operation: MockOperation, error: AppError.Code, times: Int? = nil) {
    self.operation = operation
    self.error = error
    self.times = times
  }
}

/// Everything the mocks start from: the world, the device, the clock, the seed and the faults.
public struct MockConfiguration: Equatable, Sendable {
  public var now: Date
  public var seed: UInt64
  public var world: MockWorld
  public var device: MockDeviceState
  public var faults: [Fault]

  public init(now: Date, seed: UInt64, world: MockWorld, device: MockDeviceState, faults: [Fault] = []) {
    self.now = now
    self.seed = seed
    self.world = world
    self.device = device
    self.faults = faults
  }
}
