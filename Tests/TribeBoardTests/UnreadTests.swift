import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardTesting

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardScenarios
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// Read state: each member's read marker in the backend, the dashboard's "N unread", opening the conversation
/// reading it (online only), and the `unread` and `member.unread` expectations.
@Suite struct UnreadTests {
  /// Sarah has read Mark's first message (his 19:45 one is new to her; her own 19:30 one never is), Mark has read
  /// everything, Ben has no marker, Mia is in no family.
  static let yaml = """
    summary: The Johnsons talk.
    now: 2026-03-02T08:00:00Z
    device: { user: sarah, signedIn: true, onboardingCompleted: true }
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
      - { id: mark, name: Mark Johnson, email: mark@example.com, providers: [google] }
      - { id: ben, name: Ben Johnson, email: ben@example.com, providers: [apple], child: true }
      - { id: mia, name: Mia Brown, email: mia@example.com, providers: [apple] }
    families:
      - id: johnsons
        name: The Johnsons
        code: K7QM2X
        members:
          - { account: sarah, role: parentAdmin, lastRead: swim }
          - { account: mark, role: adult, lastRead: thanks }
          - { account: ben, role: child }
        messages:
          - { id: swim, from: mark, at: 2026-03-01T18:00:00Z, text: Swimming is at five }
          - { id: take, from: sarah, at: 2026-03-01T19:30:00Z, text: I can take him }
          - { id: thanks, from: mark, at: 2026-03-01T19:45:00Z, text: Thanks }
    journeys:
      read:
        - expect: { unread: 1, member: { name: Ben, unread: 3 } }
        - messages
        - expect: { unread: 0, member: { name: mark, unread: 0 } }

    """

  static let now = Date(timeIntervalSince1970: 1_772_438_400)  // 2026-03-02T08:00:00Z

  func scenario(_ yaml: String = Self.yaml) throws -> Scenario {
    try ScenarioLoader.parse(yaml, source: "x.yaml")
  }

  func simulator(after inputs: [String] = []) async throws -> Simulator {
    let simulator = Simulator(scenario: try scenario())
    await simulator.start()
    for input in inputs { _ = await simulator.handle(input) }
    return simulator
  }

  /// Each person's unread count in the backend, in the order sarah, mark, ben, mia (`nil`: not a member).
  func counts(_ simulator: Simulator) -> [Int?] {
    var counts: [Int?] = []
    for user in ["sarah", "mark", "ben", "mia"] {
      counts.append(simulator.environment.backend.unreadCount(of: user, in: "johnsons"))
    }
    return counts
  }

  func screen(_ simulator: Simulator) -> String {
    TextRenderer(style: .plain, boxed: false).render(simulator.snapshot)
  }

  // MARK: The backend

  @Test func theBackendCountsWhatOthersSentAfterEachMarker() async throws {
    let simulator = try await simulator()
    #expect(counts(simulator) == [1, 0, 3, nil])
    let data = MockDataService(backend: simulator.environment.backend)
    #expect(try await data.unreadMessages(in: "johnsons", for: "ben") == ["swim", "take", "thanks"])
    #expect(try await data.unreadMessages(in: "johnsons", for: "sarah") == ["thanks"])
    await #expect(throws: AppError(.permissionDenied, "You are not a member of this family.", recovery: [.back])) {
      try await data.unreadMessages(in: "johnsons", for: "mia")
    }
  }

  @Test func markingReadMovesOnePersonsMarkerOnlyForward() async throws {
    let simulator = try await simulator()
    let data = MockDataService(backend: simulator.environment.backend)
    try await data.markRead(in: "johnsons", through: "thanks", by: "sarah")
    #expect(counts(simulator) == [0, 0, 3, nil])
    // A late call naming an earlier message leaves the marker where it is.
    try await data.markRead(in: "johnsons", through: "swim", by: "sarah")
    #expect(simulator.environment.backend.membership(of: "sarah", in: "johnsons")?.lastRead == "thanks")
    #expect(counts(simulator) == [0, 0, 3, nil])
    try await data.markRead(in: "johnsons", through: "take", by: "ben")
    #expect(counts(simulator) == [0, 0, 1, nil])
    // A new message is unread to everyone but its sender.
    _ = try await data.sendMessage("Back at six", to: "johnsons", by: "mark")
    #expect(counts(simulator) == [1, 0, 2, nil])
    await #expect(throws: AppError.self) { try await data.markRead(in: "johnsons", through: "thanks", by: "mia") }
    await #expect(throws: AppError(.notFound)) { try await data.markRead(in: "johnsons", through: "nope", by: "ben") }
  }

  @Test func aMessageThatWaitedOnAPhoneIsNewWhenItArrivesThoughItsTimeIsEarlier() async throws {
    let simulator = try await simulator()
    let data = MockDataService(backend: simulator.environment.backend)
    let sent = try await data.sendMessage("Leaving at nine", to: "johnsons", by: "ben")
    try await data.markRead(in: "johnsons", through: sent.id, by: "sarah")
    #expect(counts(simulator) == [0, 1, 3, nil])
    // Written on Mark's phone offline an hour ago, it reaches the backend now and is placed by its time.
    let late = PendingChange(
      id: "mark-change-1", change: .sendMessage("Running late", family: "johnsons"), author: "mark",
      madeAt: Self.now.addingTimeInterval(-3600), summary: "message “Running late”", waited: true)
    #expect(try await MockCloudSyncService(backend: simulator.environment.backend).apply(late) == .applied)
    #expect(try await data.messages(in: "johnsons").suffix(2).map(\.text) == ["Running late", "Leaving at nine"])
    #expect(counts(simulator) == [1, 1, 4, nil])
    let unread = try await data.unreadMessages(in: "johnsons", for: "sarah")
    #expect(try await data.messages(in: "johnsons").filter { unread.contains($0.id) }.map(\.text) == ["Running late"])
  }

  @Test func aMembersOwnMessagesAreNeverUnreadToThem() async throws {
    let simulator = try await simulator()
    let data = MockDataService(backend: simulator.environment.backend)
    _ = try await data.sendMessage("Can I have a biscuit?", to: "johnsons", by: "ben")
    #expect(counts(simulator) == [2, 1, 3, nil])
  }

  @Test func someoneWhoJoinsStartsWithTheHistoryRead() async throws {
    let simulator = try await simulator()
    let data = MockDataService(backend: simulator.environment.backend)
    let code = try #require(simulator.environment.backend.family("johnsons")).code
    _ = try await data.joinFamily(code: code, user: "mia", role: .adult)
    #expect(counts(simulator) == [1, 0, 3, 0])
    _ = try await data.sendMessage("Hello, Mia", to: "johnsons", by: "sarah")
    #expect(counts(simulator) == [1, 1, 4, 1])
  }

  // MARK: The app

  @Test func theDashboardSaysHowManyAndOpeningTheConversationReadsIt() async throws {
    let simulator = try await simulator()
    #expect(screen(simulator).contains("Messages: 1 unread"))
    _ = await simulator.handle("messages")
    let conversation = screen(simulator)
    #expect(conversation.contains("Mark, Sun 1 Mar 19:45: Thanks  [NEW]"))
    #expect(conversation.contains("Sarah, Sun 1 Mar 19:30: I can take him\n"), "her own message is not new")
    #expect(conversation.contains("Swimming is at five\n"), "read before the marker")
    #expect(counts(simulator) == [0, 0, 3, nil])
    // Reloaded, nothing is new any more; the dashboard has no line to show.
    _ = await simulator.handle("home")
    #expect(!screen(simulator).contains("unread"))
    _ = await simulator.handle("messages")
    #expect(!screen(simulator).contains("[NEW]"))
  }

  @Test func offlineTheConversationIsShownFromThePhoneAndNothingIsMarkedUntilOnline() async throws {
    let simulator = try await simulator(after: ["messages", "home", ":as mark", "messages", "send Leaving now"])
    _ = await simulator.handle(":as sarah")
    #expect(screen(simulator).contains("Messages: 1 unread"))
    _ = await simulator.handle(":offline")
    _ = await simulator.handle("messages")
    #expect(simulator.state.staleSince != nil)
    #expect(!screen(simulator).contains("Leaving now"), "the phone's copy is from before Mark wrote")
    #expect(counts(simulator) == [1, 0, 4, nil])
    let phone = try #require(simulator.phones["sarah"]?.device)
    #expect(await phone.outbox().changes.isEmpty, "nothing is queued")
    _ = await simulator.handle(":online")
    #expect(screen(simulator).contains("Mark, Mon 2 Mar 08:00: Leaving now  [NEW]"))
    #expect(counts(simulator) == [0, 0, 4, nil])
  }

  @Test func aCountOrMarkThatFailsOnTheNetworkLeavesTheScreenUsable() async throws {
    let simulator = try await simulator(after: [":fault data.markRead networkTimeout times 1", "messages"])
    #expect(simulator.state.error == nil)
    #expect(screen(simulator).contains("Thanks  [NEW]"))
    #expect(counts(simulator) == [1, 0, 3, nil])
    _ = await simulator.handle(":fault data.unreadMessages networkTimeout times 1")
    _ = await simulator.handle("home")
    #expect(simulator.state.error == nil)
    #expect(simulator.state.screen == .dashboard)
    #expect(!screen(simulator).contains("unread"), "no count is shown rather than a wrong one")
    _ = await simulator.handle("messages")
    #expect(counts(simulator) == [0, 0, 3, nil])
  }

  // MARK: Expectations

  struct Case: Sendable, CustomStringConvertible {
    var passing: String
    var failing: String
    var message: String
    var description: String { failing }
  }

  static let cases: [Case] = [
    Case(passing: "unread=1", failing: "unread=0", message: "Sarah has 1 message unread in The Johnsons, expected 0"),
    Case(
      passing: "member.name=ben member.unread=3", failing: "member.name=Ben member.unread=2",
      message: "Ben has 3 messages unread in The Johnsons, expected 2"),
    Case(
      passing: #"member.name="Mark Johnson" member.role=adult member.unread=0"#,
      failing: "member.name=mark member.role=child member.unread=1",
      message: "Mark is adult in The Johnsons, expected child; Mark has 0 messages unread in The Johnsons, expected 1"),
    Case(
      passing: "member.name=mia member.role=none", failing: "member.name=mia member.unread=0",
      message: "Mia is not a member of The Johnsons, expected a member"),
    Case(
      passing: "member.name=mia member.role=none", failing: "member.name=mia member.role=none member.unread=0",
      message: "Mia is not a member of The Johnsons, so has no messages to read"),
  ]

  @Test(arguments: cases)
  func eachCheckPassesAndFailsSayingWhatWasFound(_ example: Case) async throws {
    let simulator = try await simulator()
    let passed = await simulator.handle(":expect \(example.passing)")
    #expect(passed.failedExpectation == nil, "\(passed.messages)")
    let failed = await simulator.handle(":expect \(example.failing)")
    #expect(failed.failedExpectation == example.message)
    #expect(failed.messages.map(\.text) == ["✗ expectation failed: \(example.message)"])
  }

  @Test func someoneRemovedWhileTheirPhoneStillShowsTheFamilyHasNoCountToCheck() async throws {
    let simulator = try await simulator(after: [":as ben"])
    try await MockDataService(backend: simulator.environment.backend).removeMember("ben", from: "johnsons", by: "sarah")
    let step = await simulator.handle(":expect unread=3")
    #expect(step.failedExpectation == "Ben is not a member of The Johnsons any more, so has no messages to read")
  }

  @Test func aYAMLExpectationBecomesTheLineTheREPLTakes() throws {
    let journey = try #require(try scenario().journey(named: "read"))
    #expect(
      journey.steps == [
        ":expect unread=1 member.name=Ben member.unread=3", "messages",
        ":expect unread=0 member.name=mark member.unread=0",
      ])
    #expect(
      StepExpectation.parse("unread=1 member.name=Ben member.unread=3")
        == .success(StepExpectation(checks: [.unread(1), .member(name: "Ben", role: nil, unread: 3)])))
  }

  @Test func aFailedJourneyExpectationNamesFileLineJourneyAndStep() async throws {
    let scenario = try scenario(Self.yaml.replacingOccurrences(of: "{ unread: 0, member", with: "{ unread: 1, member"))
    let journey = try #require(scenario.journey(named: "read"))
    let (_, failures) = await Transcript.run(scenario, journey: journey, inputs: journey.steps, file: scenario.source)
    #expect(
      failures.map(\.description) == [
        "x.yaml:25:7: journey read, step 3: Sarah has 0 messages unread in The Johnsons, expected 1"
      ])
  }

  @Test func countsAndMarkersAreCheckedWhenTheScenarioLoads() {
    let yaml = Self.yaml
      .replacingOccurrences(of: "lastRead: thanks", with: "lastRead: thank")
      .replacingOccurrences(of: "{ account: ben, role: child }", with: "{ account: ben, role: child, lastRead: Swim }")
      .replacingOccurrences(
        of: "    - messages\n",
        with: "    - expect: { unread: two, member: { name: Ben, unread: -1 } }\n    - :expect unread=1.5\n")
    do {
      _ = try ScenarioLoader.parse(yaml, source: "x.yaml")
      Issue.record("expected the scenario to fail")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "x.yaml:15:49: error: lastRead 'thank' is not a message of 'johnsons' (did you mean 'thanks'?); write the "
            + "id of the last message mark has read: swim, take, thanks",
          "x.yaml:16:48: error: lastRead 'Swim' must start with a lowercase letter and use only lowercase letters, "
            + "digits and '-' (try 'swim')",
          "x.yaml:24:25: error: 'unread' must be a whole number from 0 to 1000000, such as 2, not 'two'",
          "x.yaml:24:59: error: 'member.unread' must be a whole number from 0 to 1000000, such as 2, not '-1'",
          "x.yaml:25:7: error: 'unread' must be a whole number from 0 to 1000000, such as 2, not '1.5'",
        ])
    }
  }

  @Test func aSessionInAnotherPackageChecksUnreadAsATypedCheck() async throws {
    let session = try await ScenarioSession(yaml: Self.yaml)
    try await session.expect(.unread(1), .member(name: "ben", role: nil, unread: 3))
    await session.send("messages")
    try await session.expect(.unread(0))
    do {
      try await session.expect(.member(name: "ben", role: .child, unread: 0))
      Issue.record("expected a mismatch")
    } catch {
      #expect(error.description == "Ben has 3 messages unread in The Johnsons, expected 0")
    }
  }
}
