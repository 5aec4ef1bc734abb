import Foundation

// The family data, one protocol per area of the API: families, profiles, calendar, tasks, messaging and school run.
// Every change names the acting user, so a backend can check it; rule breaks such as demoting the last parent admin
// come back as `AppError`s. A phone's queued changes go to `CloudSyncService.apply(_:)`.
//
// The service is the authority, as a real backend is: it keeps every rule a screen keeps, from the same definitions
// (`Permissions`, `RoleRules`, `Validation`). A call acts only as the account signed in; a read gives what the
// caller's role may see (a child's tasks are their own); a call about a family the caller is not a member of is
// refused in the same words whether or not the family, or the thing, exists.

/// Families and their members.
public protocol FamilyService: Sendable {
  /// Creates a family with a fresh unique code; `creator` becomes its parent admin.
  func createFamily(named name: String, creator: UserID) async throws(AppError) -> Family
  /// Finds the family with `code`, for a preview before joining. A wrong code counts against the caller as a wrong
  /// verification code does: too many lock looking codes up for a while (`tooManyAttempts`).
  func findFamily(code: String) async throws(AppError) -> FamilyPreview
  /// Adds `user` to the family whose current code is `code`, in `role`: a person joins only with the code (never by
  /// the family's id), is active in one family at a time, and takes only a role ``RoleRules/checkJoin(_:isChildAccount:)``
  /// allows. A wrong code counts as in ``findFamily(code:)``.
  func joinFamily(code: String, user: UserID, role: Role) async throws(AppError) -> Membership
  /// The families `user` belongs to, including memberships that have expired.
  func families(for user: UserID) async throws(AppError) -> [Family]
  /// A family's members, parent admins first.
  func members(of family: FamilyID) async throws(AppError) -> [Member]
  /// Gives `user` a new role in a family.
  func changeRole(of user: UserID, in family: FamilyID, to role: Role, by actor: UserID) async throws(AppError)
  /// Takes `user` out of a family.
  func removeMember(_ user: UserID, from family: FamilyID, by actor: UserID) async throws(AppError)
  /// Replaces the family's code; the old one stops working.
  func regenerateCode(for family: FamilyID, by actor: UserID) async throws(AppError) -> Family
}

/// A person's profile and notification preferences.
public protocol ProfileService: Sendable {
  func profile(of user: UserID) async throws(AppError) -> UserProfile
  func notificationPreferences(of user: UserID) async throws(AppError) -> NotificationPreferences
  func setNotificationPreferences(_ preferences: NotificationPreferences, for user: UserID) async throws(AppError)
}

/// The family's calendar.
public protocol CalendarService: Sendable {
  /// The family's own events; birthdays and school runs are derived by the app.
  func events(in family: FamilyID) async throws(AppError) -> [CalendarEvent]
  func addEvent(_ event: NewEvent, to family: FamilyID, by actor: UserID) async throws(AppError) -> CalendarEvent
}

/// The family's tasks.
public protocol TaskService: Sendable {
  func tasks(in family: FamilyID) async throws(AppError) -> [FamilyTask]
  func addTask(_ task: NewTask, to family: FamilyID, by actor: UserID) async throws(AppError) -> FamilyTask
  func setStatus(_ status: FamilyTask.Status, ofTask task: ItemID, by actor: UserID) async throws(AppError)
  func assign(task: ItemID, to assignee: UserID, by actor: UserID) async throws(AppError)
}

/// The family's messages and notices.
public protocol MessagingService: Sendable {
  func messages(in family: FamilyID) async throws(AppError) -> [FamilyMessage]
  func sendMessage(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError) -> FamilyMessage
  func notices(in family: FamilyID) async throws(AppError) -> [Notice]
  func postNotice(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError) -> Notice
  func setPinned(_ pinned: Bool, notice: ItemID, by actor: UserID) async throws(AppError)
  /// The family's messages `user` has not read, by id, in the order they reached the backend: those others sent
  /// that arrived after the one their read marker (``Membership/lastRead``) names.
  func unreadMessages(in family: FamilyID, for user: UserID) async throws(AppError) -> [ItemID]
  /// Moves `actor`'s read marker in a family forward to `message`, the last to arrive of those they have seen. A
  /// marker already past it stays where it is, so a late or repeated call changes nothing.
  func markRead(in family: FamilyID, through message: ItemID, by actor: UserID) async throws(AppError)
}

/// The family's school routes and pickups.
public protocol SchoolRunService: Sendable {
  func routes(in family: FamilyID) async throws(AppError) -> [SchoolRoute]
  func pickups(in family: FamilyID) async throws(AppError) -> [Pickup]
  /// Makes `actor` the driver of a pickup, or frees it when `driver` is `nil`.
  func setDriver(_ driver: UserID?, ofPickup pickup: ItemID, by actor: UserID) async throws(AppError)
}

/// The fields of an event being added.
public struct NewEvent: Equatable, Sendable {
  public var title: String
  public var start: Date
  public var place: String?
  public var participants: [UserID]

  public init(title: String, start: Date, place: String? = nil, participants: [UserID] = []) {
    self.title = title
    self.start = start
    self.place = place
    self.participants = participants
  }
}

/// The fields of a task being added.
public struct NewTask: Equatable, Sendable {
  public var title: String
  public var assignee: UserID?
  public var due: Date?
  public var points: Int

  public init(title: String, assignee: UserID? = nil, due: Date? = nil, points: Int = 0) {
    self.title = title
    self.assignee = assignee
    self.due = due
    self.points = points
  }
}
