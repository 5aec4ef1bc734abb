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

/// The phone's cache: an offline launch opens the family board from it, each kind of data is shown within its
/// time to live, and nothing stays on the phone after signing out or leaving the family.
@Suite struct PhoneCacheTests {
  func simulator(_ name: String = "offline") async throws -> Simulator {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: name))
    await simulator.start()
    return simulator
  }

  func current(_ simulator: Simulator) throws -> AppState {
    try #require(simulator.phones[simulator.actingUser]).state
  }

  func device(_ simulator: Simulator) throws -> MockDevice {
    try #require(simulator.phones[simulator.actingUser]).device
  }

  @Test func theTimeToLiveTableIsTheSpecs() {
    #expect(PhoneCache.Kind.profile.timeToLive == nil)
    #expect(PhoneCache.Kind.messages.timeToLive == nil)
    for kind in [PhoneCache.Kind.family, .members, .tasks, .calendar, .schoolRun] {
      #expect(kind.timeToLive == 86400, "\(kind)")
    }
    #expect(PhoneCache.Kind.noticeboard.timeToLive == 3600)
  }

  @Test func anOfflineRelaunchOpensTheDashboardFromTheCacheAndKeepsWorking() async throws {
    let simulator = try await simulator()
    _ = await simulator.handle("messages")
    _ = await simulator.handle("home")
    let loaded = simulator.environment.clock.now()
    _ = await simulator.handle(":clock +2h")
    _ = await simulator.handle(":offline")
    _ = await simulator.handle(":relaunch")
    var state = try current(simulator)
    #expect(state.screen == .dashboard)
    #expect(state.error?.code == .offline)
    #expect(state.staleSince == loaded.addingTimeInterval(7200))
    #expect(state.content.members.map(\.id) == ["sarah", "mark", "ben"])
    #expect(LoadState.of(state, blocks: []) == .offlineWithCache)
    _ = await simulator.handle("messages")
    state = try current(simulator)
    #expect(state.screen == .messages)
    #expect(state.staleSince == loaded)
    #expect(state.content.messages.map(\.text) == ["Who can take Ben to swimming on Tuesday?"])
    let step = await simulator.handle("send Still here")
    #expect(step.snapshot?.notice == "Saved on this phone; it will sync when you are back online.")
    #expect(try current(simulator).content.messages.last?.text == "Still here")
  }

  @Test func dataPastItsTimeToLiveNeedsAConnectionAndTryAgainLoadsItOnceOnline() async throws {
    let simulator = try await simulator()
    _ = await simulator.handle("messages")
    _ = await simulator.handle("noticeboard")
    _ = await simulator.handle("home")
    _ = await simulator.handle(":offline")
    _ = await simulator.handle(":clock +2h")
    _ = await simulator.handle(":relaunch")
    _ = await simulator.handle("messages")
    #expect(try current(simulator).staleSince != nil, "messages are kept indefinitely")
    _ = await simulator.handle("noticeboard")
    var state = try current(simulator)
    #expect(state.screen.id == .noticeboard)
    #expect(!state.loaded)
    #expect(state.error?.message.hasPrefix("Needs a connection") == true)
    #expect(state.error?.message.contains("more than 1 hour old") == true)
    #expect(state.retry == Intent(.refresh))
    _ = await simulator.handle(":online")
    _ = await simulator.handle("retry")
    state = try current(simulator)
    #expect(state.loaded && state.error == nil && state.staleSince == nil)
  }

  @Test func aFamilyCopyOlderThanADayDoesNotOpenTheBoard() async throws {
    let simulator = try await simulator()
    _ = await simulator.handle(":offline")
    _ = await simulator.handle(":clock +25h")
    _ = await simulator.handle(":relaunch")
    let state = try current(simulator)
    #expect(state.screen == .preparing)
    #expect(state.error?.code == .offline)
  }

  @Test func signingOutAndLeavingTheFamilyClearTheCache() async throws {
    let simulator = try await simulator()
    _ = await simulator.handle("tasks")
    #expect(try await !device(simulator).cache().isEmpty)
    #expect(try await device(simulator).cache().tasks?.value.count == 2)
    _ = await simulator.handle("home")
    _ = await simulator.handle("sign out")
    #expect(try await device(simulator).cache().isEmpty)

    let other = try await self.simulator()
    _ = await other.handle(":as mark")
    _ = await other.handle("settings")
    #expect(try await !device(other).cache().isEmpty)
    _ = await other.handle("leave family")
    _ = await other.handle("yes")
    #expect(try current(other).family == nil)
    #expect(try await device(other).cache().isEmpty)
  }

  @Test func aFormAQuestionAndADetailKeepTheirContentOffline() async throws {
    let simulator = try await simulator()
    _ = await simulator.handle("tasks")
    _ = await simulator.handle("add task")
    _ = await simulator.handle(":offline")
    let step = await simulator.handle("title Offline task")
    #expect(step.snapshot?.staleSince != nil)
    #expect(
      step.snapshot?.blocks.contains {
        if case .input(let field) = $0 { field.label == "Title" && field.value == "Offline task" } else { false }
      } == true)
    #expect(step.snapshot?.load == .offlineWithCache)

    // A member's page and the question it asks keep what they showed (defect 14-b).
    let admin = Simulator(scenario: try BundledScenarios.scenario(named: "family-admin"))
    await admin.start()
    for line in ["settings", "family management", "open 2", ":offline"] { _ = await admin.handle(line) }
    let asked = await admin.handle("remove")
    #expect(asked.snapshot?.screen == .confirm)
    #expect(asked.snapshot?.staleSince != nil)
    #expect(asked.snapshot?.blocks.contains(.paragraph("Remove Mark Johnson from The Johnsons?")) == true)
    let back = await admin.handle("no")
    #expect(back.snapshot?.screen == .memberDetail)
    #expect(back.snapshot?.blocks.contains(.field("Email", "mark@example.com")) == true)
  }

  @Test func theJSONLinesCarryTheLoadState() async throws {
    let simulator = try await simulator()
    _ = await simulator.handle("messages")
    _ = await simulator.handle(":offline")
    let step = await simulator.handle("retry")
    let line = StepRecord(step, index: 1, journey: nil).jsonLine()
    #expect(line.contains(#""load":"offlineWithCache""#))
    #expect(line.contains(#""cachedAt":"2026-03-02T08:00:00Z""#))
    let dashboard = StepRecord(await simulator.handle("home"), index: 2, journey: nil).jsonLine()
    #expect(dashboard.contains(#""cachedAt":"2026-03-02T08:00:00Z""#))
  }
}

@Suite struct FailedChangesTests {
  @Test func aChangeThatFailedAllItsRetriesIsListedOnTheDashboardUntilSyncNow() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "offline"))
    await simulator.start()
    _ = await simulator.handle(":fault data.sendMessage networkTimeout times 4")
    _ = await simulator.handle("messages")
    _ = await simulator.handle("send Running late")
    for _ in 0..<8 { _ = await simulator.handle(":clock +1s") }
    let dashboard = await simulator.handle("home")
    #expect(
      dashboard.snapshot?.blocks.contains(.row("message “Running late”", flag: "NOT SENT")) == true)
    let synced = await simulator.handle("sync now")
    #expect(
      synced.snapshot?.blocks.contains { if case .item(let item) = $0, item.flag == "NOT SENT" { true } else { false } }
        == false)
  }
}

@Suite struct PhoneCacheSaveTests {
  /// The live simulation saved in memory and loaded back (any diagnostic fails).
  static func reopened(_ live: Simulator) async throws -> (text: String, simulator: Simulator) {
    let text = ScenarioWriter.yaml(await live.savedScenario())
    let simulator = Simulator(scenario: try ScenarioLoader.parse(text, source: "saved.yaml"))
    await simulator.start()
    return (text, simulator)
  }

  @Test func aSavedWorldReopensWithTheSameCache() async throws {
    let live = Simulator(scenario: try BundledScenarios.scenario(named: "family-admin"))
    await live.start()
    for line in ["calendar", "home", "tasks", "home", "messages", "noticeboard", "home", "school run", "home"] {
      _ = await live.handle(line)
    }
    for line in ["settings", "profile", "back", "notifications", "back", "home", ":offline", ":clock +2h"] {
      _ = await live.handle(line)
    }
    let (text, reopened) = try await Self.reopened(live)
    #expect(text.contains("  cache:\n    family: { id: johnsons"))
    #expect(ScenarioWriter.yaml(try ScenarioLoader.parse(text, source: "saved.yaml")) == text)
    var expected = try #require(live.phones["sarah"]).device.cached
    var found = try #require(reopened.phones["sarah"]).device.cached
    #expect(found.session?.user.id == "sarah")
    expected.session = nil
    found.session = nil
    #expect(found == expected)
    #expect(found.events?.value.isEmpty == false)
    #expect(found.pickups?.value.isEmpty == false)
    #expect(found.preferences != nil && found.profile != nil)
    // Reopened offline, the phone relaunches onto its cached board as the live one does.
    _ = await live.handle(":relaunch")
    _ = await reopened.handle(":relaunch")
    #expect(SaveTests.screen(reopened) == SaveTests.screen(live))
    #expect(reopened.state.staleSince != nil)
  }

  @Test func aBadCacheGetsPreciseErrors() throws {
    let base = """
      summary: s
      now: 2026-03-02T08:00:00Z
      accounts:
        - { id: sarah, name: Sarah, email: s@x.com, providers: [apple] }
      families:
        - id: js
          name: The Js
          code: K7QM2X
          members: [{ account: sarah, role: parentAdmin }]

      """
    func errors(_ tail: String) -> String {
      do {
        _ = try ScenarioLoader.parse(base + tail, source: "x.yaml")
        return ""
      } catch { return error.description }
    }
    let family = "family: { id: js, name: The Js, code: K7QM2X, role: parentAdmin, at: 2026-03-02T08:00:00Z }"
    #expect(errors("device: { user: sarah, signedIn: true, cache: { \(family) } }") == "")
    #expect(
      errors(
        "device: { user: sarah, signedIn: true, cache: { \(family), taks: { at: 2026-03-02T08:00:00Z, list: [] } } }"
      )
      .contains("x.yaml:10:")
        && errors("device: { user: sarah, signedIn: true, cache: { \(family), taks: {} } }")
          .contains("did you mean 'tasks'?")
    )
    #expect(
      errors("device: { user: sarah, cache: { \(family) } }").contains(
        "'cache' is what a signed-in phone kept of its family: it needs signedIn: true"))
    #expect(
      errors(
        "device: { user: sarah, signedIn: true, cache: { \(family), messages: { at: 2026-03-02T08:00:00Z, list: [{ id: m1, from: nobody, at: 2026-03-02T08:00:00Z, text: hi }] } } }"
      ).contains("unknown account 'nobody' in the cache"))
    #expect(
      errors(
        "device: { user: sarah, signedIn: true, cache: { family: { id: other, name: O, code: K7QM2X, role: adult, at: 2026-03-02T08:00:00Z } } }"
      )
      .contains("the cached family 'other' is not one of 'families'"))
  }
}
