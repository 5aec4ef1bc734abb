import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardValidation

/// The defects of the third walk from outside (issue 39, `../shared/repro3/`), each kept by the smallest walk that
/// showed it, and the rules behind them.
@Suite struct ThirdWalkDefectTests {
  static func fa(_ changes: (String, String)...) -> String {
    var text = DefectWorlds.fa
    for (old, new) in changes {
      #expect(text.contains(old), "the world has no \(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
    return text
  }

  static func refusal(_ yaml: String) -> String {
    SecondWalkDefectTests.refusal(yaml)
  }

  /// `DefectWorlds.fa` with Sarah's phone holding `outbox`.
  static func withOutbox(_ outbox: String) -> String {
    fa(("  signedIn: true\naccounts:", "  signedIn: true\n  outbox:\n\(outbox)accounts:"))
  }

  /// The numbers the acting person's screen shows, by item id.
  static func numbers(_ simulator: Simulator) -> [String: Int] {
    var found: [String: Int] = [:]
    for block in simulator.snapshot.blocks {
      if case .item(let item) = block, let id = item.id, let number = item.number { found[id] = number }
    }
    return found
  }

  // MARK: 11: every list acted on by number keeps its numbers

  /// Mark adds an event that sorts before Sarah's #2 while she stays on the calendar: her #2 still names what it
  /// named, and the new event is numbered after the rest.
  @Test func theCalendarKeepsItsNumbersWhenAnotherPhoneAddsAnEvent() async throws {
    let simulator = try await DefectWorlds.open(DefectWorlds.fa)
    await simulator.type("calendar")
    let before = Self.numbers(simulator)
    let second = try #require(before.first { $0.value == 2 }?.key)
    await simulator.type(
      ":as mark", "calendar", "add event", "title Early bird", "when 2026-03-02 12:00", "save", ":as sarah")
    let after = Self.numbers(simulator)
    for (id, number) in before { #expect(after[id] == number, "\(id) was #\(number), now #\(after[id] ?? 0)") }
    let early = try #require(after.first { before[$0.key] == nil })
    #expect(early.value == before.count + 1)
    await simulator.type("open 2")
    #expect(simulator.state.screen == .eventDetail(second))
  }

  /// A member joining while the parent admin stays on family management: the members she saw keep their numbers.
  @Test func familyManagementKeepsItsNumbersWhenSomeoneJoins() async throws {
    let simulator = try await DefectWorlds.open(DefectWorlds.fa)
    await simulator.type("settings", "family management")
    let before = Self.numbers(simulator)
    await simulator.type(":as jo", "join family", "code K7QM2X", "join as adult", ":as sarah")
    #expect(simulator.state.screen.id == .familyManagement)
    let after = Self.numbers(simulator)
    for (id, number) in before { #expect(after[id] == number, "\(id) was #\(number), now #\(after[id] ?? 0)") }
    #expect(after["jo"] == before.count + 1)
  }

  /// A day passing takes Monday's pickup off the week: the pickups left keep their numbers.
  @Test func theSchoolRunKeepsItsNumbersWhenAPickupLeavesTheWeek() async throws {
    let simulator = try await DefectWorlds.open(DefectWorlds.fa)
    await simulator.type("school run")
    let before = Self.numbers(simulator)
    #expect(before["mon-am"] == 1)
    await simulator.type(":clock +1d")
    let after = Self.numbers(simulator)
    #expect(after["mon-am"] == nil)
    for (id, number) in after { #expect(before[id] == nil || before[id] == number, "\(id) moved to #\(number)") }
    #expect(after["tue-am"] == before["tue-am"])
  }

  /// The rule everywhere: every screen with an action that takes an item's number is one whose numbers
  /// ``FlowTable/keptNumbers(_:)`` knows, and they are the numbers its rows carry. A list added without keeping its
  /// numbers fails here, naming the screen.
  @Test func everyScreenActedOnByNumberKeepsTheNumbersItShows() async throws {
    let numbered = ScreenID.allCases.filter { id in
      FlowTable.app[id].actions.contains { action in
        if case .item = action.argument { return true }
        return false
      }
    }
    #expect(Set(numbered) == [.tasks, .noticeboard, .calendar, .schoolRun, .familyManagement])
    let ways: [ScreenID: [String]] = [
      .tasks: ["tasks"], .noticeboard: ["messages", "noticeboard"], .calendar: ["calendar"],
      .schoolRun: ["school run"], .familyManagement: ["settings", "family management"],
    ]
    for id in numbered {
      let simulator = try await DefectWorlds.open(DefectWorlds.fa)
      for line in try #require(ways[id], "no way to \(id) in this test") { await simulator.type(line) }
      #expect(simulator.state.screen.id == id)
      let shown = Self.numbers(simulator)
      #expect(!shown.isEmpty, "\(id)")
      #expect(FlowTable.keptNumbers(simulator.state) == shown, "\(id)")
    }
  }

  /// The explorer's rule covers every such list. Planted: Sarah's calendar numbered afresh after Mark's event, as
  /// before the fix.
  @Test func aCalendarRenumberedUnderAPersonWhoStayedOnItIsFound() async throws {
    let scenario = try ScenarioLoader.parse(DefectWorlds.fa, source: "fa.yaml")
    let explorer = Explorer(scenario: scenario)
    let simulator = Simulator(scenario: scenario)
    await simulator.start()
    _ = await simulator.handle("calendar")
    let from = simulator.checkpoint()
    for line in [
      ":as mark", "calendar", "add event", "title Early bird", "when 2026-03-02 12:00", "save", ":as sarah",
    ] {
      _ = await simulator.handle(line)
    }
    #expect(explorer.renumbered(from: from, to: simulator.checkpoint()) == nil)
    var phone = try #require(simulator.phones["sarah"])
    phone.state.screen = .calendar()
    simulator.phones["sarah"] = phone
    let found = try #require(explorer.renumbered(from: from, to: simulator.checkpoint()))
    #expect(found.hasPrefix("sarah's calendar renumbered "), "\(found)")
  }

  // MARK: 07 and 08: a phone's queue

  static let change =
    "      - { id: %@, change: setTaskStatus, task: bins, status: done, by: %@, at: 2026-03-02T08:00:00Z, summary: bins }\n"

  static func queued(_ id: String, by: String = "sarah") -> String {
    String(format: change, id, by)
  }

  @Test func aQueueWithOneIdTwiceIsRefused() {
    let yaml = Self.withOutbox(
      "    issued: 1\n    changes:\n" + Self.queued("sarah-change-1") + Self.queued("sarah-change-1"))
    let refusal = Self.refusal(yaml)
    #expect(refusal.contains("change id 'sarah-change-1' is already used by the change at"), "\(refusal)")
    #expect(refusal.hasPrefix("w.yaml:"), "\(refusal)")
  }

  @Test func anIssuedCountBelowAQueuedIdIsRefused() {
    let yaml = Self.withOutbox("    issued: 0\n    changes:\n" + Self.queued("sarah-change-1"))
    let refusal = Self.refusal(yaml)
    #expect(refusal.contains("'issued' is 0, but the queue holds 'sarah-change-1'"), "\(refusal)")
    #expect(refusal.hasPrefix("w.yaml:"), "\(refusal)")
    // At the id, or past it, the queue loads.
    #expect(Self.refusal(Self.withOutbox("    issued: 1\n    changes:\n" + Self.queued("sarah-change-1"))) == "")
  }

  @Test func aQueuedChangeOfAnotherAccountIsRefused() {
    let yaml = Self.withOutbox("    issued: 1\n    changes:\n" + Self.queued("sarah-change-1", by: "mark"))
    let refusal = Self.refusal(yaml)
    #expect(refusal.contains("a change on sarah's phone is made by sarah ('by: sarah'), not mark"), "\(refusal)")
    #expect(refusal.hasPrefix("w.yaml:"), "\(refusal)")
  }

  // MARK: 16: what a saved screen names

  @Test func aSavedListNamingAnItemTwiceIsRefused() {
    let yaml = Self.fa(
      ("  signedIn: true\naccounts:", "  signedIn: true\n  screen: { id: tasks, shown: [tidy, tidy, bins] }\naccounts:")
    )
    let refusal = Self.refusal(yaml)
    #expect(refusal.contains("'shown' names 'tidy' twice"), "\(refusal)")
  }

  @Test(arguments: [
    ("{ id: taskDetail, item: trip }", "'item' must name a task; 'trip' is the notice at"),
    (
      "{ id: eventDetail, item: bins }",
      "'item' must name an event, pickup or birthday (birthday-ACCOUNT); 'bins' is the task at"
    ),
    ("{ id: noticeboard, shown: [trip, bins] }", "'shown' must name a notice; 'bins' is the task at"),
    ("{ id: schoolRun, shown: [swim] }", "'shown' must name a pickup; 'swim' is the event at"),
    ("{ id: familyManagement, shown: [sarah, sarah] }", "'shown' names 'sarah' twice"),
  ])
  func aSavedScreenNamingTheWrongKindOfItemIsRefused(_ screen: String, _ message: String) {
    let yaml = Self.fa(("  signedIn: true\naccounts:", "  signedIn: true\n  screen: \(screen)\naccounts:"))
    let refusal = Self.refusal(yaml)
    #expect(refusal.contains(message), "\(refusal)")
    #expect(refusal.hasPrefix("w.yaml:"), "\(refusal)")
  }

  @Test func listsSavedWithTheirNumbersReopenWithThem() async throws {
    let simulator = try await DefectWorlds.open(DefectWorlds.fa)
    for line in [
      "calendar", ":as mark", "calendar", "add event", "title Early bird", "when 2026-03-02 12:00", "save", ":as sarah",
    ] {
      _ = await simulator.handle(line)
    }
    let shown = Self.numbers(simulator)
    let yaml = ScenarioWriter.yaml(await simulator.savedScenario())
    let reopened = try await DefectWorlds.open(yaml)
    #expect(reopened.state.screen.id == .calendar)
    #expect(Self.numbers(reopened) == shown)
  }

  // MARK: 10: the clock stays within the years a file holds

  @Test func latencyNeverTakesTheClockPastTheYear9999() async throws {
    let simulator = try await DefectWorlds.open(Self.fa(("now: 2026-03-02T08:00:00Z", "now: 9999-12-31T23:59:00Z")))
    await simulator.type(":latency data 5m", "calendar", "home")
    #expect(simulator.now <= SimulatedClock.latest)
    #expect(Calendar(identifier: .gregorian).component(.year, from: simulator.now) == 9999)
  }

  @Test func aLatencyLongerThanADayIsRefused() async throws {
    let simulator = try await DefectWorlds.open(DefectWorlds.fa)
    let said = await simulator.type(":latency data 2d")
    #expect(said.contains("A call can take at most a day (1d) of simulated time; 2d is more."), "\(said)")
    #expect(simulator.environment.backend.latencies.isEmpty)
    let refusal = Self.refusal(Self.fa(("seed: 3\n", "seed: 3\nlatency: { data: 99999999d }\n")))
    #expect(refusal.contains("'data': a call can take at most a day (1d) of simulated time"), "\(refusal)")
    #expect(refusal.hasPrefix("w.yaml:6:"), "\(refusal)")
  }

  @Test func theClockItselfStopsAtTheLastMomentOf9999() {
    let clock = SimulatedClock(Date(timeIntervalSince1970: 253_402_300_700))
    clock.advance(by: 99_999_999 * 86400)
    #expect(clock.now() == SimulatedClock.latest)
    clock.set(Date(timeIntervalSince1970: 1e12))
    #expect(clock.now() == SimulatedClock.latest)
  }

  // MARK: 12: the documented fault schedule

  @Test func aFaultForTheNextNCallsIsUnderstood() {
    let fault = try? FaultArgument.parse(
      ["data.addTask", "networkTimeout", "next", "2", "on", "mark"], accounts: ["mark"]
    ).get()
    #expect(fault?.schedule == .next(2))
    #expect(fault?.account == "mark")
  }

  // MARK: help

  @Test(arguments: ["help", "?", "Help"])
  func helpTypedAloneOpensTheSimulatorsHelp(_ typed: String) async throws {
    let simulator = try await DefectWorlds.open(DefectWorlds.fa)
    let help = await simulator.handle(":help")
    let step = await simulator.handle(typed)
    #expect(step.messages == help.messages)
    #expect(!step.messages.contains { $0.text.contains("not an action here") })
  }

  // MARK: a pickup someone else drives

  /// Claim is offered only on a pickup nobody drives: on Mark's, no row offers it (the page draws no "Claim"), and
  /// typing it says who drives it and changes nothing.
  @Test func aPickupSomeoneElseDrivesIsNotOfferedToClaim() async throws {
    let simulator = try await DefectWorlds.open(DefectWorlds.fa)
    await simulator.type("school run")
    for block in simulator.snapshot.blocks {
      guard case .item(let item) = block, item.id == "thu-pm" else { continue }
      #expect(!item.actions.contains { $0.label.hasPrefix("Claim") }, "\(item.actions.map(\.label))")
    }
    let said = await simulator.type("claim 3")
    #expect(said.contains("Mark is already driving this pickup"), "\(said)")
    #expect(simulator.environment.backend.world.pickups.first { $0.id == "thu-pm" }?.driver == "mark")
  }
}
