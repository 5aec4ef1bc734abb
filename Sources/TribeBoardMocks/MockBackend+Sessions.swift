import Foundation
import Synchronization
import TribeBoardCore

/// The sessions a phone stores, read or issued outside any operation: for opening a scenario's or a saved phone.
extension MockBackend {
  /// When the tokens `device` stores run out, as the backend knows them; `nil` for a token it does not know.
  public func expiry(ofTokensOn device: MockDevice) -> (access: Date?, refresh: Date?) {
    let token = device.token
    let refreshToken = device.refreshToken
    return storage.withLock { storage in
      (
        token.flatMap { storage.state.auth.accessTokens[$0]?.expiresAt },
        refreshToken.flatMap { storage.state.auth.refreshTokens[$0]?.expiresAt }
      )
    }
  }

  /// The session `device` stores, read outside any operation (no latency, fault or network), as the app's own
  /// memory of it: for reopening a saved phone where it was left. It may have run out: the app learns that from its
  /// next call. `nil` when the phone holds none, or one the backend revoked.
  public func storedSession(of device: MockDevice) -> AuthSession? {
    let now = clock.now()
    guard let refresh = device.refreshToken else { return nil }
    let access = device.token
    return storage.withLock { storage in
      guard let record = storage.state.auth.refreshTokens[refresh],
        let profile = storage.state.store.account(record.user)?.profile
      else { return nil }
      return AuthSession(
        user: profile, token: access ?? "",
        expiresAt: access.flatMap { storage.state.auth.accessTokens[$0]?.expiresAt } ?? now,
        refreshToken: refresh, refreshExpiresAt: record.expiresAt)
    }
  }

  /// Issues a session for `user` outside any operation, as a device's stored session.
  ///
  /// - Parameters:
  ///   - accessUntil: when its access token runs out, instead of one lifetime from now (a saved session).
  ///   - refreshUntil: the same for its refresh token.
  public func issueSession(for user: UserID, accessUntil: Date? = nil, refreshUntil: Date? = nil) throws(AppError)
    -> AuthSession
  {
    let now = clock.now()
    return try storage.withLock { storage throws(AppError) -> AuthSession in
      let profile = try storage.state.account(user).profile
      storage.current = nil
      var session = storage.state.auth.issueSession(for: profile, at: now)
      if let accessUntil {
        storage.state.auth.accessTokens[session.token]?.expiresAt = accessUntil
        session.expiresAt = accessUntil
      }
      if let refreshUntil {
        storage.state.auth.refreshTokens[session.refreshToken]?.expiresAt = refreshUntil
        session.refreshExpiresAt = refreshUntil
      }
      return session
    }
  }
}
