import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

@Suite struct OnboardingFlowTests {
  @Test func firstLaunchShowsTheFirstOnboardingPage() async {
    let tester = await FlowTester(Fixtures.configuration())
    #expect(tester.state.screen == .onboarding(page: 1))
    #expect(tester.state.session == nil)
  }

  @Test func nextAndBackMoveBetweenPages() async {
    var tester = await FlowTester(Fixtures.configuration())
    await tester.sendUnavailable(.back)
    await tester.send(.next) { $0.screen = .onboarding(page: 2) }
    await tester.send(.back) { $0.screen = .onboarding(page: 1) }
    await tester.send(.next) { $0.screen = .onboarding(page: 2) }
    await tester.send(.next) { $0.screen = .onboarding(page: 3) }
    await tester.sendUnavailable(.next)
    #expect(tester.flow.actions(in: tester.state).map(\.id) == [.getStarted, .back, .skip])
    await tester.send(.getStarted) { $0.screen = .signIn }
    #expect(await tester.services.device.onboardingCompleted())
  }

  @Test func skipFromTheFirstPageIsRememberedAcrossLaunches() async {
    var tester = await FlowTester(Fixtures.configuration())
    await tester.sendUnavailable(.getStarted)
    await tester.send(.skip) { $0.screen = .signIn }
    let relaunched = await tester.flow.launch(tester.services)
    #expect(relaunched.screen == .signIn)
  }
}

@Suite struct SignInFlowTests {
  @Test func signInWithoutAFamilyGoesToFamilySetup() async {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true))
    #expect(tester.state.screen == .signIn)
    await tester.send(.signInApple) {
      $0.screen = .familySetup
      $0.session = AuthSession(user: Fixtures.sarah, token: "token-1")
    }
  }

  @Test func signInWithAFamilyGoesToTheDashboard() async {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true, family: Fixtures.everyone))
    await tester.send(.signInApple) {
      $0.screen = .dashboard
      $0.session = AuthSession(user: Fixtures.sarah, token: "token-1")
      $0.family = Fixtures.johnsons
      $0.membership = Membership(userID: "sarah", familyID: "johnsons", role: .parentAdmin)
    }
  }

  @Test func aProviderTheAccountDoesNotUseIsAnErrorWithRecovery() async {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true))
    await tester.send(.signInGoogle) {
      $0.error = AppError(
        .accountNotFound, "No TribeBoard account is linked to this Google ID. Try Apple.",
        recovery: [.back, .contactSupport])
    }
  }

  @Test func aNetworkFaultOffersRetryWhichRepeatsTheIntent() async {
    let fault = Fault(operation: .authSignIn, error: .networkTimeout, times: 1)
    var tester = await FlowTester(Fixtures.configuration(onboarded: true, faults: [fault]))
    await tester.send(.signInApple) {
      $0.error = AppError(.networkTimeout)
      $0.retry = Intent(.signInApple)
    }
    #expect(tester.flow.actions(in: tester.state).map(\.id) == [.signInApple, .signInGoogle, .retry])
    await tester.send(.retry) {
      $0.error = nil
      $0.retry = nil
      $0.screen = .familySetup
      $0.session = AuthSession(user: Fixtures.sarah, token: "token-1")
    }
  }

  @Test func mfaAccountsAreAskedForTheirCode() async {
    var tester = await FlowTester(Fixtures.configuration(user: "mark", onboarded: true, family: Fixtures.everyone))
    let challenge = MFAChallenge(id: "challenge-1", user: Fixtures.mark, provider: .google)
    await tester.send(.signInGoogle) { $0.screen = .mfa(challenge) }
    await tester.send(.enterCode, "12") {
      $0.error = AppError(.invalidMFACode, "A verification code has 6 digits.", recovery: [.edit, .back])
    }
    await tester.send(.enterCode, "111111") {
      $0.error = AppError(.invalidMFACode, "That code is not right. Check your authenticator and try again.")
    }
    await tester.send(.enterCode, "482913") {
      $0.error = nil
      $0.screen = .dashboard
      $0.session = AuthSession(user: Fixtures.mark, token: "token-1")
      $0.family = Fixtures.johnsons
      $0.membership = Membership(userID: "mark", familyID: "johnsons", role: .adult)
    }
  }

  @Test func aStoredSessionLaunchesStraightIntoTheFamily() async {
    let tester = await FlowTester(Fixtures.configuration(onboarded: true, signedIn: true, family: Fixtures.everyone))
    #expect(tester.state.screen == .dashboard)
    #expect(tester.state.role == .parentAdmin)
  }

  @Test func signOutClearsTheSessionAndTheStoredToken() async throws {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true, signedIn: true, family: Fixtures.everyone))
    await tester.send(.signOut) {
      $0 = AppState(screen: .signIn, now: $0.now)
      $0.notice = "You have signed out."
    }
    #expect(try await tester.services.auth.currentSession() == nil)
    #expect(await tester.flow.launch(tester.services).screen == .signIn)
  }
}
