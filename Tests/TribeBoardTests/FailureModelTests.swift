import Foundation
import Testing
import TribeBoardCore
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardFlow
@testable import TribeBoardMocks
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// Faults, sessions, the offline queue and conflicts: the half of the app where things go wrong.
@Suite struct FaultScheduleTests {
  /// Calls `operation` from `device` and gives the error code, or `nil` when it worked.
  func call(_ backend: MockBackend, _ operation: MockOperation = .dataTasks, from device: MockDevice? = nil)
    -> AppError.Code?
  {
    do {
      _ = try backend.perform(operation, from: device) { _, _ in 0 }
      return nil
    } catch {
      return error.code
    }
  }

  func backend(seed: UInt64 = 7) -> MockBackend {
    var configuration = Fixtures.configuration(family: Fixtures.everyone)
    configuration.seed = seed
    return MockEnvironment(configuration).backend
  }

  @Test func nextNCallsThenNoMore() async {
    let backend = backend()
    backend.inject(Fault(operation: .dataTasks, error: .networkTimeout, schedule: .next(2)))
    #expect(call(backend) == .networkTimeout)
    #expect(call(backend) == .networkTimeout)
    #expect(call(backend) == nil)
    #expect(backend.armedFaults.isEmpty)
  }

  @Test func theNthCallOnly() async {
    let backend = backend()
    backend.inject(Fault(operation: .dataTasks, error: .serviceUnavailable, schedule: .nth(3)))
    #expect(call(backend) == nil)
    #expect(call(backend) == nil)
    #expect(call(backend) == .serviceUnavailable)
    #expect(call(backend) == nil)
  }

  @Test func afterASimulatedTime() async {
    let backend = backend()
    backend.inject(
      Fault(operation: .dataTasks, error: .networkTimeout, schedule: .after(Fixtures.now.addingTimeInterval(60))))
    #expect(call(backend) == nil)
    backend.clock.advance(by: 59)
    #expect(call(backend) == nil)
    backend.clock.advance(by: 1)
    #expect(call(backend) == .networkTimeout)
    #expect(call(backend) == .networkTimeout)
  }

  @Test func aSeededProbabilityRepeatsAndRoughlyHolds() async {
    func run(seed: UInt64) -> [Bool] {
      let backend = backend(seed: seed)
      backend.inject(Fault(operation: .dataTasks, error: .networkTimeout, schedule: .probability(0.25)))
      var failed: [Bool] = []
      for _ in 0..<400 { failed.append(call(backend) != nil) }
      return failed
    }
    let first = run(seed: 1)
    #expect(run(seed: 1) == first)
    #expect(run(seed: 2) != first)
    let rate = Double(first.filter { $0 }.count) / Double(first.count)
    #expect(rate > 0.18 && rate < 0.32, "\(rate)")
  }

  @Test func aFaultCanBeLimitedToOnePhone() async {
    let backend = backend()
    let sarah = MockDevice(user: "sarah", onboardingCompleted: true)
    let mark = MockDevice(user: "mark", onboardingCompleted: true)
    backend.inject(Fault(operation: .dataTasks, error: .networkTimeout, account: "mark"))
    #expect(call(backend, from: sarah) == nil)
    #expect(call(backend, from: mark) == .networkTimeout)
  }

  @Test func anOfflinePhoneFailsEveryCallAndOthersDoNot() async {
    let backend = backend()
    let sarah = MockDevice(user: "sarah", onboardingCompleted: true)
    let mark = MockDevice(user: "mark", onboardingCompleted: true)
    sarah.isOnline = false
    for operation in [MockOperation.dataTasks, .authSignIn, .syncSync] {
      #expect(call(backend, operation, from: sarah) == .offline)
      #expect(call(backend, operation, from: mark) == nil)
    }
  }

  @Test func theLastArmedFaultActsAtOnceAndOneCanBeDisarmed() async {
    let backend = backend()
    let first = backend.inject(Fault(operation: .dataTasks, error: .networkTimeout, schedule: .next(5)))
    let second = backend.inject(Fault(operation: .dataTasks, error: .serviceUnavailable, schedule: .next(1)))
    #expect([first.id, second.id] == ["f1", "f2"])
    #expect(call(backend) == .serviceUnavailable)
    #expect(call(backend) == .networkTimeout)
    #expect(backend.disarm("f1"))
    #expect(!backend.disarm("f1"))
    #expect(call(backend) == nil)
  }

  @Test func latencyMovesTheSimulatedClock() async {
    let backend = backend()
    backend.setLatency(2, for: "data")
    backend.setLatency(0.5, for: "data.tasks")
    #expect(call(backend) == nil)
    #expect(call(backend, .dataEvents) == nil)
    #expect(backend.clock.now() == Fixtures.now.addingTimeInterval(2))
    #expect(backend.takeElapsed() == 2, "the two calls overlap: the slower one's time")
    #expect(backend.takeElapsed() == 0)
    #expect(call(backend, .dataEvents) == nil)
    #expect(backend.takeElapsed() == 2, "the next step's calls take their own time")
    #expect(backend.clock.now() == Fixtures.now.addingTimeInterval(4))
  }

  /// The backend is one world shared by every phone, called from any thread: each call, its admission (latency,
  /// faults) and its body together, runs alone, so calls from many tasks at once lose nothing.
  @Test func callsFromManyTasksAtOnceEachRunAlone() async {
    let backend = backend()
    backend.setLatency(1, for: "data")
    let ids = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          (0..<200).map { _ in (try? backend.perform(.dataAddTask) { state, _ in state.nextID("t") }) ?? "failed" }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(!ids.contains("failed"))
    #expect(Set(ids).count == 1600)
    #expect(backend.takeElapsed() == 1, "calls in flight together overlap")
    #expect(backend.clock.now() == Fixtures.now.addingTimeInterval(1))
  }

  @Test func theREPLArmsEverySchedule() {
    let accounts = ["sarah", "mark"]
    func parse(_ text: String) -> SimulatorCommand.FaultRequest? {
      try? FaultArgument.parse(text.split(separator: " ").map(String.init), accounts: accounts).get()
    }
    #expect(parse("data.tasks networkTimeout")?.schedule == .always)
    #expect(parse("data.tasks networkTimeout 2")?.schedule == .next(2))
    #expect(parse("data.tasks networkTimeout times 2")?.schedule == .next(2))
    #expect(parse("data.tasks networkTimeout call 3")?.schedule == .call(3))
    #expect(parse("data.tasks networkTimeout after 5m")?.schedule == .after(300))
    #expect(
      parse("data.tasks networkTimeout after 2026-03-02T09:00")?.schedule == .at(Fixtures.now.addingTimeInterval(3600)))
    #expect(parse("data.tasks networkTimeout chance 25%")?.schedule == .chance(25))
    #expect(parse("data.tasks networkTimeout on mark")?.account == "mark")
    #expect(parse("data.tasks networkTimeout on nobody") == nil)
    #expect(parse("data.tasks networkTimeout call 0") == nil)
    #expect(parse("data.tasks nope") == nil)
  }

  /// Armed, a request's schedule is judged from the clock: five minutes after now, a chance as a probability.
  @Test func anArmedRequestsScheduleIsJudgedFromNow() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "family-admin"))
    await simulator.start()
    let now = simulator.environment.clock.now()
    let operation = try #require(MockOperation(rawValue: "data.tasks"))
    func fault(_ schedule: SimulatorCommand.FaultRequest.Schedule) -> Fault? {
      try? simulator.fault(for: .init(operation: operation, error: .networkTimeout, schedule: schedule)).get()
    }
    #expect(fault(.after(300))?.schedule == .after(now.addingTimeInterval(300)))
    #expect(fault(.call(3))?.schedule == .nth(3))
    #expect(fault(.chance(25))?.schedule == .probability(0.25))
    #expect(fault(.chance(0)) == nil)
  }
}

@Suite struct SessionLifecycleTests {
  @Test func anAccessTokenThatRanOutIsRenewedSilentlyOnTheNextCall() async {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true, signedIn: true, family: Fixtures.everyone))
    tester.environment.clock.advance(by: 3601)
    await tester.send(.openTasks) {
      $0.screen = .tasks(mineOnly: false)
      $0.session = .member(
        Fixtures.session(
          Fixtures.sarah, token: 2, refresh: 2, issued: Fixtures.now.addingTimeInterval(3601), renewed: true),
        Fixtures.johnsons,
        Membership(userID: "sarah", familyID: "johnsons", role: .parentAdmin))
      $0.notes = ["Session renewed silently (access until Mon 2 Mar 10:00)."]
    }
  }

  @Test func aRefusedRenewalEndsAtSignInAndSigningInGoesBack() async {
    var tester = await FlowTester(Fixtures.configuration(onboarded: true, signedIn: true, family: Fixtures.everyone))
    await tester.send(.openTasks) { $0.screen = .tasks(mineOnly: false) }
    tester.environment.clock.advance(by: 31 * 86400)
    await tester.send(.showMine) {
      $0.screen = .signIn
      $0.session = .signedOut
      $0.error = AppError(.sessionExpired)
      $0.resume = .init(user: "sarah", screen: .tasks(mineOnly: false))
    }
    #expect((tester.services.device as? MockDevice)?.token == nil)
    #expect(tester.state.cache.isEmpty, "nothing the family showed stays on a signed-out phone")
    let now = tester.environment.clock.now()
    await tester.send(.signInApple) {
      $0.error = nil
      $0.resume = nil
      $0.screen = .tasks(mineOnly: false)
      $0.session = .member(
        Fixtures.session(Fixtures.sarah, token: 2, refresh: 2, issued: now),
        Fixtures.johnsons, Membership(userID: "sarah", familyID: "johnsons", role: .parentAdmin))
    }
  }

  @Test func aLaunchFailureKeepsTheSessionAndOffersTryAgain() async {
    var configuration = Fixtures.configuration(onboarded: true, signedIn: true, family: Fixtures.everyone)
    configuration.faults = [Fault(operation: .dataFamilies, error: .networkTimeout, times: 1)]
    var tester = await FlowTester(configuration)
    #expect(tester.state.screen == .preparing)
    #expect(tester.state.error?.code == .networkTimeout)
    #expect(tester.state.user?.id == "sarah")
    #expect((tester.services.device as? MockDevice)?.token != nil)
    await tester.send(.retry) {
      $0.error = nil
      $0.retry = nil
      $0.screen = .dashboard
      $0.session = Fixtures.member(Fixtures.sarah, .parentAdmin)
    }
  }

  @Test func wrongCodesCountDownThenLockUntilATime() async {
    var configuration = Fixtures.configuration(user: "mark", onboarded: true, family: Fixtures.everyone)
    configuration.auth.mfaAttempts = 2
    var tester = await FlowTester(configuration)
    await tester.drive(.signInGoogle)
    #expect(tester.state.screen == .mfa)
    await tester.drive(.enterCode, "000000")
    #expect(tester.state.error?.message == "That code is invalid or expired. 1 try left.")
    await tester.drive(.enterCode, "000001")
    #expect(tester.state.screen == .signIn)
    #expect(tester.state.session == .signedOut)
    #expect(
      tester.state.error
        == AppError(.tooManyAttempts, "Too many wrong codes. Sign-in is locked until 08:15 UTC.", recovery: []))
    await tester.drive(.signInGoogle)
    #expect(tester.state.error?.code == .tooManyAttempts)
    tester.environment.clock.advance(by: 900)
    await tester.drive(.signInGoogle)
    #expect(tester.state.screen == .mfa)
  }

  @Test func aCodeRunsOutAndANewOneWorks() async {
    var tester = await FlowTester(Fixtures.configuration(user: "mark", onboarded: true, family: Fixtures.everyone))
    await tester.drive(.signInGoogle)
    tester.environment.clock.advance(by: 601)
    await tester.drive(.enterCode, "482913")
    #expect(tester.state.error?.recovery == [.newCode, .back])
    await tester.drive(.newCode)
    #expect(tester.state.notice?.hasPrefix("A new code is on its way.") == true)
    await tester.drive(.enterCode, "482913")
    #expect(tester.state.screen == .dashboard)
  }

  @Test func accountNotFoundSaysTheSameWhateverTheProviders() async {
    var tester = await FlowTester(Fixtures.configuration(user: "nana", onboarded: true))
    await tester.drive(.signInApple)
    let nana = tester.state.error
    var other = await FlowTester(Fixtures.configuration(user: "sarah", onboarded: true))
    await other.drive(.signInGoogle)
    #expect(nana == other.state.error)
    #expect(nana?.message.contains("Apple") == false)
    #expect(nana?.message.contains("Google") == false)
  }
}
