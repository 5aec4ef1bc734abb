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
        state, sent, now throws(AppError) -> AuthSession? in
        guard let record = state.auth.refreshTokens[refresh], sent < record.expiresAt else {
          state.auth.endSession(of: refresh)
          throw AppError(.sessionExpired)
        }
        // The access token must be of the same session: the answer is never another account's.
        if let access, let session = state.auth.session(ofAccess: access), session != refresh {
          throw AppError(.sessionExpired, "These tokens are not of one session: sign in again.", recovery: [.signIn])
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
      try state.auth.checkUnlocked(user, at: now)
      if account.mfaCode != nil {
        let id = state.nextID("challenge")
        let expiresAt = now.addingTimeInterval(state.auth.policy.mfaCodeLifetime)
        state.auth.challenges[id] = .init(user: user, expiresAt: expiresAt)
        return .mfaRequired(
          MFAChallenge(
            id: id, user: account.profile, provider: provider, expiresAt: expiresAt,
            triesLeft: state.auth.triesLeft(user)))
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
      // As the scenario loader takes an account: an id and an email by the app's rules.
      _ = try Validation.accountID(user)
      _ = try Validation.email(identity.email)
      guard state.auth.policy.signUp, state.store.account(user) == nil,
        !state.store.hasAccount(email: identity.email)
      else { throw Self.notFound }
      let profile = UserProfile(id: user, name: identity.accountName, email: identity.email)
      state.store.add(MockAccount(profile: profile, providers: [identity.provider]))
      return state.auth.issueSession(for: profile, at: now)
    }
    device.store(session)
    return session
  }

  public func verify(_ challenge: MFAChallenge, code: String) async throws(AppError) -> AuthSession {
    let session = try backend.perform(.authVerify, from: device) { state, sent, now throws(AppError) in
      guard let pending = state.auth.challenges[challenge.id] else {
        throw AppError(.invalidMFACode, "This sign-in has expired. Start again.", recovery: [.back])
      }
      // A lockout caused from another phone, or by an earlier challenge, holds for this one too.
      try state.auth.checkUnlocked(pending.user, at: now)
      guard sent < pending.expiresAt else {
        throw AppError(
          .invalidMFACode, "That code is invalid or expired: this one ran out. Send a new code.",
          recovery: [.newCode, .back])
      }
      let account = try state.account(pending.user)
      guard account.mfaCode == code else {
        state.auth.failedCodes[pending.user, default: 0] += 1
        let triesLeft = state.auth.triesLeft(pending.user)
        guard triesLeft > 0 else {
          // Every pending challenge of the account ends with the lockout.
          state.auth.challenges = state.auth.challenges.filter { $0.value.user != pending.user }
          let until = now.addingTimeInterval(state.auth.policy.mfaLockout)
          state.auth.lockedUntil[pending.user] = until
          throw MockAuthState.locked(until: until, now: now)
        }
        let tries = triesLeft == 1 ? "1 try left" : "\(triesLeft) tries left"
        throw AppError(.invalidMFACode, "That code is invalid or expired. \(tries).")
      }
      state.auth.challenges[challenge.id] = nil
      state.auth.failedCodes[pending.user] = nil
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
      try state.auth.checkUnlocked(pending.user, at: now)
      pending.expiresAt = now.addingTimeInterval(state.auth.policy.mfaCodeLifetime)
      pending.sent += 1
      state.auth.challenges[challenge.id] = pending
      var renewed = challenge
      renewed.expiresAt = pending.expiresAt
      renewed.triesLeft = state.auth.triesLeft(pending.user)
      return renewed
    }
  }

  /// Renews the session of `session`'s refresh token only (whatever access token the phone holds): its refresh
  /// token is replaced by a new one, so each renews once, and its old access token stops working.
  public func refresh(_ session: AuthSession) async throws(AppError) -> AuthSession {
    do throws(AppError) {
      let renewed = try backend.perform(.authRefresh, from: device) { state, sent, now throws(AppError) in
        guard let record = state.auth.refreshTokens[session.refreshToken], sent < record.expiresAt,
          let renewed = state.auth.rotate(
            session.refreshToken, for: try state.account(record.user).profile, at: now)
        else {
          state.auth.endSession(of: session.refreshToken)
          throw AppError(.sessionExpired)
        }
        return renewed
      }
      device.store(renewed)
      return renewed
    } catch {
      if error.code == .sessionExpired { device.store(nil) }
      throw error
    }
  }

  /// Forgets the session on the phone first, so a failure to reach the backend never keeps anyone signed in; the
  /// backend then ends the session of each token the phone held, so none of its tokens works again.
  public func signOut() async throws(AppError) {
    let access = device.token
    let refresh = device.refreshToken
    device.store(nil)
    try backend.perform(.authSignOut, from: device) { state, _ in
      if let access { state.auth.endSession(of: access) }
      if let refresh { state.auth.endSession(of: refresh) }
    }
  }
}
