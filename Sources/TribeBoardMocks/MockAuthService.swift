import TribeBoardCore

/// Signs in the person holding a ``MockDevice`` with the providers their account lists.
public struct MockAuthService: AuthService {
  public let backend: MockBackend
  public let device: MockDevice

  public init(backend: MockBackend, device: MockDevice) {
    self.backend = backend
    self.device = device
  }

  public func currentSession() async throws(AppError) -> AuthSession? {
    let token = device.token
    let session = try await backend.perform(.authCurrentSession) { state, _ throws(AppError) -> AuthSession? in
      guard let token, let user = state.tokens[token] else { return nil }
      return AuthSession(user: try state.account(user).profile, token: token)
    }
    if session == nil { device.token = nil }
    return session
  }

  public func signIn(with provider: AuthProvider) async throws(AppError) -> SignInOutcome {
    let user = device.user
    let outcome = try await backend.perform(.authSignIn) { state, _ throws(AppError) -> SignInOutcome in
      let account = try state.account(user)
      guard account.providers.contains(provider) else {
        let others = account.providers.map(\.displayName).joined(separator: " or ")
        throw AppError(
          .accountNotFound, "No TribeBoard account is linked to this \(provider.displayName) ID. Try \(others).",
          recovery: [.back, .contactSupport])
      }
      if account.mfaCode != nil {
        let id = state.nextID("challenge")
        state.challenges[id] = user
        return .mfaRequired(MFAChallenge(id: id, user: account.profile, provider: provider))
      }
      return .signedIn(AuthSession(user: account.profile, token: state.issueToken(for: user)))
    }
    if case .signedIn(let session) = outcome { device.token = session.token }
    return outcome
  }

  public func verify(_ challenge: MFAChallenge, code: String) async throws(AppError) -> AuthSession {
    let session = try await backend.perform(.authVerify) { state, _ throws(AppError) in
      guard let user = state.challenges[challenge.id] else {
        throw AppError(.invalidMFACode, "This sign-in has expired. Start again.", recovery: [.back])
      }
      guard try state.account(user).mfaCode == code else {
        throw AppError(.invalidMFACode, "That code is not right. Check your authenticator and try again.")
      }
      state.challenges[challenge.id] = nil
      return AuthSession(user: try state.account(user).profile, token: state.issueToken(for: user))
    }
    device.token = session.token
    return session
  }

  /// Forgets the token on the phone first, so a failure to reach the backend never keeps anyone signed in.
  public func signOut() async throws(AppError) {
    let token = device.token
    device.token = nil
    try await backend.perform(.authSignOut) { state, _ in
      if let token { state.tokens[token] = nil }
    }
  }
}
