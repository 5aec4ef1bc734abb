import Foundation
import NIOHTTP1
import TribeBoardAPI
import TribeBoardCore

/// ``AuthService`` over HTTP, against the contract of `openapi.yaml`. It writes the session's tokens to the
/// connection's ``TokenStore`` as a phone's keychain keeps them; the other Remote services read them from there.
public struct RemoteAuthService: AuthService {
  public let connection: RemoteConnection
  /// The account the (simulated) provider vouches for: the person holding the phone.
  public let user: UserID
  /// What each provider says of them, for signing up.
  public let identities: ProviderIdentities

  public init(_ connection: RemoteConnection, user: UserID, identities: ProviderIdentities = [:]) {
    self.connection = connection
    self.user = user
    self.identities = identities
  }

  private var tokens: any TokenStore { connection.tokens }

  public func currentSession() async throws(AppError) -> AuthSession? {
    guard let refresh = tokens.refreshToken else { return nil }
    do throws(AppError) {
      let answer = try await connection.send(
        .POST, "/auth/session", body: Wire.encode(Wire.RefreshRequest(refreshToken: refresh)))
      guard answer.status != 204 else { return nil }
      return try RemoteConnection.read(Wire.Session.self, answer.body).model
    } catch {
      if error.code == .sessionExpired { tokens.store(nil) }
      throw error
    }
  }

  public func signIn(with provider: AuthProvider) async throws(AppError) -> SignInOutcome {
    let body = Wire.SignInRequest(
      provider: provider, user: user, identity: identities[provider].map(Wire.Identity.init))
    let result = try await connection.call(
      .POST, "/auth/sign-in", body: body, authorized: false, as: Wire.SignInResult.self)
    let outcome = try RemoteConnection.model { () throws(Wire.Invalid) in try result.model() }
    if case .signedIn(let session) = outcome { tokens.store(session) }
    return outcome
  }

  public func signUp(_ identity: ProviderIdentity) async throws(AppError) -> AuthSession {
    let body = Wire.SignUpRequest(user: user, identity: Wire.Identity(identity))
    let session = try await connection.call(
      .POST, "/auth/sign-up", body: body, authorized: false, as: Wire.Session.self
    )
    .model
    tokens.store(session)
    return session
  }

  public func verify(_ challenge: MFAChallenge, code: String) async throws(AppError) -> AuthSession {
    let body = Wire.VerifyRequest(challenge: Wire.Challenge(challenge), code: code)
    let session = try await connection.call(.POST, "/auth/verify", body: body, authorized: false, as: Wire.Session.self)
      .model
    tokens.store(session)
    return session
  }

  public func resendCode(for challenge: MFAChallenge) async throws(AppError) -> MFAChallenge {
    try await connection.call(
      .POST, "/auth/resend-code", body: Wire.ResendRequest(challenge: Wire.Challenge(challenge)), authorized: false,
      as: Wire.Challenge.self
    ).model
  }

  public func refresh(_ session: AuthSession) async throws(AppError) -> AuthSession {
    do throws(AppError) {
      let renewed = try await connection.call(
        .POST, "/auth/refresh", body: Wire.RefreshRequest(refreshToken: session.refreshToken), as: Wire.Session.self
      ).model
      tokens.store(renewed)
      return renewed
    } catch {
      if error.code == .sessionExpired { tokens.store(nil) }
      throw error
    }
  }

  /// Forgets the session on the phone first, so a failure to reach the server never keeps anyone signed in.
  public func signOut() async throws(AppError) {
    let access = tokens.accessToken
    let refresh = tokens.refreshToken
    tokens.store(nil)
    _ = try await connection.send(
      .POST, "/auth/sign-out", body: Wire.encode(Wire.RefreshRequest(refreshToken: refresh)), authorized: false,
      bearer: access)
  }
}

// The data services over HTTP, one per area. The acting user a method names is the token's account on the server: a
// call naming another is refused there.

/// `text` as one part of a path.
private func p(_ text: String) -> String { RemoteConnection.part(text) }

/// ``FamilyService`` over HTTP.
public struct RemoteFamilyService: FamilyService {
  public let connection: RemoteConnection

  public init(_ connection: RemoteConnection) { self.connection = connection }

  public func createFamily(named name: String, creator: UserID) async throws(AppError) -> Family {
    try await connection.call(.POST, "/families", body: Wire.NewFamily(name: name), as: Wire.FamilyBody.self).model
  }

  public func findFamily(code: String) async throws(AppError) -> FamilyPreview {
    try await connection.call(.GET, "/family-codes/\(p(code))", as: Wire.Preview.self).model
  }

  public func joinFamily(code: String, user: UserID, role: Role) async throws(AppError) -> Membership {
    try await connection.call(
      .POST, "/family-codes/\(p(code))/members", body: Wire.RoleBody(role: role), as: Wire.MembershipBody.self
    ).model
  }

  public func families(for user: UserID) async throws(AppError) -> [Family] {
    try await connection.call(.GET, "/families", as: [Wire.FamilyBody].self).map(\.model)
  }

  public func members(of family: FamilyID) async throws(AppError) -> [Member] {
    try await connection.call(.GET, "/families/\(p(family))/members", as: [Wire.MemberBody].self).map(\.model)
  }

  public func changeRole(of user: UserID, in family: FamilyID, to role: Role, by actor: UserID) async throws(AppError) {
    try await connection.perform(
      .PUT, "/families/\(p(family))/members/\(p(user))/role", body: Wire.RoleBody(role: role))
  }

  public func removeMember(_ user: UserID, from family: FamilyID, by actor: UserID) async throws(AppError) {
    try await connection.perform(.DELETE, "/families/\(p(family))/members/\(p(user))")
  }

  public func regenerateCode(for family: FamilyID, by actor: UserID) async throws(AppError) -> Family {
    try await connection.call(.POST, "/families/\(p(family))/code", as: Wire.FamilyBody.self).model
  }
}

/// ``ProfileService`` over HTTP.
public struct RemoteProfileService: ProfileService {
  public let connection: RemoteConnection

  public init(_ connection: RemoteConnection) { self.connection = connection }

  public func profile(of user: UserID) async throws(AppError) -> UserProfile {
    try await connection.call(.GET, "/users/\(p(user))/profile", as: Wire.User.self).model
  }

  public func notificationPreferences(of user: UserID) async throws(AppError) -> NotificationPreferences {
    try await connection.call(.GET, "/users/\(p(user))/notification-preferences", as: Wire.Preferences.self).model
  }

  public func setNotificationPreferences(_ preferences: NotificationPreferences, for user: UserID)
    async throws(AppError)
  {
    try await connection.perform(
      .PUT, "/users/\(p(user))/notification-preferences", body: Wire.Preferences(preferences))
  }
}

/// ``CalendarService`` over HTTP.
public struct RemoteCalendarService: CalendarService {
  public let connection: RemoteConnection

  public init(_ connection: RemoteConnection) { self.connection = connection }

  public func events(in family: FamilyID) async throws(AppError) -> [CalendarEvent] {
    let events = try await connection.call(.GET, "/families/\(p(family))/events", as: [Wire.Event].self)
    return try RemoteConnection.model { () throws(Wire.Invalid) in
      try events.map { event throws(Wire.Invalid) in try event.model() }
    }
  }

  public func addEvent(_ event: NewEvent, to family: FamilyID, by actor: UserID) async throws(AppError) -> CalendarEvent
  {
    let added = try await connection.call(
      .POST, "/families/\(p(family))/events", body: Wire.NewEventBody(event), as: Wire.Event.self)
    return try RemoteConnection.model { () throws(Wire.Invalid) in try added.model() }
  }
}

/// ``TaskService`` over HTTP.
public struct RemoteTaskService: TaskService {
  public let connection: RemoteConnection

  public init(_ connection: RemoteConnection) { self.connection = connection }

  public func tasks(in family: FamilyID) async throws(AppError) -> [FamilyTask] {
    try await connection.call(.GET, "/families/\(p(family))/tasks", as: [Wire.Task].self).map(\.model)
  }

  public func addTask(_ task: NewTask, to family: FamilyID, by actor: UserID) async throws(AppError) -> FamilyTask {
    try await connection.call(.POST, "/families/\(p(family))/tasks", body: Wire.NewTaskBody(task), as: Wire.Task.self)
      .model
  }

  public func setStatus(_ status: FamilyTask.Status, ofTask task: ItemID, by actor: UserID) async throws(AppError) {
    try await connection.perform(.PUT, "/tasks/\(p(task))/status", body: Wire.StatusBody(status: status))
  }

  public func assign(task: ItemID, to assignee: UserID, by actor: UserID) async throws(AppError) {
    try await connection.perform(.PUT, "/tasks/\(p(task))/assignee", body: Wire.AssigneeBody(assignee: assignee))
  }
}

/// ``MessagingService`` over HTTP.
public struct RemoteMessagingService: MessagingService {
  public let connection: RemoteConnection

  public init(_ connection: RemoteConnection) { self.connection = connection }

  public func messages(in family: FamilyID) async throws(AppError) -> [FamilyMessage] {
    try await connection.call(.GET, "/families/\(p(family))/messages", as: [Wire.Message].self).map(\.model)
  }

  public func sendMessage(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError)
    -> FamilyMessage
  {
    try await connection.call(
      .POST, "/families/\(p(family))/messages", body: Wire.TextBody(text: text), as: Wire.Message.self
    ).model
  }

  public func notices(in family: FamilyID) async throws(AppError) -> [Notice] {
    try await connection.call(.GET, "/families/\(p(family))/notices", as: [Wire.NoticeBody].self).map(\.model)
  }

  public func postNotice(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError) -> Notice {
    try await connection.call(
      .POST, "/families/\(p(family))/notices", body: Wire.TextBody(text: text), as: Wire.NoticeBody.self
    ).model
  }

  public func setPinned(_ pinned: Bool, notice: ItemID, by actor: UserID) async throws(AppError) {
    try await connection.perform(.PUT, "/notices/\(p(notice))/pinned", body: Wire.PinnedBody(pinned: pinned))
  }

  public func unreadMessages(in family: FamilyID, for user: UserID) async throws(AppError) -> [ItemID] {
    try await connection.call(.GET, "/families/\(p(family))/unread", as: [String].self)
  }

  public func markRead(in family: FamilyID, through message: ItemID, by actor: UserID) async throws(AppError) {
    try await connection.perform(
      .PUT, "/families/\(p(family))/read-marker", body: Wire.ReadMarkerBody(message: message))
  }
}

/// ``SchoolRunService`` over HTTP.
public struct RemoteSchoolRunService: SchoolRunService {
  public let connection: RemoteConnection

  public init(_ connection: RemoteConnection) { self.connection = connection }

  public func routes(in family: FamilyID) async throws(AppError) -> [SchoolRoute] {
    try await connection.call(.GET, "/families/\(p(family))/routes", as: [Wire.Route].self).map(\.model)
  }

  public func pickups(in family: FamilyID) async throws(AppError) -> [Pickup] {
    try await connection.call(.GET, "/families/\(p(family))/pickups", as: [Wire.PickupBody].self).map(\.model)
  }

  public func setDriver(_ driver: UserID?, ofPickup pickup: ItemID, by actor: UserID) async throws(AppError) {
    try await connection.perform(.PUT, "/pickups/\(p(pickup))/driver", body: Wire.DriverBody(driver: driver))
  }
}

/// ``CloudSyncService`` over HTTP.
public struct RemoteCloudSyncService: CloudSyncService {
  public let connection: RemoteConnection

  public init(_ connection: RemoteConnection) { self.connection = connection }

  public func performInitialSetup() async throws(AppError) {
    try await connection.perform(.POST, "/sync/setup")
  }

  public func sync(_ family: FamilyID) async throws(AppError) -> SyncStatus {
    let status = try await connection.call(
      .POST, "/families/\(RemoteConnection.part(family))/sync", as: Wire.SyncStatusBody.self)
    return try RemoteConnection.model { () throws(Wire.Invalid) in try status.model() }
  }

  /// The family's code and link, from the server; the link made from the code alone when it can't be reached (the
  /// protocol's call can't fail).
  public func shareCode(for family: Family) async -> ShareCode {
    (try? await connection.call(.POST, "/share-codes", body: Wire.FamilyBody(family), as: Wire.ShareCodeBody.self))?
      .model ?? ShareCode(code: family.code, link: "https://tribeboard.app/join/\(family.code)")
  }

  public func apply(_ change: PendingChange) async throws(AppError) -> ChangeResult {
    try await connection.call(.POST, "/changes", body: Wire.PendingChangeBody(change), as: Wire.ChangeResultBody.self)
      .model
  }
}

extension Services {
  /// A phone's services over `connection`: every service the Remote one, and the phone's own store, tokens and clock.
  public static func remote(
    _ connection: RemoteConnection, user: UserID, identities: ProviderIdentities, device: any DeviceStore,
    tokens: any TokenStore, clock: any AppClock
  ) -> Services {
    Services(
      auth: RemoteAuthService(connection, user: user, identities: identities),
      families: RemoteFamilyService(connection), profile: RemoteProfileService(connection),
      calendar: RemoteCalendarService(connection), tasks: RemoteTaskService(connection),
      messaging: RemoteMessagingService(connection), schoolRun: RemoteSchoolRunService(connection),
      sync: RemoteCloudSyncService(connection), device: device, clock: clock, tokens: tokens)
  }
}
