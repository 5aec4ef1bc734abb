import Foundation
import TribeBoardCore

/// Everything the app shows, as one value: the screen, who is signed in, the family, and the last error.
public struct AppState: Equatable, Sendable {
  public var screen: Screen
  public var session: AuthSession?
  /// The family the signed-in person is in, with their membership.
  public var family: Family?
  public var membership: Membership?
  /// The error shown on the current screen, if any.
  public var error: AppError?
  /// A one-line confirmation of what just happened ("Task marked done.").
  public var notice: String?
  /// The intent to repeat when the person chooses "Try again".
  public var retry: Intent?
  /// What the current screen loaded.
  public var content: Content
  /// Whether the screen's content loaded; when it did not, `error` says why and the body is not shown.
  public var loaded = true
  /// The time the screen was loaded at.
  public var now: Date

  public init(screen: Screen = .signIn, now: Date = Date(timeIntervalSince1970: 0)) {
    self.screen = screen
    content = Content()
    self.now = now
  }

  public var role: Role? { membership?.role }

  /// Forgets what the last step said (error, notice, what to retry) before the next one speaks.
  public mutating func clearFeedback() {
    error = nil
    notice = nil
    retry = nil
  }

  /// Whether the signed-in person's role allows `capability` in their family.
  public func allows(_ capability: Capability) -> Bool {
    role.map { Permissions.allows($0, capability) } ?? false
  }
}

/// The data a screen loaded from the services. Each screen fills the parts it shows.
public struct Content: Equatable, Sendable {
  public var members: [Member] = []
  public var events: [CalendarEvent] = []
  public var tasks: [FamilyTask] = []
  public var messages: [FamilyMessage] = []
  public var notices: [Notice] = []
  public var routes: [SchoolRoute] = []
  public var pickups: [Pickup] = []
  public var profile: UserProfile?
  public var preferences = NotificationPreferences()
  public var shareCode: ShareCode?
  public var sync: SyncStatus = .idle

  public init() {}

  /// The member with `id`, if the screen loaded them.
  public func member(_ id: UserID?) -> Member? {
    members.first { $0.id == id }
  }

  /// A member's first name, or the id when the member is unknown (e.g. removed).
  public func name(_ id: UserID) -> String {
    member(id)?.profile.firstName ?? id
  }
}
