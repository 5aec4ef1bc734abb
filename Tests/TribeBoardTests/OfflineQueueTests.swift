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

@Suite struct OfflineQueueTests {
  func simulator(_ name: String) async throws -> Simulator {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: name))
    await simulator.start()
    return simulator
  }

  /// The texts of the family's messages as the data service gives them, oldest first.
  func messages(_ simulator: Simulator) async throws -> [String] {
    try await MockDataService(backend: simulator.environment.backend).messages(in: "johnsons").map(\.text)
  }

  /// `:offline ACCOUNT` takes that person's own phone off the network (taking it up, signed in, if nobody used it
  /// yet) and leaves the phone in hand as it was; `:online ACCOUNT` brings it back. A name nobody has is refused.
  @Test func aNamedPhoneGoesOfflineAndBackWithoutChangingThePhoneInHand() async throws {
    let simulator = try await simulator("family-admin")
    #expect(simulator.phones["mark"] == nil)
    let off = await simulator.handle(":offline mark")
    #expect(off.messages.map(\.text) == ["Mark Johnson's phone is offline; other phones are not."])
    #expect(simulator.actingUser == "sarah")
    #expect(simulator.phones["mark"]?.device.isOnline == false)
    #expect(simulator.phones["sarah"]?.device.isOnline == true)
    #expect(off.snapshot?.screen == simulator.snapshot.screen, "the step shows the phone in hand")
    let on = await simulator.handle(":online Mark")
    #expect(on.messages.map(\.text) == ["Mark Johnson's phone is back online."])
    #expect(simulator.phones["mark"]?.device.isOnline == true)
    let nobody = await simulator.handle(":offline zed")
    #expect(nobody.messages.first?.text.hasPrefix("? Nobody called “zed” here.") == true)
    #expect(simulator.phones["sarah"]?.device.isOnline == true)
  }

  @Test func retriesBackOffOnTheSimulatedClockThenWaitForAPerson() async throws {
    let simulator = try await simulator("offline")
    _ = await simulator.handle(":fault data.sendMessage networkTimeout times 4")
    _ = await simulator.handle("messages")
    _ = await simulator.handle("send Running late")
    let device = try #require(simulator.phones["sarah"]?.device)
    let start = Date(timeIntervalSince1970: 1_772_438_400)
    var attempts: [TimeInterval] = [0]
    for _ in 0..<3 {
      let next = try #require(await device.outbox().nextAttemptAt)
      attempts.append(next.timeIntervalSince(start))
      _ = await simulator.handle(
        ":clock \(next.timeIntervalSince(simulator.environment.clock.now()) > 0 ? "+1s" : "+0s")")
      while let due = await device.outbox().nextAttemptAt, due > simulator.environment.clock.now(),
        attempts.last == due.timeIntervalSince(start)
      {
        _ = await simulator.handle(":clock +1s")
      }
    }
    #expect(attempts == [0, 1, 3, 7])
    let outbox = await device.outbox()
    #expect(outbox.nextAttemptAt == nil)
    #expect(outbox.failure?.code == .networkTimeout)
    #expect(outbox.changes.count == 1)
    #expect(try await messages(simulator) == ["Who can take Ben to swimming on Tuesday?"])
    _ = await simulator.handle("home")
    _ = await simulator.handle("sync now")
    #expect(try await messages(simulator).last == "Running late")
    #expect(await device.outbox().changes.isEmpty)
  }

  /// Random offline, online, relaunch, clock and fault steps with messages in between: every message the phone
  /// accepted reaches the family once, in the order it was written.
  @Test(arguments: 0..<40) func nothingAcceptedIsLostOrAppliedTwice(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let simulator = try await simulator("offline")
    _ = await simulator.handle("messages")
    var accepted: [String] = []
    for index in 0..<30 {
      let input: String
      switch random.next() % 8 {
      case 0: input = ":offline"
      case 1: input = ":online"
      case 2: input = ":relaunch"
      case 3: input = ":clock +\(random.next() % 9)s"
      case 4: input = ":fault data.sendMessage networkTimeout times \(1 + random.next() % 5)"
      case 5: input = ":fault data.sendMessage serviceUnavailable chance 50%"
      default: input = "send m\(index)"
      }
      if simulator.state.screen == .preparing || simulator.state.screen == .dashboard {
        _ = await simulator.handle(simulator.state.screen == .preparing ? "retry" : "messages")
      }
      let step = await simulator.handle(input)
      if input.hasPrefix("send"), let notice = step.snapshot?.notice,
        notice == "Sent." || notice.hasPrefix("Saved on this phone")
      {
        accepted.append(String(input.dropFirst(5)))
      }
    }
    _ = await simulator.handle(":fault clear")
    _ = await simulator.handle(":online")
    if simulator.state.screen == .preparing { _ = await simulator.handle("retry") }
    _ = await simulator.handle("home")
    _ = await simulator.handle("sync now")
    let sent = try await messages(simulator).filter { $0.hasPrefix("m") }
    #expect(sent == accepted, "seed \(seed)")
    #expect(await simulator.phones["sarah"]?.device.outbox().changes.isEmpty == true)
  }
}

/// Each kind of data settles a change that waited offline by its own rule.
@Suite struct ConflictRuleTests {
  var state = MockState(world: Fixtures.world(familyRoles: Fixtures.everyone), seed: 1)
  let now = Fixtures.now

  init() {
    state.world.tasks = [FamilyTask(id: "bins", familyID: "johnsons", title: "Bins", assignee: "ben")]
    state.world.routes = [SchoolRoute(id: "oak", familyID: "johnsons", name: "Oakwood")]
    state.world.pickups = [Pickup(id: "mon", routeID: "oak", at: Fixtures.now.addingTimeInterval(3600))]
  }

  func waited(_ change: Change, by author: UserID, at offset: TimeInterval, id: String = "c1") -> PendingChange {
    PendingChange(
      id: id, change: change, author: author, madeAt: now.addingTimeInterval(offset), summary: "it", waited: true)
  }

  @Test mutating func messagesMergeByTheTimeTheyWereWritten() throws {
    _ = try state.sendMessage("later", to: "johnsons", by: "mark", writtenAt: now.addingTimeInterval(60), now: now)
    let result = try state.apply(
      waited(.sendMessage("earlier", family: "johnsons"), by: "sarah", at: 0), now: now.addingTimeInterval(120))
    #expect(result == .applied)
    let texts = state.world.messages.sorted { $0.sentAt < $1.sentAt }.map(\.text)
    #expect(texts == ["earlier", "later"])
  }

  @Test mutating func aTaskKeepsTheLaterWritersVersion() throws {
    try state.assign(task: "bins", to: "mark", by: "mark", changedAt: now.addingTimeInterval(60), now: now)
    let older = try state.apply(waited(.assignTask("bins", to: "sarah"), by: "sarah", at: 0), now: now)
    #expect(older == .superseded("Mark changed “Bins” while you were offline; their version was kept."))
    #expect(state.world.tasks[0].assignee == "mark")
    let newer = try state.apply(
      waited(.setTaskStatus(.done, task: "bins"), by: "sarah", at: 120, id: "c2"), now: now.addingTimeInterval(180))
    #expect(newer == .applied)
    #expect(state.world.tasks[0].status == .done)
  }

  @Test mutating func aClaimedPickupStaysWithItsDriver() throws {
    try state.setDriver("mark", ofPickup: "mon", by: "mark", now: now)
    let result = try state.apply(waited(.setDriver("sarah", pickup: "mon"), by: "sarah", at: 0), now: now)
    #expect(result == .superseded("Mark is already driving this pickup. Their claim was kept."))
    #expect(state.world.pickups[0].driver == "mark")
  }

  @Test mutating func theServersRolesWin() throws {
    let index = try #require(state.world.memberships.firstIndex { $0.userID == "mark" && $0.familyID == "johnsons" })
    state.world.memberships[index].role = .child
    let result = try state.apply(waited(.postNotice("Garage", family: "johnsons"), by: "mark", at: 0), now: now)
    guard case .superseded(let words) = result else {
      Issue.record("expected the role change to win, got \(result)")
      return
    }
    #expect(words.hasPrefix("Your role no longer allows this"))
    #expect(state.world.notices.isEmpty)
  }

  @Test mutating func aChangeIsAppliedOncePerID() throws {
    let change = waited(.sendMessage("once", family: "johnsons"), by: "sarah", at: 0)
    #expect(try state.apply(change, now: now) == .applied)
    #expect(try state.apply(change, now: now) == .alreadyApplied)
    #expect(state.world.messages.map(\.text) == ["once"])
  }

  @Test mutating func aChangeSentAtOnceThatClashesIsAnError() throws {
    try state.setDriver("mark", ofPickup: "mon", by: "mark", now: now)
    var change = waited(.setDriver("sarah", pickup: "mon"), by: "sarah", at: 0)
    change.waited = false
    #expect(throws: AppError.self) { try state.apply(change, now: now) }
  }
}

/// Every error a bundled journey shows names only ways forward its screen offers, and the bundled journeys
/// reach every error in the catalogue.
@Suite struct ErrorCatalogueTests {
  @Test func everyErrorHasAWayForwardThatExistsAndTheJourneysReachEveryOne() async throws {
    var seen: Set<AppError.Code> = []
    let flow = Flow()
    for name in BundledScenarios.names {
      let scenario = try BundledScenarios.scenario(named: name)
      for journey in scenario.journeys {
        let simulator = Simulator(scenario: scenario)
        await simulator.start()
        for input in journey.steps {
          _ = await simulator.handle(input)
          let state = simulator.state
          if case .failed(let error, _) = state.content.sync { seen.insert(error.code) }
          guard let error = state.error else { continue }
          seen.insert(error.code)
          for recovery in error.recovery {
            #expect(
              flow.offers(recovery, in: state), "\(name)/\(journey.name): \(recovery) on \(state.screen.id)")
          }
          #expect(
            !error.recovery.isEmpty || !flow.actions(in: state).isEmpty,
            "\(name)/\(journey.name): \(error.code) on \(state.screen.id) leaves no way forward")
        }
      }
    }
    let missing = Set(AppError.Code.allCases).subtracting(seen).map(\.rawValue).sorted()
    #expect(missing.isEmpty, "no bundled journey shows: \(missing.joined(separator: ", "))")
  }

  @Test func eachRecoveryMeansARealAction() {
    let flow = Flow()
    var state = AppState(screen: .mfa)
    state.session = .awaitingCode(MFAChallenge(id: "c", user: Fixtures.mark, provider: .google))
    #expect(flow.offers(.newCode, in: state))
    #expect(flow.offers(.edit, in: state))
    #expect(flow.offers(.back, in: state))
    #expect(!flow.offers(.retry, in: state))
    state.retry = Intent(.enterCode, "1")
    #expect(flow.offers(.retry, in: state))
    #expect(flow.offers(.signIn, in: AppState(screen: .signIn)))
    #expect(!flow.offers(.back, in: AppState(screen: .signIn)))
  }
}
