import Foundation
import TribeBoardCore

/// How the mock identity provider treats sessions and second factors. A scenario's `auth` sets it.
public struct MockAuthPolicy: Equatable, Sendable {
  /// How long an access token works, in seconds (default one hour).
  public var accessTokenLifetime: TimeInterval
  /// How long a refresh token works, in seconds (default 30 days).
  public var refreshTokenLifetime: TimeInterval
  /// Wrong codes allowed before sign-in locks (default 5).
  public var mfaAttempts: Int
  /// How long sign-in stays locked after too many wrong codes, in seconds (default 15 minutes).
  public var mfaLockout: TimeInterval
  /// How long a one-time code works, in seconds (default 10 minutes).
  public var mfaCodeLifetime: TimeInterval
  /// Whether a person a provider knows and TribeBoard does not may create an account (default `true`).
  public var signUp: Bool

  public init(
    accessTokenLifetime: TimeInterval = 3600, refreshTokenLifetime: TimeInterval = 30 * 86400, mfaAttempts: Int = 5,
    mfaLockout: TimeInterval = 900, mfaCodeLifetime: TimeInterval = 600, signUp: Bool = true
  ) {
    self.signUp = signUp
    self.accessTokenLifetime = accessTokenLifetime
    self.refreshTokenLifetime = refreshTokenLifetime
    self.mfaAttempts = mfaAttempts
    self.mfaLockout = mfaLockout
    self.mfaCodeLifetime = mfaCodeLifetime
  }
}

/// What the mock identity provider remembers: tokens, pending second factors and locked accounts.
public struct MockAuthState: Sendable {
  /// A token of a session. A session is one refresh token and the access token last issued under it, each naming
  /// the other: signing out with either ends both, and renewing replaces both.
  struct Token: Hashable, Sendable {
    var user: UserID
    var expiresAt: Date
    /// The other token of its session: an access token's refresh token, a refresh token's access token.
    var pair: String? = nil
  }

  struct Challenge: Hashable, Sendable {
    var user: UserID
    var expiresAt: Date
    /// How many codes were sent for it: "Send a new code" sends one more, even within the same second.
    var sent = 1
  }

  var policy: MockAuthPolicy
  var accessTokens: [String: Token] = [:]
  /// Refresh tokens, and the access token last issued with each.
  var refreshTokens: [String: Token] = [:]
  var challenges: [String: Challenge] = [:]
  /// Accounts whose sign-in is locked, and until when.
  var lockedUntil: [UserID: Date] = [:]
  /// Wrong codes typed for each account since its last successful sign-in or the end of its last lockout: they
  /// belong to the account, not to one challenge, so going back, signing in again, a new code or a relaunch keep
  /// them.
  var failedCodes: [UserID: Int] = [:]
  /// Family codes looked up that no family has, per account: limited as wrong verification codes are, so a family
  /// code can't be guessed.
  var wrongFamilyCodes: [UserID: Int] = [:]
  /// Accounts that may not look family codes up until then, after too many wrong ones.
  var familyCodesLockedUntil: [UserID: Date] = [:]
  private var issued: [String: Int] = [:]

  init(policy: MockAuthPolicy) {
    self.policy = policy
  }

  /// `token-1`, `token-2`, …; `refresh-1`, …: numbered per kind, so the ids read in order.
  private mutating func nextToken(_ prefix: String) -> String {
    issued[prefix, default: 0] += 1
    return "\(prefix)-\(issued[prefix]!)"
  }

  /// The tokens, challenges and locks, table by table: each table's hash, and whether two states hold the same
  /// table (equal hashes for the states ``hasSameContents(as:)`` calls equal).
  static let parts: [(hash: @Sendable (MockAuthState) -> Int, same: @Sendable (MockAuthState, MockAuthState) -> Bool)] =
    [
      ({ $0.accessTokens.hashValue }, { $0.accessTokens == $1.accessTokens }),
      ({ $0.refreshTokens.hashValue }, { $0.refreshTokens == $1.refreshTokens }),
      ({ $0.challenges.hashValue }, { $0.challenges == $1.challenges }),
      ({ $0.lockedUntil.hashValue }, { $0.lockedUntil == $1.lockedUntil }),
      ({ $0.failedCodes.hashValue }, { $0.failedCodes == $1.failedCodes }),
      ({ $0.wrongFamilyCodes.hashValue }, { $0.wrongFamilyCodes == $1.wrongFamilyCodes }),
      ({ $0.familyCodesLockedUntil.hashValue }, { $0.familyCodesLockedUntil == $1.familyCodesLockedUntil }),
    ]

  /// Whether the two hold the same tokens, challenges and locks.
  func hasSameContents(as other: MockAuthState) -> Bool {
    accessTokens == other.accessTokens && refreshTokens == other.refreshTokens && challenges == other.challenges
      && lockedUntil == other.lockedUntil && failedCodes == other.failedCodes
      && wrongFamilyCodes == other.wrongFamilyCodes && familyCodesLockedUntil == other.familyCodesLockedUntil
  }

  /// How many wrong codes `user` may still type before sign-in locks.
  func triesLeft(_ user: UserID) -> Int {
    max(policy.mfaAttempts - failedCodes[user, default: 0], 0)
  }

  /// Ends `user`'s lockout if its time is over (the wrong codes that caused it are forgotten with it); throws
  /// ``locked(until:now:)`` while it lasts.
  mutating func checkUnlocked(_ user: UserID, at now: Date) throws(AppError) {
    guard let until = lockedUntil[user] else { return }
    guard now >= until else { throw Self.locked(until: until, now: now) }
    lockedUntil[user] = nil
    failedCodes[user] = nil
  }

  /// A new session for `profile`: a fresh access token and refresh token.
  mutating func issueSession(for profile: UserProfile, at now: Date) -> AuthSession {
    let refresh = nextToken("refresh")
    refreshTokens[refresh] = Token(user: profile.id, expiresAt: now.addingTimeInterval(policy.refreshTokenLifetime))
    return renewAccess(for: profile, refresh: refresh, at: now)
  }

  /// A new access token in the session of `refresh`, which replaces the one it had.
  mutating func renewAccess(for profile: UserProfile, refresh: String, at now: Date) -> AuthSession {
    if let old = refreshTokens[refresh]?.pair { accessTokens[old] = nil }
    let access = nextToken("token")
    let expiresAt = now.addingTimeInterval(policy.accessTokenLifetime)
    accessTokens[access] = Token(user: profile.id, expiresAt: expiresAt, pair: refresh)
    refreshTokens[refresh]?.pair = access
    return AuthSession(
      user: profile, token: access, expiresAt: expiresAt, refreshToken: refresh,
      refreshExpiresAt: refreshTokens[refresh]?.expiresAt ?? now)
  }

  /// Renews the session of `refresh`: a new refresh token, which ends when the old one would have, and a new access
  /// token; the old tokens stop working, so a refresh token renews once. `nil` for a token not issued or revoked.
  mutating func rotate(_ refresh: String, for profile: UserProfile, at now: Date) -> AuthSession? {
    guard let record = refreshTokens.removeValue(forKey: refresh) else { return nil }
    if let access = record.pair { accessTokens[access] = nil }
    let renewed = nextToken("refresh")
    refreshTokens[renewed] = Token(user: record.user, expiresAt: record.expiresAt)
    return renewAccess(for: profile, refresh: renewed, at: now)
  }

  /// The account `token` is a live access token of at `now`; a dead one is the app's cue to refresh.
  @discardableResult
  func checkAccess(_ token: String?, at now: Date) throws(AppError) -> UserID {
    guard let token, let record = accessTokens[token], now < record.expiresAt else {
      throw AppError(.sessionExpired)
    }
    return record.user
  }

  /// The refresh token of the session the access token `access` belongs to (run out or not).
  func session(ofAccess access: String) -> String? {
    accessTokens[access]?.pair
  }

  /// Ends the session `token`, an access or a refresh token, belongs to: every token of it stops working.
  mutating func endSession(of token: String) {
    if let access = accessTokens.removeValue(forKey: token), let refresh = access.pair {
      refreshTokens[refresh] = nil
    }
    if let refresh = refreshTokens.removeValue(forKey: token), let access = refresh.pair {
      accessTokens[access] = nil
    }
  }

  /// Refuses `user` looking family codes up while too many wrong ones lock it; a lock whose time is over ends,
  /// and the wrong codes with it.
  mutating func checkFamilyCodesUnlocked(_ user: UserID, at now: Date) throws(AppError) {
    guard let until = familyCodesLockedUntil[user] else { return }
    guard now >= until else { throw Self.codesLocked(until: until, now: now) }
    familyCodesLockedUntil[user] = nil
    wrongFamilyCodes[user] = nil
  }

  /// Counts a family code `user` looked up that no family has; the last try allowed locks lookups for a while.
  mutating func countWrongFamilyCode(_ user: UserID, at now: Date) throws(AppError) {
    wrongFamilyCodes[user, default: 0] += 1
    guard wrongFamilyCodes[user, default: 0] >= policy.mfaAttempts else { return }
    let until = now.addingTimeInterval(policy.mfaLockout)
    familyCodesLockedUntil[user] = until
    throw Self.codesLocked(until: until, now: now)
  }

  /// The error for an account that typed too many wrong family codes.
  static func codesLocked(until date: Date, now: Date) -> AppError {
    AppError(
      .tooManyAttempts,
      "Too many family codes that no family has. Looking codes up is locked until \(time(date, now: now)).",
      recovery: [.back])
  }

  /// The error for a locked account, naming when it unlocks (with the day when that is not `now`'s). Signing in is
  /// not offered as a way forward: it is refused until then.
  static func locked(until date: Date, now: Date) -> AppError {
    AppError(.tooManyAttempts, "Too many wrong codes. Sign-in is locked until \(time(date, now: now)).", recovery: [])
  }

  /// When a lock ends, as its refusal says it: "08:15 UTC", with the day when that is not `now`'s.
  private static func time(_ date: Date, now: Date) -> String {
    let parts = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
    let today = Calendar.utc.dateComponents([.year, .month, .day], from: now)
    var time = String(format: "%02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
    if parts.year != today.year || parts.month != today.month || parts.day != today.day {
      let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
      let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
      let weekday = weekdays[((parts.weekday ?? 1) - 1) % 7]
      let month = months[((parts.month ?? 1) - 1) % 12]
      time += " on \(weekday) \(parts.day ?? 1) \(month)"
      if parts.year != today.year { time += " \(parts.year ?? 0)" }
    }
    return time
  }
}

extension Calendar {
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
