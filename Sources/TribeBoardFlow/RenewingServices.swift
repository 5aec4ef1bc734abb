import Synchronization
import TribeBoardCore

/// The session of one action or load, renewed call by call: what an app's network layer does. A call refused as
/// `sessionExpired` (its access token ran out, perhaps while an earlier slow call was under way) gets a new access
/// token from the refresh token and is sent once more, so slow calls never sign anyone out while the session can be
/// renewed. A renewal that fails gives `sessionExpired`.
///
/// The call sent again reaches a data service or the sync service with the new access token through the
/// ``TokenStore`` of the ``Services``: the renewal stores the fresh session there itself, so nothing depends on how
/// an auth implementation keeps it.
final class SessionRenewal: Sendable {
  private let auth: any AuthService
  private let tokens: any TokenStore
  private let sessions: Mutex<(current: AuthSession, renewed: [AuthSession])>

  init(_ session: AuthSession, services: Services) {
    auth = services.auth
    tokens = services.tokens
    sessions = Mutex((session, []))
  }

  /// The sessions renewed, in order.
  var renewed: [AuthSession] { sessions.withLock { $0.renewed } }

  /// Runs `call`; when it is refused as `sessionExpired`, renews the session and runs it once more.
  func call<T>(_ call: () async throws(AppError) -> T) async throws(AppError) -> T {
    do throws(AppError) {
      return try await call()
    } catch  where error.code == .sessionExpired {
      let session = sessions.withLock { $0.current }
      let fresh = try await auth.refresh(session)
      if tokens.accessToken != fresh.token || tokens.refreshToken != fresh.refreshToken { tokens.store(fresh) }
      sessions.withLock { sessions in
        sessions.current = fresh
        sessions.renewed.append(fresh)
      }
      return try await call()
    }
  }
}

/// The data services of `base`, whose calls renew the session they run in (``SessionRenewal``). One object serves
/// every area, so the six area services of ``Services`` share it.
final class RenewingDataService: FamilyService, ProfileService, CalendarService, TaskService, MessagingService,
  SchoolRunService
{
  let base: Services
  let renewal: SessionRenewal

  init(base: Services, renewal: SessionRenewal) {
    self.base = base
    self.renewal = renewal
  }

  func createFamily(named name: String, creator: UserID) async throws(AppError) -> Family {
    try await renewal.call { () async throws(AppError) -> Family in
      try await base.families.createFamily(named: name, creator: creator)
    }
  }

  func findFamily(code: String) async throws(AppError) -> FamilyPreview {
    try await renewal.call { () async throws(AppError) -> FamilyPreview in
      try await base.families.findFamily(code: code)
    }
  }

  func joinFamily(code: String, user: UserID, role: Role) async throws(AppError) -> Membership {
    try await renewal.call { () async throws(AppError) -> Membership in
      try await base.families.joinFamily(code: code, user: user, role: role)
    }
  }

  func families(for user: UserID) async throws(AppError) -> [Family] {
    try await renewal.call { () async throws(AppError) -> [Family] in try await base.families.families(for: user) }
  }

  func members(of family: FamilyID) async throws(AppError) -> [Member] {
    try await renewal.call { () async throws(AppError) -> [Member] in try await base.families.members(of: family) }
  }

  func changeRole(of user: UserID, in family: FamilyID, to role: Role, by actor: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.families.changeRole(of: user, in: family, to: role, by: actor)
    }
  }

  func removeMember(_ user: UserID, from family: FamilyID, by actor: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.families.removeMember(user, from: family, by: actor)
    }
  }

  func regenerateCode(for family: FamilyID, by actor: UserID) async throws(AppError) -> Family {
    try await renewal.call { () async throws(AppError) -> Family in
      try await base.families.regenerateCode(for: family, by: actor)
    }
  }

  func profile(of user: UserID) async throws(AppError) -> UserProfile {
    try await renewal.call { () async throws(AppError) -> UserProfile in try await base.profile.profile(of: user) }
  }

  func notificationPreferences(of user: UserID) async throws(AppError) -> NotificationPreferences {
    try await renewal.call { () async throws(AppError) -> NotificationPreferences in
      try await base.profile.notificationPreferences(of: user)
    }
  }

  func setNotificationPreferences(_ preferences: NotificationPreferences, for user: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.profile.setNotificationPreferences(preferences, for: user)
    }
  }

  func events(in family: FamilyID) async throws(AppError) -> [CalendarEvent] {
    try await renewal.call { () async throws(AppError) -> [CalendarEvent] in try await base.calendar.events(in: family)
    }
  }

  func addEvent(_ event: NewEvent, to family: FamilyID, by actor: UserID) async throws(AppError) -> CalendarEvent {
    try await renewal.call { () async throws(AppError) -> CalendarEvent in
      try await base.calendar.addEvent(event, to: family, by: actor)
    }
  }

  func tasks(in family: FamilyID) async throws(AppError) -> [FamilyTask] {
    try await renewal.call { () async throws(AppError) -> [FamilyTask] in try await base.tasks.tasks(in: family) }
  }

  func addTask(_ task: NewTask, to family: FamilyID, by actor: UserID) async throws(AppError) -> FamilyTask {
    try await renewal.call { () async throws(AppError) -> FamilyTask in
      try await base.tasks.addTask(task, to: family, by: actor)
    }
  }

  func setStatus(_ status: FamilyTask.Status, ofTask task: ItemID, by actor: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.tasks.setStatus(status, ofTask: task, by: actor)
    }
  }

  func assign(task: ItemID, to assignee: UserID, by actor: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.tasks.assign(task: task, to: assignee, by: actor)
    }
  }

  func messages(in family: FamilyID) async throws(AppError) -> [FamilyMessage] {
    try await renewal.call { () async throws(AppError) -> [FamilyMessage] in
      try await base.messaging.messages(in: family)
    }
  }

  func sendMessage(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError) -> FamilyMessage {
    try await renewal.call { () async throws(AppError) -> FamilyMessage in
      try await base.messaging.sendMessage(text, to: family, by: actor)
    }
  }

  func notices(in family: FamilyID) async throws(AppError) -> [Notice] {
    try await renewal.call { () async throws(AppError) -> [Notice] in try await base.messaging.notices(in: family) }
  }

  func postNotice(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError) -> Notice {
    try await renewal.call { () async throws(AppError) -> Notice in
      try await base.messaging.postNotice(text, to: family, by: actor)
    }
  }

  func setPinned(_ pinned: Bool, notice: ItemID, by actor: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.messaging.setPinned(pinned, notice: notice, by: actor)
    }
  }

  func unreadMessages(in family: FamilyID, for user: UserID) async throws(AppError) -> [ItemID] {
    try await renewal.call { () async throws(AppError) -> [ItemID] in
      try await base.messaging.unreadMessages(in: family, for: user)
    }
  }

  func markRead(in family: FamilyID, through message: ItemID, by actor: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.messaging.markRead(in: family, through: message, by: actor)
    }
  }

  func routes(in family: FamilyID) async throws(AppError) -> [SchoolRoute] {
    try await renewal.call { () async throws(AppError) -> [SchoolRoute] in try await base.schoolRun.routes(in: family) }
  }

  func pickups(in family: FamilyID) async throws(AppError) -> [Pickup] {
    try await renewal.call { () async throws(AppError) -> [Pickup] in try await base.schoolRun.pickups(in: family) }
  }

  func setDriver(_ driver: UserID?, ofPickup pickup: ItemID, by actor: UserID) async throws(AppError) {
    try await renewal.call { () async throws(AppError) in
      try await base.schoolRun.setDriver(driver, ofPickup: pickup, by: actor)
    }
  }
}

/// A sync service whose calls renew the session they run in (``SessionRenewal``).
struct RenewingSyncService: CloudSyncService {
  let base: any CloudSyncService
  let renewal: SessionRenewal

  func performInitialSetup() async throws(AppError) {
    try await renewal.call { () async throws(AppError) in try await base.performInitialSetup() }
  }

  func sync(_ family: FamilyID) async throws(AppError) -> SyncStatus {
    try await renewal.call { () async throws(AppError) -> SyncStatus in try await base.sync(family) }
  }

  func shareCode(for family: Family) async -> ShareCode {
    await base.shareCode(for: family)
  }

  func apply(_ change: PendingChange) async throws(AppError) -> ChangeResult {
    try await renewal.call { () async throws(AppError) -> ChangeResult in try await base.apply(change) }
  }
}

extension Services {
  /// These services with the data and sync calls renewing the session they run in (``SessionRenewal``).
  func renewing(_ renewal: SessionRenewal) -> Services {
    let data = RenewingDataService(base: self, renewal: renewal)
    return Services(
      auth: auth, families: data, profile: data, calendar: data, tasks: data, messaging: data, schoolRun: data,
      sync: RenewingSyncService(base: sync, renewal: renewal), device: device, clock: clock, tokens: tokens)
  }
}
