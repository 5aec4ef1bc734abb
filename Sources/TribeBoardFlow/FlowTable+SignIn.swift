import TribeBoardCore

extension FlowTable {
  static let signInScreens: [ScreenSpec] = [
    ScreenSpec(
      .signIn, title: "Sign in",
      body: { _ in [.paragraph("Sign in to TribeBoard to see your family.")] },
      actions: [signIn(.apple), signIn(.google)]),
    ScreenSpec(
      .mfa, title: "Verification code",
      body: { state in
        guard case .mfa(let challenge) = state.screen else { return [] }
        return [
          .paragraph(
            "\(challenge.user.firstName), your account asks for a second step. Enter the 6-digit code from your authenticator app."
          )
        ]
      },
      actions: [
        FlowAction(
          .enterCode, "Enter the code", phrases: ["code", "c"], argument: "6-digit code",
          targets: [.dashboard, .familySetup]
        ) { state, argument, services throws(AppError) in
          guard case .mfa(let challenge) = state.screen else { return }
          let code = try Validation.mfaCode(try argument.required("code <6-digit code>"))
          let session = try await services.auth.verify(challenge, code: code)
          try await Flow.enter(with: session, &state, services)
        },
        .back(to: .signIn, label: "Back to sign-in"),
      ]),
  ]

  private static func signIn(_ provider: AuthProvider) -> FlowAction {
    FlowAction(
      provider == .apple ? .signInApple : .signInGoogle, "Sign in with \(provider.displayName)",
      phrases: ["sign in \(provider.rawValue)", "sign in with \(provider.rawValue)", provider.rawValue],
      targets: [.mfa, .dashboard, .familySetup]
    ) { state, _, services throws(AppError) in
      switch try await services.auth.signIn(with: provider) {
      case .signedIn(let session): try await Flow.enter(with: session, &state, services)
      case .mfaRequired(let challenge): state.screen = .mfa(challenge)
      }
    }
  }

  /// Signing out clears the session and everything the app showed of the family, even when the server can't be
  /// told: the token is gone from the phone either way. Every role may sign out.
  static let signOut = FlowAction(.signOut, "Sign out", phrases: ["sign out", "logout"], targets: [.signIn]) {
    state, _, services in
    var unreachable: AppError?
    do throws(AppError) {
      try await services.auth.signOut()
    } catch {
      unreachable = error
    }
    state = AppState(screen: .signIn, now: state.now)
    state.notice =
      unreachable.map { "Signed out on this phone; the server could not be told (\($0.message))" }
      ?? "You have signed out."
  }
}
