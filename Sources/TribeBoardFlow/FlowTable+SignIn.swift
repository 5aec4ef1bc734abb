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
        guard case .awaitingCode(let challenge) = state.session else { return [] }
        return [
          .paragraph(
            "\(challenge.user.firstName), your account asks for a second step. Enter the 6-digit code we sent you."
          ),
          .field("Code works until", DateText.full(challenge.expiresAt, now: state.now)),
        ]
      },
      actions: [
        FlowAction(
          .enterCode, "Enter the code", phrases: ["code", "c"], argument: .text("6-digit code"),
          targets: [.familySetup, .signIn], resumesFamily: true
        ) { state, argument, services throws(AppError) in
          guard case .awaitingCode(let challenge) = state.session else { return }
          let code = try Validation.mfaCode(argument.text())
          do throws(AppError) {
            try await Flow.enter(with: try await services.auth.verify(challenge, code: code), &state, services)
            // What waited on the phone when its person signed out goes on its way again.
            if state.family != nil { await Flow.sendQueued(&state, services) }
          } catch  where error.code == .tooManyAttempts {
            state.session = .signedOut
            state.screen = .signIn
            throw error
          }
        },
        FlowAction(.newCode, "Send a new code", phrases: ["new code", "resend"], targets: [.mfa]) {
          state, _, services throws(AppError) in
          guard case .awaitingCode(let challenge) = state.session else { return }
          let renewed = try await services.auth.resendCode(for: challenge)
          state.session = .awaitingCode(renewed)
          state.notice = "A new code is on its way. It works until \(DateText.full(renewed.expiresAt, now: state.now))."
        },
        FlowAction(.back, "Back to sign-in", phrases: ["back", "b"], targets: [.signIn]) { state, _, _ in
          state.session = .signedOut
          state.screen = .signIn
        },
      ]),
    ScreenSpec(
      .signUp, title: "Create your account",
      body: { state in
        guard case .signUp(let identity) = state.screen else { return [] }
        return [
          .paragraph(
            "No TribeBoard account uses this \(identity.provider.displayName) sign-in yet. Create one with what \(identity.provider.displayName) gives, then create or join your family."
          ),
          .field("Name", identity.accountName),
          .field("Email", identity.email),
        ]
      },
      actions: [
        FlowAction(
          .createAccount, "Create my account", phrases: ["create account", "create", "yes"], targets: [.familySetup]
        ) { state, _, services throws(AppError) in
          guard case .signUp(let identity) = state.screen else { return }
          let session = try await services.auth.signUp(identity)
          try await Flow.enter(with: session, &state, services)
          state.notice = "Welcome to TribeBoard, \(session.user.firstName)! Your account is ready."
        },
        FlowAction(.back, "Cancel", phrases: ["cancel", "back", "no"], targets: [.signIn]) { state, _, _ in
          state.session = .signedOut
          state.screen = .signIn
          state.notice = FlowTable.noAccountCreated
        },
      ]),
    ScreenSpec(
      .preparing,
      title: { state in state.session.auth == nil ? "TribeBoard" : "Setting up your family board" },
      body: { state in
        [
          .paragraph(
            state.error == nil
              ? "Setting up your family board…"
              : "Your family board could not be opened yet. You are still signed in on this phone.")
        ]
      },
      actions: [
        FlowAction(
          .restore, "Open the family board", phrases: ["open", "open board"],
          targets: [.dashboard, .familySetup, .signIn, .preparing]
        ) { state, _, services throws(AppError) in
          if state.family != nil {
            try await Flow.openBoard(&state, services)
          } else {
            try await Flow.restore(&state, services)
          }
        },
        signOut,
      ],
      retry: .restore),
  ]

  private static func signIn(_ provider: AuthProvider) -> FlowAction {
    FlowAction(
      provider == .apple ? .signInApple : .signInGoogle, "Sign in with \(provider.displayName)",
      phrases: ["sign in \(provider.rawValue)", "sign in with \(provider.rawValue)", provider.rawValue],
      targets: [.mfa, .familySetup, .signUp], resumesFamily: true
    ) { state, _, services throws(AppError) in
      switch try await services.auth.signIn(with: provider) {
      case .signedIn(let session):
        try await Flow.enter(with: session, &state, services)
        // What waited on the phone when its person signed out goes on its way again.
        if state.family != nil { await Flow.sendQueued(&state, services) }
      case .mfaRequired(let challenge):
        state.session = .awaitingCode(challenge)
        state.screen = .mfa
      case .newIdentity(let identity):
        state.screen = .signUp(identity)
      }
    }
  }

  /// Signing out clears the session and everything the app showed of the family, even when the server can't be
  /// told: the token is gone from the phone either way. Every role may sign out.
  static let signOut = signingOut(targets: [.signIn])

  /// Signing out from a family screen asks first when changes wait on this phone: yes signs out and keeps what
  /// can't be sent now on the phone (sent when the person signs in again), no stays signed in, where the changes
  /// can be sent first. With nothing waiting it signs out at once.
  static let signOutOfFamily = signingOut(targets: [.confirm, .signIn]) { state, services in
    let waiting = await services.device.outbox().changes.count
    guard waiting > 0 else { return nil }
    let (it, they, theyAre, go) =
      waiting == 1 ? ("it", "it", "it is", "it goes by itself") : ("them", "they", "they are", "they go by themselves")
    return
      "Sign out? \(Flow.waiting(waiting)) still waiting to sync with \(state.family?.name ?? "your family"). Yes signs "
      + "out and keeps \(it) on this phone if \(they) can't be sent now: \(theyAre) sent when you sign in again. No "
      + "stays signed in to send \(it) first: \(go) when \(they) can, or with Sync now on the dashboard."
  }

  private static func signingOut(targets: [ScreenID], confirm: FlowAction.Question? = nil) -> FlowAction {
    FlowAction(.signOut, "Sign out", phrases: ["sign out", "logout"], targets: targets, confirm: confirm) {
      state, _, services in
      // Changes waiting on the phone are sent first; what can't be sent stays, and the person is told.
      if state.family != nil, !(await services.device.outbox().changes.isEmpty) {
        await Flow.sendQueued(&state, services)
      }
      let notes = state.notes
      let waiting = await services.device.outbox().changes.count
      var unreachable: AppError?
      do throws(AppError) {
        try await services.auth.signOut()
      } catch {
        unreachable = error
      }
      state = AppState(screen: .signIn, now: state.now)
      state.notes = notes
      state.notice =
        (unreachable.map { "Signed out on this phone; the server could not be told (\($0.message))" }
          ?? "You have signed out.")
        + (waiting > 0
          ? " \(Flow.waiting(waiting)) still waiting on this phone; \(waiting == 1 ? "it is" : "they are") sent when you sign in again."
          : "")
      state.noticeIsFailure = unreachable != nil
    }
  }
}
