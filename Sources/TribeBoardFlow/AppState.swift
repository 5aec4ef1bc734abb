import Foundation
import TribeBoardCore

/// Who is using the app on this phone, as one value, so "signed in", "in a family" and "waiting for a code" can
/// never disagree.
///
/// `indirect`: each case's values live in one shared box, so copying a session (the app's state, each checkpoint and
/// state key of an exploration) is one reference count rather than one for each of its strings.
public indirect enum Session: Equatable, Hashable, Sendable {
  /// Nobody is signed in.
  case signedOut
  /// A provider accepted the person; the app waits for their one-time code.
  case awaitingCode(MFAChallenge)
  /// Signed in, not (or no longer) in a family.
  case signedIn(AuthSession)
  /// Signed in, and an active member of `family`.
  case member(AuthSession, Family, Membership)

  /// The signed-in session, if there is one.
  public var auth: AuthSession? {
    switch self {
    case .signedOut, .awaitingCode: nil
    case .signedIn(let session), .member(let session, _, _): session
    }
  }

  /// The same stage with a renewed session (after a refresh).
  func renewed(_ session: AuthSession) -> Session {
    switch self {
    case .signedOut, .awaitingCode: .signedIn(session)
    case .signedIn: .signedIn(session)
    case .member(_, let family, let membership): .member(session, family, membership)
    }
  }
}

/// Everything the app shows, as one value: the screen, who is signed in, the family, and the last error.
public struct AppState: Equatable, Sendable {
  public var screen: Screen
  /// Who is signed in, and in which family.
  public var session: Session = .signedOut
  /// The error shown on the current screen, if any.
  public var error: AppError?
  /// A one-line confirmation of what just happened ("Task marked done."); a new one is a success until the flow
  /// says otherwise (``noticeIsFailure``).
  public var notice: String? {
    didSet { noticeIsFailure = false }
  }
  /// Whether ``notice`` tells of something that did not happen as asked (a change saved on the phone whose sending
  /// failed, one the server did not apply, a sign-out the server was not told of), so it is not shown as a success.
  public var noticeIsFailure = false
  /// Quiet lines about what happened behind the screen in this step ("Session renewed."): shown small, never a
  /// screen change.
  public var notes: [String] = []
  /// The intent to repeat when the person chooses "Try again".
  public var retry: Intent?
  /// The family screen a person was on when their session ran out (``Flow/expire(_:)``); signing in again as the
  /// same person goes back there.
  public var resume: Resume?
  /// What the current screen loaded.
  public var content: Content
  /// Whether the screen's content loaded; when it did not, `error` says why and the body is not shown.
  public var loaded = true
  /// The time the screen was loaded at.
  public var now: Date
  /// When the content shown was loaded, if a reload failed and the screen shows that older copy.
  public var staleSince: Date?
  /// What each screen last loaded, shown again (marked stale) when a reload fails on the network. Signing out
  /// or leaving the family wipes it.
  public var cache: [ScreenID: CachedContent] = [:]

  /// A screen's content as it was loaded at a time.
  public struct CachedContent: Equatable, Sendable {
    public var content: Content
    public var loadedAt: Date
  }

  /// A screen to go back to once `user` signs in again.
  public struct Resume: Equatable, Sendable {
    public var user: UserID
    public var screen: Screen
  }

  public init(screen: Screen = .signIn, now: Date = Date(timeIntervalSince1970: 0)) {
    self.screen = screen
    content = Content()
    self.now = now
  }

  /// The signed-in person, if any.
  public var user: UserProfile? { session.auth.map(\.user) }

  /// The family the signed-in person is in.
  public var family: Family? {
    if case .member(_, let family, _) = session { return family }
    return nil
  }

  /// The signed-in person's place in ``family``.
  public var membership: Membership? {
    if case .member(_, _, let membership) = session { return membership }
    return nil
  }

  public var role: Role? {
    if case .member(_, _, let membership) = session { return membership.role }
    return nil
  }

  /// Forgets what the last step said (error, notice, notes, what to retry) before the next one speaks.
  public mutating func clearFeedback() {
    error = nil
    notice = nil
    notes = []
    retry = nil
  }

  /// Leaves the family (left, removed, expired): still signed in, no longer a member.
  public mutating func leaveFamily() {
    if let auth = session.auth { session = .signedIn(auth) }
    content = Content()
    cache = [:]
  }

  /// Keeps the family's latest details (a new code, a new name) in the session.
  public mutating func replaceFamily(_ family: Family) {
    if case .member(let auth, _, let membership) = session { session = .member(auth, family, membership) }
  }

  /// Whether the signed-in person's role allows `capability` in their family.
  public func allows(_ capability: Capability) -> Bool {
    role.map { Permissions.allows($0, capability) } ?? false
  }
}

/// The data a screen loaded from the services. Each screen fills the parts it shows.
///
/// One shared box holds the parts (copy on write): the app's state, each cached screen and each checkpoint of an
/// exploration copy the content, and a copy is one reference count rather than one for each list.
public struct Content: Equatable, Sendable {
  private struct Parts: Equatable {
    var members: [Member] = []
    var events: [CalendarEvent] = []
    var tasks: [FamilyTask] = []
    var messages: [FamilyMessage] = []
    var notices: [Notice] = []
    var routes: [SchoolRoute] = []
    var pickups: [Pickup] = []
    var profile: UserProfile? = nil
    var preferences: NotificationPreferences = NotificationPreferences()
    var shareCode: ShareCode? = nil
    var sync: SyncStatus = .idle
    var waiting: Set<ItemID> = []
    var unread: Int = 0
    var newMessages: Set<ItemID> = []
    var formerNames: [UserID: String] = [:]
    var unsent: [String] = []
  }

  /// Changed only through `parts`.
  private var box: SharedParts<Parts>

  /// The parts, to change: the box is copied first when another value shares it.
  private var parts: Parts {
    get { box.parts }
    _modify {
      SharedParts.unique(&box)
      yield &box.parts
    }
  }

  public var members: [Member] {
    get { box.parts.members }
    _modify { yield &parts.members }
  }
  public var events: [CalendarEvent] {
    get { box.parts.events }
    _modify { yield &parts.events }
  }
  public var tasks: [FamilyTask] {
    get { box.parts.tasks }
    _modify { yield &parts.tasks }
  }
  public var messages: [FamilyMessage] {
    get { box.parts.messages }
    _modify { yield &parts.messages }
  }
  public var notices: [Notice] {
    get { box.parts.notices }
    _modify { yield &parts.notices }
  }
  public var routes: [SchoolRoute] {
    get { box.parts.routes }
    _modify { yield &parts.routes }
  }
  public var pickups: [Pickup] {
    get { box.parts.pickups }
    _modify { yield &parts.pickups }
  }
  public var profile: UserProfile? {
    get { box.parts.profile }
    _modify { yield &parts.profile }
  }
  public var preferences: NotificationPreferences {
    get { box.parts.preferences }
    _modify { yield &parts.preferences }
  }
  public var shareCode: ShareCode? {
    get { box.parts.shareCode }
    _modify { yield &parts.shareCode }
  }
  public var sync: SyncStatus {
    get { box.parts.sync }
    _modify { yield &parts.sync }
  }
  /// Items changed by changes still waiting on the phone.
  public var waiting: Set<ItemID> {
    get { box.parts.waiting }
    _modify { yield &parts.waiting }
  }
  /// How many of the family's messages the person has not read, for the dashboard.
  public var unread: Int {
    get { box.parts.unread }
    _modify { yield &parts.unread }
  }
  /// The messages that were unread when the conversation opened (opening it marks them read).
  public var newMessages: Set<ItemID> {
    get { box.parts.newMessages }
    _modify { yield &parts.newMessages }
  }

  /// The names of people who wrote what the screen shows but are no longer members, by account.
  public var formerNames: [UserID: String] {
    get { box.parts.formerNames }
    _modify { yield &parts.formerNames }
  }

  /// The waiting changes, in words, once sending them failed all its retries: listed for a manual retry.
  public var unsent: [String] {
    get { box.parts.unsent }
    _modify { yield &parts.unsent }
  }

  public init() {
    box = SharedParts(Parts())
  }

  /// The member with `id`, if the screen loaded them.
  public func member(_ id: UserID?) -> Member? {
    members.first { $0.id == id }
  }

  /// A member's first name, or their full name when another member has the same first name; a former member's
  /// name (``formerNames``); the id only when the person is unknown.
  public func name(_ id: UserID) -> String {
    guard let member = member(id) else { return formerNames[id] ?? id }
    let first = member.profile.firstName
    let shared = members.contains { $0.id != id && $0.profile.firstName == first }
    return shared ? member.profile.name : first
  }
}
