import Foundation

/// What the phone keeps of the family's data it last loaded, so the app opens and keeps working without a
/// network. Each kind of data is kept with the time it was loaded and shown only within its ``Kind/timeToLive``;
/// the whole cache is cleared on sign-out and on leaving the family.
///
/// The session is kept with it, as a keychain keeps it: an offline launch opens the family board with it.
public struct PhoneCache: Equatable, Hashable, Sendable {
  /// A kind of data, with how long the phone may show its copy (the caching policy of the app's specs).
  public enum Kind: String, CaseIterable, Sendable {
    case profile, family, members, calendar, tasks, messages, noticeboard, schoolRun

    /// How long a copy may be shown after it was loaded; `nil`: as long as it is kept.
    public var timeToLive: TimeInterval? {
      switch self {
      case .profile, .messages: nil
      case .family, .members, .calendar, .tasks, .schoolRun: 24 * 3600
      case .noticeboard: 3600
      }
    }
  }

  /// A copy of some data and when it was loaded.
  public struct Entry<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var loadedAt: Date

    public init(_ value: Value, loadedAt: Date) {
      self.value = value
      self.loadedAt = loadedAt
    }
  }

  /// The family the cache belongs to, the person's place in it, and how many messages were unread.
  public struct Place: Hashable, Sendable {
    public var family: Family
    public var membership: Membership
    public var unread: Int

    public init(family: Family, membership: Membership, unread: Int = 0) {
      self.family = family
      self.membership = membership
      self.unread = unread
    }
  }

  /// The signed-in session, to open the app with when the network is missing at launch.
  public var session: AuthSession?
  /// Kind ``Kind/family``.
  public var place: Entry<Place>?
  /// Kind ``Kind/profile``.
  public var profile: Entry<UserProfile>?
  /// Kind ``Kind/profile``.
  public var preferences: Entry<NotificationPreferences>?
  public var members: Entry<[Member]>?
  /// Kind ``Kind/calendar``.
  public var events: Entry<[CalendarEvent]>?
  public var tasks: Entry<[FamilyTask]>?
  public var messages: Entry<[FamilyMessage]>?
  /// Kind ``Kind/noticeboard``.
  public var notices: Entry<[Notice]>?
  /// Kind ``Kind/schoolRun``.
  public var routes: Entry<[SchoolRoute]>?
  /// Kind ``Kind/schoolRun``.
  public var pickups: Entry<[Pickup]>?

  public init() {}

  /// Whether the phone keeps nothing.
  public var isEmpty: Bool { self == PhoneCache() }

  /// When the copy of `kind` was loaded, if the phone has one (the older part, for a kind kept in two parts).
  public func loadedAt(_ kind: Kind) -> Date? {
    switch kind {
    case .profile: profile?.loadedAt
    case .family: place?.loadedAt
    case .members: members?.loadedAt
    case .calendar: events?.loadedAt
    case .tasks: tasks?.loadedAt
    case .messages: messages?.loadedAt
    case .noticeboard: notices?.loadedAt
    case .schoolRun:
      switch (routes?.loadedAt, pickups?.loadedAt) {
      case (let routes?, let pickups?): min(routes, pickups)
      default: nil
      }
    }
  }

  /// Whether the phone has a copy of `kind` it may still show at `now`.
  public func isFresh(_ kind: Kind, at now: Date) -> Bool {
    guard let loadedAt = loadedAt(kind) else { return false }
    guard let timeToLive = kind.timeToLive else { return true }
    return now.timeIntervalSince(loadedAt) <= timeToLive
  }
}
