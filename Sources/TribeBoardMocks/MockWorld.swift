import Foundation
import TribeBoardCore

/// An account in the mock identity provider: the profile the app sees, plus what only the provider knows.
public struct MockAccount: Equatable, Hashable, Sendable {
  public var profile: UserProfile
  /// The providers this account can sign in with.
  public var providers: [AuthProvider]
  /// The one-time code the account's second factor expects; `nil` when it has none.
  public var mfaCode: String?
  /// A child's account may only hold the child or visitor role, and can't create a family. Kept in the profile,
  /// so the app sees it too.
  public var isChild: Bool {
    get { profile.isChildAccount }
    set { profile.isChildAccount = newValue }
  }
  public var notifications: NotificationPreferences

  public init(
    profile: UserProfile, providers: [AuthProvider], mfaCode: String? = nil, isChild: Bool = false,
    notifications: NotificationPreferences = .init()
  ) {
    self.profile = profile
    self.providers = providers
    self.mfaCode = mfaCode
    self.profile.isChildAccount = isChild
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
