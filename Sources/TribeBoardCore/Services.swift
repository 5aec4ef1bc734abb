import Foundation

/// What the device remembers between launches, apart from the session token.
public protocol DeviceStore: Sendable {
  func onboardingCompleted() async -> Bool
  func setOnboardingCompleted(_ completed: Bool) async
  /// The changes waiting to be sent, kept across launches.
  func outbox() async -> Outbox
  func setOutbox(_ outbox: Outbox) async
  /// What the phone kept of the data it last loaded, kept across launches.
  func cache() async -> PhoneCache
  func setCache(_ cache: PhoneCache) async
  /// Changes the cache in place (the app does after every load, so a store may avoid copying it out and back).
  func updateCache(_ change: @Sendable (inout PhoneCache) -> Void) async
}

extension DeviceStore {
  public func updateCache(_ change: @Sendable (inout PhoneCache) -> Void) async {
    var cache = await cache()
    change(&cache)
    await setCache(cache)
  }
}

/// The source of the current time. The simulator's clock is simulated; the real app's is the system's.
public protocol AppClock: Sendable {
  func now() -> Date
}

/// Where the session's tokens live between calls, as a phone's keychain holds them: the part of the services'
/// contract that no method signature shows. The ``AuthService`` writes it (sign-in, sign-up, verify, refresh, sign
/// out); the data services (``FamilyService`` and the others) and ``CloudSyncService`` read the access token from it
/// and send it with every call, which a backend checks (the caller's identity is the token's account, whatever user
/// id a call names). After a refresh, the next call carries the new token because the refresh stored it here.
public protocol TokenStore: Sendable {
  /// The access token every call carries; `nil` when signed out.
  var accessToken: String? { get }
  /// The token that buys a new access token; `nil` when signed out.
  var refreshToken: String? { get }
  /// Keeps `session`'s tokens, or forgets them when `nil`.
  func store(_ session: AuthSession?)
}

/// Every service the app uses, passed to the flow as one object. It never changes: where the flow needs other
/// services (calls that renew the session), it makes new ones.
public final class Services: Sendable {
  public let auth: any AuthService
  public let families: any FamilyService
  public let profile: any ProfileService
  public let calendar: any CalendarService
  public let tasks: any TaskService
  public let messaging: any MessagingService
  public let schoolRun: any SchoolRunService
  public let sync: any CloudSyncService
  public let device: any DeviceStore
  public let clock: any AppClock
  /// The session's tokens: written by `auth`, read by the data services and `sync` (see ``TokenStore``).
  public let tokens: any TokenStore

  public init(
    auth: any AuthService, families: any FamilyService, profile: any ProfileService, calendar: any CalendarService,
    tasks: any TaskService, messaging: any MessagingService, schoolRun: any SchoolRunService,
    sync: any CloudSyncService, device: any DeviceStore, clock: any AppClock, tokens: any TokenStore
  ) {
    self.auth = auth
    self.families = families
    self.profile = profile
    self.calendar = calendar
    self.tasks = tasks
    self.messaging = messaging
    self.schoolRun = schoolRun
    self.sync = sync
    self.device = device
    self.clock = clock
    self.tokens = tokens
  }
}
