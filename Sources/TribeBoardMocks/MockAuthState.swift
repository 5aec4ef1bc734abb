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
  struct Token: Hashable, Sendable {
    var user: UserID
    var expiresAt: Date
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
    ]

  /// Whether the two hold the same tokens, challenges and locks.
  func hasSameContents(as other: MockAuthState) -> Bool {
    accessTokens == other.accessTokens && refreshTokens == other.refreshTokens && challenges == other.challenges
      && lockedUntil == other.lockedUntil && failedCodes == other.failedCodes
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

  /// A new access token under an existing refresh token.
  mutating func renewAccess(for profile: UserProfile, refresh: String, at now: Date) -> AuthSession {
    let access = nextToken("token")
    let expiresAt = now.addingTimeInterval(policy.accessTokenLifetime)
    accessTokens[access] = Token(user: profile.id, expiresAt: expiresAt)
    return AuthSession(
      user: profile, token: access, expiresAt: expiresAt, refreshToken: refresh,
      refreshExpiresAt: refreshTokens[refresh]?.expiresAt ?? now)
  }

  /// Checks that `token` is a live access token; a dead one is the app's cue to refresh.
  func checkAccess(_ token: String?, at now: Date) throws(AppError) {
    guard let token, let record = accessTokens[token], now < record.expiresAt else {
      throw AppError(.sessionExpired)
    }
  }

  /// Forgets every token of the session that `access` and `refresh` belong to.
  mutating func revoke(access: String?, refresh: String?) {
    if let access { accessTokens[access] = nil }
    if let refresh { refreshTokens[refresh] = nil }
  }

  /// The error for a locked account, naming when it unlocks (with the day when that is not `now`'s). Signing in is
  /// not offered as a way forward: it is refused until then.
  static func locked(until date: Date, now: Date) -> AppError {
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
    return AppError(.tooManyAttempts, "Too many wrong codes. Sign-in is locked until \(time).", recovery: [])
  }
}

extension Calendar {
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
