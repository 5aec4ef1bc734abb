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

  private struct Parts: Hashable {
    var session: AuthSession?
    var place: Entry<Place>?
    var profile: Entry<UserProfile>?
    var preferences: Entry<NotificationPreferences>?
    var members: Entry<[Member]>?
    var events: Entry<[CalendarEvent]>?
    var tasks: Entry<[FamilyTask]>?
    var messages: Entry<[FamilyMessage]>?
    var notices: Entry<[Notice]>?
    var routes: Entry<[SchoolRoute]>?
    var pickups: Entry<[Pickup]>?
  }

  /// One shared box holds the parts (copy on write): the phone's memory is copied into every checkpoint of an
  /// exploration, and a copy is then one reference count rather than one for each list.
  private var box = SharedParts(Parts())

  /// The parts, to change: the box is copied first when another value shares it.
  private var parts: Parts {
    get { box.parts }
    _modify {
      SharedParts.unique(&box)
      yield &box.parts
    }
  }

  /// The signed-in session, to open the app with when the network is missing at launch.
  public var session: AuthSession? {
    get { box.parts.session }
    _modify { yield &parts.session }
  }
  /// Kind ``Kind/family``.
  public var place: Entry<Place>? {
    get { box.parts.place }
    _modify { yield &parts.place }
  }
  /// Kind ``Kind/profile``.
  public var profile: Entry<UserProfile>? {
    get { box.parts.profile }
    _modify { yield &parts.profile }
  }
  /// Kind ``Kind/profile``.
  public var preferences: Entry<NotificationPreferences>? {
    get { box.parts.preferences }
    _modify { yield &parts.preferences }
  }
  public var members: Entry<[Member]>? {
    get { box.parts.members }
    _modify { yield &parts.members }
  }
  /// Kind ``Kind/calendar``.
  public var events: Entry<[CalendarEvent]>? {
    get { box.parts.events }
    _modify { yield &parts.events }
  }
  public var tasks: Entry<[FamilyTask]>? {
    get { box.parts.tasks }
    _modify { yield &parts.tasks }
  }
  public var messages: Entry<[FamilyMessage]>? {
    get { box.parts.messages }
    _modify { yield &parts.messages }
  }
  /// Kind ``Kind/noticeboard``.
  public var notices: Entry<[Notice]>? {
    get { box.parts.notices }
    _modify { yield &parts.notices }
  }
  /// Kind ``Kind/schoolRun``.
  public var routes: Entry<[SchoolRoute]>? {
    get { box.parts.routes }
    _modify { yield &parts.routes }
  }
  /// Kind ``Kind/schoolRun``.
  public var pickups: Entry<[Pickup]>? {
    get { box.parts.pickups }
    _modify { yield &parts.pickups }
  }

  public init() {}

  /// Whether the phone keeps nothing.
  public var isEmpty: Bool { box.parts == Parts() }

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
