import Foundation
import Testing
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// Rules a family keeps (who may create one, who may rejoin, who may take tasks) and how lists number and date
/// their items, driven through the whole simulator and, for the backend's own checks, the mock data service.
@Suite struct FamilyRulesAndListTests {
  func simulator(_ name: String) async throws -> Simulator {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: name))
    await simulator.start()
    return simulator
  }

  func actionKeys(_ simulator: Simulator) -> [String] {
    simulator.snapshot.actions.map(\.key)
  }

  func items(_ simulator: Simulator) -> [Int: String] {
    var items: [Int: String] = [:]
    for case .item(let item) in simulator.snapshot.blocks {
      if let number = item.number { items[number] = item.text }
    }
    return items
  }

  // MARK: A child's account can't create a family

  @Test func aChildsAccountIsNotOfferedCreateAndIsToldWhyWhenTypingIt() async throws {
    let simulator = try await simulator("child")
    _ = await simulator.handle(":as leo")
    #expect(simulator.snapshot.screen == .familySetup)
    #expect(!actionKeys(simulator).contains(ActionID.createFamily.rawValue))
    #expect(actionKeys(simulator).contains(ActionID.joinFamily.rawValue))
    _ = await simulator.handle("create family")
    #expect(simulator.snapshot.screen == .familySetup)
    #expect(simulator.snapshot.error?.code == .roleConflict)
    #expect(simulator.snapshot.error?.message.hasPrefix("A child's account can't create a family") == true)
    #expect(simulator.snapshot.role == nil)
  }

  @Test func anAdultAccountIsStillOfferedCreate() async throws {
    let simulator = try await simulator("new-user")
    for line in ["skip", "sign in apple", "retry"] { _ = await simulator.handle(line) }
    #expect(simulator.snapshot.screen == .familySetup)
    #expect(actionKeys(simulator).contains(ActionID.createFamily.rawValue))
  }

  @Test func theBackendRefusesAChildCreatingAFamily() async throws {
    let environment = MockEnvironment(Fixtures.configuration(onboarded: true, signedIn: true))
    let data = MockDataService(backend: environment.backend)
    await #expect(throws: AppError.self) { _ = try await data.createFamily(named: "Ben's Den", creator: "ben") }
    #expect(try await data.families(for: "ben").isEmpty)
    #expect(try await data.createFamily(named: "The Johnsons", creator: "sarah").name == "The Johnsons")
  }

  // MARK: An expired visitor can rejoin

  @Test func anExpiredVisitorRejoinsWithTheCode() async throws {
    let simulator = try await simulator("visitor")
    _ = await simulator.handle(":clock +2d")
    #expect(simulator.snapshot.screen == .familySetup)
    #expect(simulator.snapshot.error?.code == .accessExpired)
    for line in ["join", "code K7QM2X", "join as visitor"] { _ = await simulator.handle(line) }
    #expect(simulator.snapshot.error == nil)
    #expect(simulator.snapshot.screen == .dashboard)
    #expect(simulator.snapshot.role == .visitor)
    let until = simulator.state.membership?.expiresAt
    #expect(until == simulator.state.now.addingTimeInterval(RoleRules.visitorAccess))
  }

  @Test func rejoiningReplacesTheExpiredMembershipButAnActiveOneIsStillRefused() async throws {
    let environment = MockEnvironment(Fixtures.configuration(onboarded: true, family: Fixtures.everyone))
    let data = MockDataService(backend: environment.backend)
    let code = try #require(environment.backend.family("johnsons")).code
    await #expect(throws: AppError(.alreadyMember)) {
      _ = try await data.joinFamily(code: code, user: "nana", role: .visitor)
    }
    environment.clock.advance(by: 2 * 86400)  // Nana's access ended after a day.
    let membership = try await data.joinFamily(code: code, user: "nana", role: .adult)
    #expect(membership.role == .adult && membership.expiresAt == nil)
    let nanas = try await data.members(of: "johnsons").filter { $0.id == "nana" }
    #expect(nanas.map(\.membership) == [membership])
  }

  // MARK: Visitors take no tasks

  @Test func aTaskCantBeAssignedToAVisitor() async throws {
    let simulator = try await simulator("family-admin")
    for line in ["tasks", "open 1", "assign rose"] { _ = await simulator.handle(line) }
    #expect(simulator.snapshot.screen == .taskDetail)
    #expect(
      simulator.snapshot.error
        == AppError(
          .validationFailed,
          "Rose is a visitor and can't take tasks; give it to a parent admin, an adult or a child.",
          recovery: [.edit]))
    for line in ["back", "add task", "title Water the plants", "for rose"] { _ = await simulator.handle(line) }
    #expect(simulator.snapshot.screen == .addTask)
    #expect(simulator.snapshot.error?.message.hasPrefix("Rose is a visitor and can't take tasks") == true)
    #expect(
      simulator.snapshot.blocks.contains {
        if case .input(let field) = $0 { field.label == "For" && field.value == nil } else { false }
      })
  }

  @Test func theBackendRefusesAVisitorAsAssignee() async throws {
    var configuration = PermissionMatrixTests.configuration()
    configuration.device = MockDeviceState(user: "sarah", onboardingCompleted: true, signedIn: true)
    let data = MockDataService(backend: MockEnvironment(configuration).backend)
    await #expect(throws: AppError.self) { try await data.assign(task: "bins", to: "nana", by: "sarah") }
    await #expect(throws: AppError.self) {
      _ = try await data.addTask(NewTask(title: "Water the plants", assignee: "nana"), to: "johnsons", by: "sarah")
    }
    #expect(try await data.tasks(in: "johnsons").map(\.assignee) == ["ben"])
    try await data.assign(task: "bins", to: "mark", by: "sarah")
  }

  @Test func becomingAVisitorGivesUpOpenTasks() async throws {
    var configuration = PermissionMatrixTests.configuration()
    configuration.world.tasks.append(
      FamilyTask(id: "cat", familyID: "johnsons", title: "Cat", assignee: "ben", points: 2, status: .done))
    let data = MockDataService(backend: MockEnvironment(configuration).backend)
    try await data.changeRole(of: "ben", in: "johnsons", to: .visitor, by: "sarah")
    let tasks = try await data.tasks(in: "johnsons")
    #expect(tasks.map(\.assignee) == [nil, "ben"])  // The open one is free again; the done one keeps its points.
  }

  // MARK: Numbers stay put while the person stays on a list

  @Test func markingATaskDoneKeepsEveryNumber() async throws {
    let simulator = try await simulator("family-admin")
    _ = await simulator.handle("tasks")
    let before = items(simulator)
    #expect(before.count == 5)
    #expect(before[2]?.hasPrefix("Empty the dishwasher") == true)
    _ = await simulator.handle("done 2")  // Done tasks sort last, so this would move it to #5.
    #expect(simulator.snapshot.error == nil)
    #expect(simulator.snapshot.notice == "“Empty the dishwasher” done: +3 points.")
    #expect(items(simulator) == before)
    _ = await simulator.handle("done 3")
    #expect(simulator.snapshot.notice == "“Put the bins out” done: +5 points.")
    #expect(items(simulator) == before)
    _ = await simulator.handle(":clock +1h")  // A refresh on the same screen keeps them too.
    #expect(items(simulator) == before)
    // Coming back to the list numbers it afresh: open tasks first, done ones last.
    for line in ["home", "tasks"] { _ = await simulator.handle(line) }
    #expect(items(simulator)[2]?.hasPrefix("Weekly shop") == true)
    #expect(items(simulator)[4]?.hasPrefix("Empty the dishwasher") == true)
  }

  @Test func aTaskThatLeavesTheListLeavesItsNumberUnused() async throws {
    let simulator = try await simulator("family-admin")
    for line in [":as ben", "tasks"] { _ = await simulator.handle(line) }
    let before = items(simulator)
    #expect(before[1]?.hasPrefix("Put the bins out") == true)
    _ = await simulator.handle("done 1")
    _ = await simulator.handle(":as sarah")
    // A done task keeps its assignee (and its points): reopened, it can go to someone else.
    for line in ["tasks", "open 5", "reopen", "assign mark", ":as ben"] { _ = await simulator.handle(line) }
    let after = items(simulator)
    #expect(after[1] == nil)
    #expect(after.count == before.count - 1)
    for (number, text) in after { #expect(before[number] == text, "#\(number)") }
    _ = await simulator.handle("open 1")
    #expect(simulator.snapshot.error?.message == "There is no task #1; it is no longer on the list.")
  }

  @Test func pinningAndPostingKeepTheNoticeboardsNumbers() async throws {
    let simulator = try await simulator("family-admin")
    for line in ["messages", "noticeboard"] { _ = await simulator.handle(line) }
    #expect(items(simulator)[2]?.hasPrefix("New wifi password") == true)
    _ = await simulator.handle("post Bake sale on Friday")  // The board sorts it before the wifi notice.
    #expect(simulator.snapshot.notice == "Posted to the noticeboard.")
    #expect(items(simulator)[2]?.hasPrefix("New wifi password") == true)
    #expect(items(simulator)[3]?.hasPrefix("Bake sale on Friday") == true)
    _ = await simulator.handle("pin 2")
    #expect(simulator.snapshot.notice == "Pinned; it shows first when you next open the noticeboard.")
    _ = await simulator.handle("unpin 1")
    #expect(simulator.snapshot.notice == "Unpinned.")
    #expect(items(simulator)[2]?.hasPrefix("New wifi password") == true)
    #expect(
      simulator.snapshot.blocks.contains { block in
        if case .item(let item) = block, item.number == 2, item.flag == "PINNED" { true } else { false }
      })
    for line in ["back", "noticeboard"] { _ = await simulator.handle(line) }
    #expect(items(simulator)[1]?.hasPrefix("New wifi password") == true)  // Pinned first, afresh.
  }

  // MARK: Empty lists offer no item actions

  @Test func emptyListsHideTheirItemActions() async {
    var tester = await FlowTester(
      Fixtures.configuration(onboarded: true, signedIn: true, family: [(Fixtures.sarah, .parentAdmin)]))
    func offered(_ tester: FlowTester) -> Set<ActionID> { Set(tester.flow.actions(in: tester.state).map(\.id)) }
    await tester.send(.openTasks) { $0.screen = .tasks(mineOnly: false) }
    #expect(offered(tester).isDisjoint(with: [.openItem, .markDone]))
    #expect(offered(tester).contains(.addTask))
    await tester.send(.home) { $0.screen = .dashboard }
    await tester.send(.openCalendar) { $0.screen = .calendar() }
    #expect(!offered(tester).contains(.openItem))
    await tester.send(.home) { $0.screen = .dashboard }
    await tester.send(.openSchoolRun) { $0.screen = .schoolRun() }
    #expect(offered(tester).isDisjoint(with: [.claim, .release]))
    #expect(tester.state.loaded)
    #expect(ScreenSnapshot(tester.state, flow: tester.flow).blocks == [.empty("No school runs this week.")])
    await tester.send(.home) { $0.screen = .dashboard }
    await tester.send(.openMessages) { $0.screen = .messages }
    await tester.send(.openNoticeboard) { $0.screen = .noticeboard() }
    #expect(offered(tester).isDisjoint(with: [.pin, .unpin]))
    #expect(offered(tester).contains(.post))
  }

  // MARK: Dates

  @Test func datesOutsideTheCurrentYearShowTheirYear() async throws {
    let simulator = try await simulator("family-admin")
    for line in ["tasks", "add task", "title Renew passports", "due 2027-01-05 09:00", "save"] {
      _ = await simulator.handle(line)
    }
    #expect(simulator.snapshot.error == nil)
    #expect(items(simulator).values.contains { $0.contains("due Tue 5 Jan 2027 09:00") })
    #expect(items(simulator).values.contains { $0.contains("due Tue 3 Mar 19:00") })
  }

  // MARK: Messages

  @Test func theDuplicateCodeMessageSaysWhatHappenedAndWhatToDo() {
    let error = AppError(.duplicateFamilyCode)
    #expect(error.message == "A new family code could not be made. Try again.")
    #expect(error.recovery.first == .retry)
  }
}
