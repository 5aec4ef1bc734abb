import Foundation
import TribeBoardCore

/// Signs in the person holding a ``MockDevice`` with the providers their account lists, and keeps their session:
/// access tokens that run out on the simulated clock, refresh tokens, second factors with limited tries.
public struct MockAuthService: AuthService {
  public let backend: MockBackend
  public let device: MockDevice

  public init(backend: MockBackend, device: MockDevice) {
    self.backend = backend
    self.device = device
  }

  public func currentSession() async throws(AppError) -> AuthSession? {
    guard let refresh = device.refreshToken else { return nil }
    let access = device.token
    do throws(AppError) {
      return try backend.perform(.authCurrentSession, from: device) {
        state, now throws(AppError) -> AuthSession? in
        guard let record = state.auth.refreshTokens[refresh], now < record.expiresAt else {
          state.auth.revoke(access: access, refresh: refresh)
          throw AppError(.sessionExpired)
        }
        let profile = try state.account(record.user).profile
        let expiresAt = access.flatMap { state.auth.accessTokens[$0]?.expiresAt } ?? now
        return AuthSession(
          user: profile, token: access ?? "", expiresAt: expiresAt, refreshToken: refresh,
          refreshExpiresAt: record.expiresAt)
      }
    } catch {
      if error.code == .sessionExpired { device.store(nil) }
      throw error
    }
  }

  public func signIn(with provider: AuthProvider) async throws(AppError) -> SignInOutcome {
    let user = device.user
    let identity = device.identities[provider]
    let outcome = try backend.perform(.authSignIn, from: device) {
      state, now throws(AppError) -> SignInOutcome in
      guard let account = state.store.account(user) else {
        // Someone the provider knows and TribeBoard does not: an account can be made from what the provider
        // gives, unless sign-up is closed or an account already uses that email (with whatever provider: the
        // same words either way, so nothing is learnt about it).
        guard let identity, state.auth.policy.signUp, !state.store.hasAccount(email: identity.email) else {
          throw Self.notFound
        }
        return .newIdentity(identity)
      }
      guard account.providers.contains(provider) else {
        // The same words whatever providers the account has: the phone's holder learns nothing about it.
        throw Self.notFound
      }
      if let until = state.auth.lockedUntil[user] {
        guard now >= until else { throw MockAuthState.locked(until: until) }
        state.auth.lockedUntil[user] = nil
      }
      if account.mfaCode != nil {
        let id = state.nextID("challenge")
        let policy = state.auth.policy
        let expiresAt = now.addingTimeInterval(policy.mfaCodeLifetime)
        state.auth.challenges[id] = .init(user: user, expiresAt: expiresAt, triesLeft: policy.mfaAttempts)
        return .mfaRequired(
          MFAChallenge(
            id: id, user: account.profile, provider: provider, expiresAt: expiresAt, triesLeft: policy.mfaAttempts))
      }
      return .signedIn(state.auth.issueSession(for: account.profile, at: now))
    }
    if case .signedIn(let session) = outcome { device.store(session) }
    return outcome
  }

  /// The same words whatever is behind them: the phone's holder learns nothing about other accounts.
  static let notFound = AppError(
    .accountNotFound, "No TribeBoard account is linked to that sign-in. Try another way to sign in.",
    recovery: [.signIn])

  public func signUp(_ identity: ProviderIdentity) async throws(AppError) -> AuthSession {
    let user = device.user
    guard device.identities[identity.provider] == identity else { throw Self.notFound }
    let session = try backend.perform(.authSignIn, from: device) { state, now throws(AppError) -> AuthSession in
      guard state.auth.policy.signUp, state.store.account(user) == nil,
        !state.store.hasAccount(email: identity.email)
      else { throw Self.notFound }
      let profile = UserProfile(id: user, name: identity.name, email: identity.email)
      state.store.add(MockAccount(profile: profile, providers: [identity.provider]))
      return state.auth.issueSession(for: profile, at: now)
    }
    device.store(session)
    return session
  }

  public func verify(_ challenge: MFAChallenge, code: String) async throws(AppError) -> AuthSession {
    let session = try backend.perform(.authVerify, from: device) { state, now throws(AppError) in
      guard var pending = state.auth.challenges[challenge.id] else {
        throw AppError(.invalidMFACode, "This sign-in has expired. Start again.", recovery: [.back])
      }
      guard now < pending.expiresAt else {
        throw AppError(
          .invalidMFACode, "That code is invalid or expired: this one ran out. Send a new code.",
          recovery: [.newCode, .back])
      }
      let account = try state.account(pending.user)
      guard account.mfaCode == code else {
        pending.triesLeft -= 1
        guard pending.triesLeft > 0 else {
          state.auth.challenges[challenge.id] = nil
          let until = now.addingTimeInterval(state.auth.policy.mfaLockout)
          state.auth.lockedUntil[pending.user] = until
          throw MockAuthState.locked(until: until)
        }
        state.auth.challenges[challenge.id] = pending
        let tries = pending.triesLeft == 1 ? "1 try left" : "\(pending.triesLeft) tries left"
        throw AppError(.invalidMFACode, "That code is invalid or expired. \(tries).")
      }
      state.auth.challenges[challenge.id] = nil
      return state.auth.issueSession(for: account.profile, at: now)
    }
    device.store(session)
    return session
  }

  public func resendCode(for challenge: MFAChallenge) async throws(AppError) -> MFAChallenge {
    try backend.perform(.authResendCode, from: device) { state, now throws(AppError) in
      guard var pending = state.auth.challenges[challenge.id] else {
        throw AppError(.invalidMFACode, "This sign-in has expired. Start again.", recovery: [.back])
      }
      pending.expiresAt = now.addingTimeInterval(state.auth.policy.mfaCodeLifetime)
      state.auth.challenges[challenge.id] = pending
      var renewed = challenge
      renewed.expiresAt = pending.expiresAt
      renewed.triesLeft = pending.triesLeft
      return renewed
    }
  }

  public func refresh(_ session: AuthSession) async throws(AppError) -> AuthSession {
    let old = device.token
    do throws(AppError) {
      let renewed = try backend.perform(.authRefresh, from: device) { state, now throws(AppError) in
        guard let record = state.auth.refreshTokens[session.refreshToken], now < record.expiresAt else {
          state.auth.revoke(access: old, refresh: session.refreshToken)
          throw AppError(.sessionExpired)
        }
        state.auth.revoke(access: old, refresh: nil)
        return state.auth.renewAccess(
          for: try state.account(record.user).profile, refresh: session.refreshToken, at: now)
      }
      device.store(renewed)
      return renewed
    } catch {
      if error.code == .sessionExpired { device.store(nil) }
      throw error
    }
  }

  /// Forgets the session on the phone first, so a failure to reach the backend never keeps anyone signed in.
  public func signOut() async throws(AppError) {
    let access = device.token
    let refresh = device.refreshToken
    device.store(nil)
    try backend.perform(.authSignOut, from: device) { state, _ in
      state.auth.revoke(access: access, refresh: refresh)
    }
  }
}
