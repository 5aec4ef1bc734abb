/// Signs people in and out. The real app talks to Sign in with Apple and Google; the simulator uses a mock.
public protocol AuthService: Sendable {
  /// The session this device stored, if it is still valid; `nil` when nobody is signed in.
  func currentSession() async throws(AppError) -> AuthSession?
  /// Starts a sign-in with `provider`; the account may ask for a second factor.
  func signIn(with provider: AuthProvider) async throws(AppError) -> SignInOutcome
  /// Completes a sign-in that asked for a one-time code.
  func verify(_ challenge: MFAChallenge, code: String) async throws(AppError) -> AuthSession
  /// Ends the session and forgets its token on this device.
  func signOut() async throws(AppError)
}
