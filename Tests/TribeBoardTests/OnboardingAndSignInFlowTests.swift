import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

@Suite struct OnboardingFlowTests {
  @Test func firstLaunchShowsTheFirstOnboardingPage() async {
    let tester = await FlowTester(Fixtures.configuration())
    #expect(tester.state.screen == .onboarding(page: 1))
    #expect(tester.state.session == .signedOut)
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
      $0.session = .signedIn(Fixtures.session(Fixtures.sarah))
    }
  }

  @Test func signInWithAFamilyGoesToTheDashboard() async {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true, family: Fixtures.everyone))
    await tester.send(.signInApple) {
      $0.screen = .dashboard
      $0.session = Fixtures.member(Fixtures.sarah, .parentAdmin)
    }
  }

  @Test func aProviderTheAccountDoesNotUseIsAnErrorWithRecovery() async {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true))
    await tester.send(.signInGoogle) {
      $0.error = AppError(
        .accountNotFound, "No TribeBoard account is linked to that sign-in. Try another way to sign in.",
        recovery: [.signIn])
    }
  }

  @Test func aNetworkFaultOffersRetryWhichRepeatsTheIntent() async {
    let fault = Fault(operation: .authSignIn, error: .networkTimeout, times: 1)
    var tester = await FlowTester(Fixtures.configuration(onboarded: true, faults: [fault]))
    await tester.send(.signInApple) {
      $0.error = AppError(.networkTimeout, recovery: [.retry])
      $0.retry = Intent(.signInApple)
    }
    #expect(tester.flow.actions(in: tester.state).map(\.id) == [.signInApple, .signInGoogle, .retry])
    await tester.send(.retry) {
      $0.error = nil
      $0.retry = nil
      $0.screen = .familySetup
      $0.session = .signedIn(Fixtures.session(Fixtures.sarah))
    }
  }

  @Test func mfaAccountsAreAskedForTheirCode() async {
    var tester = await FlowTester(Fixtures.configuration(user: "mark", onboarded: true, family: Fixtures.everyone))
    let challenge = MFAChallenge(
      id: "challenge-1", user: Fixtures.mark, provider: .google, expiresAt: Fixtures.now.addingTimeInterval(600),
      triesLeft: 5)
    await tester.send(.signInGoogle) {
      $0.screen = .mfa
      $0.session = .awaitingCode(challenge)
    }
    await tester.send(.enterCode, "12") {
      $0.error = AppError(.invalidMFACode, "A verification code has 6 digits.", recovery: [.edit, .back])
    }
    await tester.send(.enterCode, "111111") {
      $0.error = AppError(.invalidMFACode, "That code is invalid or expired. 4 tries left.")
    }
    await tester.send(.enterCode, "482913") {
      $0.error = nil
      $0.screen = .dashboard
      $0.session = Fixtures.member(Fixtures.mark, .adult)
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
