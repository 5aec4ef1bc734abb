/// Signs people in and out. The real app talks to Sign in with Apple and Google; the simulator uses a mock.
public protocol AuthService: Sendable {
  /// The session this device stored, if one is stored; `nil` when nobody is signed in. A stored session whose
  /// access token has run out is still returned: ``refresh(_:)`` renews it. Fails with `sessionExpired` when the
  /// session was revoked or can no longer be refreshed.
  func currentSession() async throws(AppError) -> AuthSession?
  /// Starts a sign-in with `provider`; the account may ask for a second factor. A person the provider knows and
  /// TribeBoard does not gives ``SignInOutcome/newIdentity(_:)`` when sign-up is open, else `accountNotFound`.
  func signIn(with provider: AuthProvider) async throws(AppError) -> SignInOutcome
  /// Creates the account for `identity`, which a sign-in just gave, and signs it in. Fails with `accountNotFound`
  /// when sign-up is closed or the identity can't be used.
  func signUp(_ identity: ProviderIdentity) async throws(AppError) -> AuthSession
  /// Completes a sign-in that asked for a one-time code. A wrong code fails with `invalidMFACode` saying how many
  /// tries are left; too many wrong codes fail with `tooManyAttempts` and lock sign-in for a while.
  func verify(_ challenge: MFAChallenge, code: String) async throws(AppError) -> AuthSession
  /// Sends a new code for a pending challenge, which restarts its lifetime.
  func resendCode(for challenge: MFAChallenge) async throws(AppError) -> MFAChallenge
  /// Trades the session's refresh token for a new access token. Fails with `sessionExpired` when the refresh
  /// token has run out or was revoked; the device then forgets the session.
  func refresh(_ session: AuthSession) async throws(AppError) -> AuthSession
  /// Ends the session and forgets its token on this device.
  func signOut() async throws(AppError)
}
