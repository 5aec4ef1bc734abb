import Foundation
import Testing
import TribeBoardCore
import TribeBoardEngine
import TribeBoardMocks
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

@testable import TribeBoardFlow

/// Module transitions, TestStore-style, in the world of ``PermissionMatrixTests/configuration()``.
@Suite struct ModuleFlowTests {
  func signedIn(_ user: UserID) async -> FlowTester {
    var configuration = PermissionMatrixTests.configuration()
    configuration.device = MockDeviceState(user: user, onboardingCompleted: true, signedIn: true)
    return await FlowTester(configuration)
  }

  @Test func aChildMarksTheirTaskDoneAndSeesOnlyTheirOwn() async {
    var tester = await signedIn("ben")
    // The list keeps the numbers it showed on arrival.
    await tester.send(.openTasks) { $0.screen = .tasks(mineOnly: false, shown: ["bins"]) }
    #expect(FlowTable.visibleTasks(tester.state).map(\.id) == ["bins"])
    await tester.send(.markDone, .item(1)) {
      $0.notice = "“Bins” done: +5 points."
      $0.screen = .tasks(mineOnly: false, shown: ["bins"])  // The list keeps the numbers Ben saw.
    }
    #expect(tester.state.content.tasks.first?.status == .done)
    await tester.send(.markDone, .item(1)) {
      $0.notice = nil
      $0.error = AppError(.validationFailed, "“Bins” is already done.", recovery: [.back])
    }
    await tester.send(.showAll) {
      $0.error = AppError(.permissionDenied, "A child can't see everyone's tasks.")
    }
  }

  @Test func addingAnEventValidatesEachField() async {
    var tester = await signedIn("sarah")
    await tester.send(.openCalendar) { $0.screen = .calendar(shown: ["mon", "swim"]) }
    await tester.send(.addEvent) { $0.screen = .addEvent(EventDraft()) }
    await tester.send(.when, .date(Fixtures.now.addingTimeInterval(-60))) {
      $0.error = AppError(
        .validationFailed, "The time can't be in the past; it is now Mon 2 Mar 08:00.", recovery: [.edit])
    }
    var draft = EventDraft()
    draft.start = Fixtures.now.addingTimeInterval(86400)
    await tester.send(.when, .date(Fixtures.now.addingTimeInterval(86400))) {
      $0.error = nil
      $0.screen = .addEvent(draft)
    }
    await tester.send(.save) {
      $0.error = AppError(.validationFailed, "Give the event a title first: title <title>.", recovery: [.edit])
    }
    draft.title = "Sports day"
    await tester.send(.title, "  Sports   day ") {
      $0.error = nil
      $0.screen = .addEvent(draft)
    }
    await tester.send(.save) {
      $0.screen = .calendar(shown: ["mon", "swim", "event-1"])
      $0.notice = "Added “Sports day” on Tue 3 Mar 08:00."
    }
    #expect(FlowTable.upcoming(tester.state).contains { $0.title == "Sports day" && $0.id == "event-1" })
  }

  @Test func claimingAndReleasingAPickup() async {
    var tester = await signedIn("mark")
    await tester.send(.openSchoolRun) { $0.screen = .schoolRun(shown: ["mon"]) }
    await tester.send(.release, .item(1)) {
      $0.error = AppError(.validationFailed, "Nobody is driving that pickup yet.", recovery: [.edit])
    }
    await tester.send(.claim, .item(1)) {
      $0.error = nil
      $0.notice = "You are driving the Mon 2 Mar 09:00 pickup (Home → Oakwood)."
    }
    #expect(tester.state.content.pickups.first?.driver == "mark")
    await tester.send(.release, .item(1)) { $0.notice = "Pickup released; it needs a driver." }
    #expect(tester.state.content.pickups.first?.driver == nil)
  }

  @Test func theLastParentAdminCannotStepDownButCanPromoteFirst() async {
    var tester = await signedIn("sarah")
    await tester.send(.openSettings) { $0.screen = .settings }
    await tester.send(.openFamilyManagement) { $0.screen = .familyManagement(shown: ["sarah", "mark", "ben", "nana"]) }
    await tester.send(.openItem, .item(1)) { $0.screen = .memberDetail("sarah") }
    await tester.send(.changeRole, .role(.adult)) {
      $0.error = AppError(.roleConflict, "The family needs a parent admin. Make another member parent admin first.")
    }
    await tester.send(.back) {
      $0.error = nil
      $0.screen = .familyManagement(shown: ["sarah", "mark", "ben", "nana"])
    }
    await tester.send(.openItem, .item(2)) { $0.screen = .memberDetail("mark") }
    await tester.send(.changeRole, .role(.parentAdmin)) { $0.notice = "Mark is now a parent admin." }
    await tester.send(.back) {
      $0.notice = nil
      $0.screen = .familyManagement(shown: ["mark", "sarah", "ben", "nana"])
    }
    await tester.send(.openItem, .item(2)) { $0.screen = .memberDetail("sarah") }
    await tester.send(.changeRole, .role(.adult)) {
      $0.notice = "Sarah is now an adult."
      $0.session = Fixtures.member(Fixtures.sarah, .adult)
      // An adult may not manage the family: the screen is left at once, saying why.
      $0.screen = .dashboard
      $0.error = AppError(.permissionDenied, "An adult can't manage members, roles and the family code.", recovery: [])
    }
  }

  @Test func leavingTheFamilyEndsAccessToItsScreens() async {
    var tester = await signedIn("mark")
    await tester.send(.openSettings) { $0.screen = .settings }
    let question = "Leave The Johnsons? You will need the family code to join again."
    await tester.send(.leaveFamily) {
      $0.screen = .confirm(Confirmation(question: question, intent: Intent(.leaveFamily), back: .settings))
    }
    await tester.send(.confirmNo) {
      $0.screen = .settings
      $0.notice = "Nothing was changed."
    }
    await tester.send(.leaveFamily) {
      $0.screen = .confirm(Confirmation(question: question, intent: Intent(.leaveFamily), back: .settings))
      $0.notice = nil
    }
    await tester.send(.confirmYes) {
      $0.screen = .familySetup
      $0.session = .signedIn(Fixtures.session(Fixtures.mark))
      $0.notice = "You left The Johnsons."
    }
    await tester.sendUnavailable(.openTasks)
  }
}

/// The invariants the review found open: sessions, ownership after a role change, removal clean-up, join roles.
@Suite struct InvariantTests {
  @Test func aFailedSignOutStillForgetsTheSessionOnThePhone() async throws {
    var configuration = Fixtures.configuration(onboarded: true, signedIn: true, family: Fixtures.everyone)
    configuration.faults = [Fault(operation: .authSignOut, error: .networkTimeout)]
    var tester = await FlowTester(configuration)
    await tester.send(.signOut) {
      $0 = AppState(screen: .signIn, now: $0.now)
      $0.notice = "Signed out on this phone; the server could not be told (The connection timed out.)"
      $0.noticeIsFailure = true
    }
    #expect(await tester.flow.launch(tester.services).screen == .signIn)
  }

  @Test func aFailedSetupAfterSignInLeavesNobodySignedIn() async throws {
    var configuration = Fixtures.configuration(onboarded: true, family: Fixtures.everyone)
    configuration.faults = [Fault(operation: .syncPerformInitialSetup, error: .serviceUnavailable, times: 1)]
    var tester = await FlowTester(configuration)
    await tester.send(.signInApple) {
      $0.error = AppError(.serviceUnavailable, recovery: [.retry])
      $0.retry = Intent(.signInApple)
    }
    #expect(tester.state.session == .signedOut)
    #expect(try await tester.services.auth.currentSession() == nil)
    await tester.send(.retry) {
      $0.error = nil
      $0.retry = nil
      $0.screen = .dashboard
      $0.session = .member(
        Fixtures.session(Fixtures.sarah, token: 2, refresh: 2), Fixtures.johnsons,
        Membership(userID: "sarah", familyID: "johnsons", role: .parentAdmin))
    }
  }

  @Test func someoneMadeAChildCannotStayOnAnotherMembersTask() async throws {
    var configuration = PermissionMatrixTests.configuration()
    configuration.device = MockDeviceState(user: "mark", onboardingCompleted: true, signedIn: true)
    var tester = await FlowTester(configuration)
    await tester.send(.openTasks) { $0.screen = .tasks(mineOnly: false, shown: ["bins"]) }
    await tester.send(.openItem, .item(1)) { $0.screen = .taskDetail("bins") }
    try await MockDataService(backend: tester.environment.backend).changeRole(
      of: "mark", in: "johnsons", to: .child, by: "sarah")
    await tester.flow.refresh(&tester.state, services: tester.services)
    #expect(tester.state.screen == .tasks(mineOnly: false))
    #expect(tester.state.error == AppError(.permissionDenied, "A child can't see everyone's tasks."))
  }

  @Test func removingAMemberFreesTheirPickupsAndTasks() async throws {
    var configuration = PermissionMatrixTests.configuration()
    configuration.world.pickups[0].driver = "mark"
    configuration.world.tasks[0].assignee = "mark"
    let environment = MockEnvironment(configuration)
    let data = MockDataService(backend: environment.backend)
    try await data.removeMember("mark", from: "johnsons", by: "sarah")
    let world = environment.backend.world
    #expect(world.pickups[0].driver == nil)
    #expect(world.tasks[0].assignee == nil)
    try await data.setDriver("sarah", ofPickup: world.pickups[0].id, by: "sarah")
  }

  @Test(arguments: [("mark", Role.parentAdmin), ("ben", .parentAdmin), ("ben", .adult)])
  func joinRolesThatAreRefused(user: UserID, role: Role) async throws {
    var configuration = Fixtures.configuration(
      onboarded: true, signedIn: true, family: [(Fixtures.sarah, .parentAdmin)])
    configuration.device.user = user
    let environment = MockEnvironment(configuration)
    let code = try #require(environment.backend.family("johnsons")).code
    do {
      _ = try await MockDataService(backend: environment.backend).joinFamily(code: code, user: user, role: role)
      Issue.record("\(user) joined as \(role)")
    } catch {
      #expect(error.code == .roleConflict)
    }
  }

  @Test func controlCharactersAreRefusedAndNeverReachTheScreen() async throws {
    #expect(throws: AppError.self) { try Validation.text("\u{1B}[31mred", field: "a title") }
    #expect(throws: AppError.self) { try Validation.familyName("The\nJohnsons") }
    #expect(TextRenderer.clean("a\u{1B}[2Jb\n> :quit") == "a\u{FFFD}[2Jb\u{FFFD}> :quit")
  }
}

/// An action typed without its value is answered from the flow table: the usage help shows.
@Suite struct MissingValueTests {
  @Test(arguments: [
    (["tasks", "done"], "This needs a value: type done <task #>."),
    (["tasks", "open"], "This needs a value: type open <task #>."),
    (["tasks", "done first"], "Give the task's number from the list, e.g. done 1."),
    (["messages", "send"], "This needs a value: type send <message>."),
    (["tasks", "add task", "title"], "This needs a value: type title <title>."),
    (["school run", "claim it"], "Give the pickup's number from the list, e.g. claim 1."),
  ])
  func theMessageComesFromTheAction(inputs: [String], message: String) async throws {
    let steps = await Transcript.steps(try BundledScenarios.scenario(named: "family-admin"), inputs: inputs)
    let text = try #require(steps.last).text(renderer: TextRenderer(style: .plain))
    #expect(text.contains(message), "\(inputs): \(text)")
  }
}

@Suite struct HelpTests {
  @Test func helpNamesWhatTheRoleMayNotDoAndOffersOnlyTheRest() async throws {
    let steps = await Transcript.steps(try BundledScenarios.scenario(named: "child"), inputs: ["tasks", ":help"])
    let text = try #require(steps.last).text(renderer: TextRenderer(style: .plain))
    #expect(text.contains("Not for your role: all, add task"), "\(text)")
    #expect(!text.contains("— Add a task"), "\(text)")
  }
}
