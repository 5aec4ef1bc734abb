import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// Random REPL sessions as a property test: thousands of random lines per bundled scenario (the screen's actions
/// with made-up values, actions the role lacks, colon commands, junk, huge numbers, control characters), with the
/// app's invariants checked after every step. A failure prints the shortest input list that still fails.
///
/// `swift test` runs 1,500 lines per scenario; `TRIBEBOARD_RANDOM_STEPS=50000 swift test --filter RandomSession`
/// runs more, `TRIBEBOARD_RANDOM_SEED=N` another seed.
@Suite struct RandomSessionTests {
  static let steps = ProcessInfo.processInfo.environment["TRIBEBOARD_RANDOM_STEPS"].flatMap(Int.init) ?? 1_500
  static let seed = ProcessInfo.processInfo.environment["TRIBEBOARD_RANDOM_SEED"].flatMap(UInt64.init) ?? 2026

  @Test(arguments: BundledScenarios.names)
  func invariantsHoldInRandomSessions(_ name: String) async throws {
    let scenario = try BundledScenarios.scenario(named: name)
    var random = SplitMix64(seed: Self.seed &+ UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
    let simulator = Simulator(scenario: scenario)
    await simulator.start()
    var lines: [String] = []
    var screens: Set<ScreenID> = []
    for _ in 0..<Self.steps {
      let line = Self.randomLine(for: simulator, scenario: scenario, using: &random)
      lines.append(line)
      _ = await simulator.handle(line)
      screens.insert(simulator.state.screen.id)
      if let broken = await Self.brokenInvariant(simulator) {
        let shortest = await Self.shrink(lines, scenario: scenario)
        Issue.record(
          """
          \(name): \(broken)
          shortest failing input (\(shortest.count) of \(lines.count) lines):
          \(shortest.map(\.debugDescription).joined(separator: "\n"))
          """)
        return
      }
    }
    #expect(screens.count >= 8, "the session explored only \(screens.sorted { $0.rawValue < $1.rawValue })")
  }

  @Test func theShrinkerFindsTheShortestFailingList() async throws {
    // A property that fails once "tasks" came after "skip": the shrinker must keep exactly those two.
    let lines = ["junk", "skip", ":where", "1", "tasks", "back", "tasks"]
    let shortest = await Self.shrink(lines) { candidate in
      guard let skip = candidate.firstIndex(of: "skip") else { return false }
      return candidate[skip...].contains("tasks")
    }
    #expect(shortest == ["skip", "tasks"])
  }

  // MARK: Invariants

  /// What is wrong with the acting person's app, or `nil`.
  static func brokenInvariant(_ simulator: Simulator) async -> String? {
    let state = simulator.state
    let screen = state.screen.id
    if simulator.flow.table[screen].needsFamily {
      guard state.session.auth != nil else { return "\(screen) shown without a session" }
      guard let membership = state.membership, state.family != nil else { return "\(screen) shown without a family" }
      if let expires = membership.expiresAt, simulator.environment.clock.now() >= expires {
        return "\(screen) shown to a visitor whose access ended at \(expires)"
      }
      if let needed = simulator.flow.table[screen].requires, !state.allows(needed) {
        return "\(screen) shown to a \(membership.role) without \(needed)"
      }
    }
    if [.onboarding, .signIn].contains(screen), state.session != .signedOut {
      return "a session on \(screen) (after signing out?)"
    }
    for action in simulator.flow.actions(in: state) {
      if let needed = action.requires, !state.allows(needed) {
        return "action '\(action.label)' offered on \(screen) without \(needed)"
      }
    }
    let codes = simulator.environment.backend.world.families.map(\.code)
    if Set(codes).count != codes.count { return "two families share a code: \(codes.sorted())" }
    return nil
  }

  // MARK: Lines

  static let junk = [
    "", " ", "\t", "-9223372036854775808", "9223372036854775807", "99999999999999999999999", "#-1", "#0", "0", "-1",
    "\u{0}", "\u{1B}[2J", "\r", "tasks\r", "\u{7F}", "\u{202E}kcab", "ß", "ﬀ", "é\u{301}", "👨‍👩‍👧", "> tasks", "\\",
    String(repeating: "x", count: 2_000), "done", "done #", "open 1 2", ":", "::", ": help", ":HELP", ":clock",
    ":clock +99999999999d", ":clock -9223372036854775808m", ":clock 9999-12-31T23:59", ":fault", ":fault x y z w",
    ":fault data.tasks networkTimeout -9223372036854775808", ":as", ":as nobody", ":expect", ":expect screen",
    ":expect =", ":scenario", ":scenario /dev/null", ":scenario nope",
    ":clock 9223372036854775807-01-01T00:00", ":clock 2026-01-9223372036854775807T00:00", ":clock +999999999d",
    ":fault data.tasks networkTimeout 9223372036854775807",
  ]
  static let controls = [
    ":help", ":where", ":relaunch", ":reset", ":clock +1h", ":clock +1d", ":clock +8d", ":clock -2h",
    ":fault data.tasks networkTimeout 1", ":fault auth.signIn offline 1", ":fault data.joinFamily serviceUnavailable",
    ":fault clear", ":expect screen=dashboard", ":expect error=none",
  ]
  static let values = [
    "1", "2", "3", "#1", "#2", "The Smiths", "A", "K7QM2X", "k7q-m2x", "ZZZZZZ", "123456", "482913", "ben", "mia",
    "sarah", "mark", "rose", "adult", "child", "visitor", "parent admin", "2026-03-10 10:00", "2026-03-02 07:00",
    "2026-02-30 10:00", "Hello", "Swim at 5", "5", "-5", "on", "off", "messages", "tasks",
    "-9223372036854775808", "#9223372036854775807", "99999999999999999999", "9223372036854775807-01-01 10:00",
    "2026-03-10 9223372036854775807:00",
  ]

  static func randomLine(for simulator: Simulator, scenario: Scenario, using random: inout SplitMix64) -> String {
    let state = simulator.state
    let visible = simulator.flow.actions(in: state)
    let all = simulator.flow.table[state.screen.id].actions
    switch random.below(20) {
    case 0..<9 where !visible.isEmpty:
      let action = visible[random.below(visible.count)]
      let phrase = action.phrases[random.below(action.phrases.count)]
      return action.argument == nil ? phrase : phrase + " " + values[random.below(values.count)]
    case 9..<12 where !visible.isEmpty:
      let number = 1 + random.below(visible.count)
      let action = visible[number - 1]
      return action.argument == nil ? "\(number)" : "\(number) \(values[random.below(values.count)])"
    case 12..<13 where !all.isEmpty:
      let action = all[random.below(all.count)]
      return action.phrases[0] + (action.argument == nil ? "" : " " + values[random.below(values.count)])
    case 13..<15:
      return controls[random.below(controls.count)]
    case 15:
      let people = scenario.configuration.world.accounts.map(\.profile.id)
      return ":as " + (people.isEmpty ? "x" : people[random.below(people.count)])
    case 16..<18:
      return junk[random.below(junk.count)]
    default:
      let scalars = (0..<random.below(12)).compactMap { _ in
        Unicode.Scalar(UInt32(random.below(random.below(4) == 0 ? 0x11_0000 : 0x80)))
      }
      return String(String.UnicodeScalarView(scalars))
    }
  }

  // MARK: Shrinking

  /// The shortest sub-list of `lines` (in order) that still breaks an invariant of a fresh `scenario`.
  static func shrink(_ lines: [String], scenario: Scenario) async -> [String] {
    await shrink(lines) { candidate in
      let simulator = Simulator(scenario: scenario)
      await simulator.start()
      for line in candidate {
        _ = await simulator.handle(line)
        if await brokenInvariant(simulator) != nil { return true }
      }
      return false
    }
  }

  /// Delta debugging: removes ever smaller chunks while `fails` still holds, down to single lines.
  static func shrink(_ lines: [String], fails: ([String]) async -> Bool) async -> [String] {
    var current = lines
    var chunk = max(1, current.count / 2)
    while true {
      var removedAny = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if await fails(candidate) {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if chunk == 1 && !removedAny { return current }
      chunk = max(1, removedAny ? chunk : chunk / 2)
    }
  }
}
