import Foundation
import Testing
import TribeBoardCore
import TribeBoardMocks

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
    await tester.send(.openTasks) { $0.screen = .tasks(mineOnly: false) }
    #expect(FlowTable.visibleTasks(tester.state).map(\.id) == ["bins"])
    await tester.send(.markDone, "1") { $0.notice = "“Bins” done: +5 points." }
    #expect(tester.state.content.tasks.first?.status == .done)
    await tester.send(.markDone, "1") {
      $0.notice = nil
      $0.error = AppError(.validationFailed, "“Bins” is already done.", recovery: [.back])
    }
    await tester.send(.showAll) {
      $0.error = AppError(.permissionDenied, "A child can't see everyone's tasks.")
    }
  }

  @Test func addingAnEventValidatesEachField() async {
    var tester = await signedIn("sarah")
    await tester.send(.openCalendar) { $0.screen = .calendar }
    await tester.send(.addEvent) { $0.screen = .addEvent(EventDraft()) }
    await tester.send(.when, "tomorrow") {
      $0.error = AppError(
        .validationFailed, "Give the time as YYYY-MM-DD HH:MM (UTC), e.g. 2026-03-03 08:00.", recovery: [.edit])
    }
    var draft = EventDraft()
    draft.start = Fixtures.now.addingTimeInterval(86400)
    await tester.send(.when, "2026-03-03 08:00") {
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
      $0.screen = .calendar
      $0.notice = "Added “Sports day” on Tue 3 Mar 08:00."
    }
    #expect(FlowTable.upcoming(tester.state).contains { $0.title == "Sports day" && $0.id == "event-1" })
  }

  @Test func claimingAndReleasingAPickup() async {
    var tester = await signedIn("mark")
    await tester.send(.openSchoolRun) { $0.screen = .schoolRun }
    await tester.send(.release, "1") {
      $0.error = AppError(.validationFailed, "Nobody is driving that pickup yet.", recovery: [.edit])
    }
    await tester.send(.claim, "1") {
      $0.error = nil
      $0.notice = "You are driving the Mon 2 Mar 09:00 pickup."
    }
    #expect(tester.state.content.pickups.first?.driver == "mark")
    await tester.send(.release, "1") { $0.notice = "Pickup released; it needs a driver." }
    #expect(tester.state.content.pickups.first?.driver == nil)
  }

  @Test func theLastParentAdminCannotStepDownButCanPromoteFirst() async {
    var tester = await signedIn("sarah")
    await tester.send(.openSettings) { $0.screen = .settings }
    await tester.send(.openFamilyManagement) { $0.screen = .familyManagement }
    await tester.send(.openItem, "1") { $0.screen = .memberDetail("sarah") }
    await tester.send(.changeRole, "adult") {
      $0.error = AppError(.roleConflict, "The family needs a parent admin. Make another member parent admin first.")
    }
    await tester.send(.back) {
      $0.error = nil
      $0.screen = .familyManagement
    }
    await tester.send(.openItem, "2") { $0.screen = .memberDetail("mark") }
    await tester.send(.changeRole, "parent admin") { $0.notice = "Mark is now parent admin." }
    await tester.send(.back) {
      $0.notice = nil
      $0.screen = .familyManagement
    }
    await tester.send(.openItem, "2") { $0.screen = .memberDetail("sarah") }
    await tester.send(.changeRole, "adult") {
      $0.notice = "Sarah is now adult."
      $0.membership?.role = .adult
      // An adult may not manage the family: the screen is left at once, saying why.
      $0.screen = .dashboard
      $0.error = AppError(.permissionDenied, "An adult can't manage members, roles and the family code.")
    }
  }

  @Test func leavingTheFamilyEndsAccessToItsScreens() async {
    var tester = await signedIn("mark")
    await tester.send(.openSettings) { $0.screen = .settings }
    await tester.send(.leaveFamily) {
      $0.screen = .familySetup
      $0.family = nil
      $0.membership = nil
      $0.notice = "You left The Johnsons."
    }
    await tester.sendUnavailable(.openTasks)
  }
}
