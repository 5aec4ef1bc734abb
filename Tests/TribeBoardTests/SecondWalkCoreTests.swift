import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardScenarios
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// Defects of the second walk from outside (issue 26, `../shared/repro2/`), each kept by the smallest walk that
/// showed it.
@Suite struct SecondWalkCoreTests {
  // MARK: 18: latency never signs anyone out while the session can be renewed

  /// An hour of latency on data calls (the access token's lifetime) and more: every screen still loads, nobody is
  /// signed out, and signing in again works.
  @Test(arguments: ["1h", "61m", "3h"])
  func slowDataCallsNeverSignAnyoneOut(_ latency: String) async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type(":latency data \(latency)", "tasks")
    #expect(simulator.state.error == nil, "\(simulator.state.error?.message ?? "")")
    #expect(simulator.state.screen.id == .tasks)
    await simulator.type("home", "calendar", "home", "messages")
    #expect(simulator.state.error == nil, "\(simulator.state.error?.message ?? "")")
    #expect(simulator.state.session.auth != nil)
    await simulator.type("home", "settings", "sign out", "sign in apple")
    #expect(simulator.state.error == nil, "\(simulator.state.error?.message ?? "")")
    #expect(simulator.state.session.auth != nil)
  }

  /// Auth calls slower than a verification code's lifetime: the code the person was sent still signs them in, as
  /// does a new one.
  @Test func slowAuthCallsLeaveTheCodeValid() async throws {
    let simulator = try await DefectWorlds.open("existing-user")
    await simulator.type(":latency auth 11m", "sign in google", "code 482913")
    #expect(simulator.state.error == nil, "\(simulator.state.error?.message ?? "")")
    #expect(simulator.state.session.auth != nil)
    let again = try await DefectWorlds.open("existing-user")
    await again.type(":latency auth 2h", "sign in google", "new code", "code 482913")
    #expect(again.state.error == nil, "\(again.state.error?.message ?? "")")
    #expect(again.state.session.auth != nil)
  }

  /// A code that ran out before it was sent is still refused, however slow the call: latency is not a way in.
  @Test func aCodeThatRanOutBeforeItWasSentIsRefused() async throws {
    let simulator = try await DefectWorlds.open("existing-user")
    await simulator.type(":latency auth 1m", "sign in google", ":clock +11m", "code 482913")
    #expect(simulator.state.error?.code == .invalidMFACode)
    #expect(simulator.state.session.auth == nil)
  }

  // MARK: 19, minor: the clock

  @Test func theClockTakesSecondsAndMillisecondsAndSaysWhatADateAloneMeans() async throws {
    let simulator = try await DefectWorlds.open("visitor")
    var text = await simulator.type(":clock 2026-03-03T11:59:59")
    #expect(text.contains("Clock: Tue 3 Mar 2026 11:59:59 UTC."), "\(text)")
    text = await simulator.type(":clock 2026-03-03T11:59:59.500Z")
    #expect(simulator.now == Date(timeIntervalSince1970: 1_772_539_199.5))
    text = await simulator.type(":clock 2026-03-04")
    #expect(text.contains("(a date alone is 09:00 that day, as in forms)"), "\(text)")
    #expect(simulator.now == Date(timeIntervalSince1970: 1_772_614_800))
  }

  @Test func theClockNeverRunsBackwards() async throws {
    let simulator = try await DefectWorlds.open("visitor")
    let before = simulator.now
    let text = await simulator.type(":clock -1d")
    #expect(text.contains("The clock only moves forward"), "\(text)")
    #expect(simulator.now == before)
    await simulator.type(":clock 2026-03-01T08:00")
    #expect(simulator.now == before)
  }

  // MARK: 04: years past 9999

  @Test func aYearPastTheFormatsIsRefusedNotSavedWrong() async throws {
    let year9999 = """
      name: y
      summary: The last minute of the year 9999.
      now: 9999-12-31T23:59:00Z
      device: { user: sarah, onboardingCompleted: true, signedIn: true }
      accounts:
        - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
      families:
        - { id: j, name: The Johnsons, code: K7QM2X, members: [{ account: sarah, role: parentAdmin }] }

      """
    let simulator = Simulator(scenario: try ScenarioLoader.parse(year9999, source: "y.yaml"))
    await simulator.start()
    let text = await simulator.type(":clock +1m")
    #expect(text.contains("? The clock needs"), "\(text)")
    #expect(simulator.now == Date(timeIntervalSince1970: 253_402_300_740))
    // Its session lives past the year 9999, which a file can't hold: :save refuses and writes nothing.
    let folder = try SaveTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("y.yaml").path
    let saved = await simulator.type(":save \(path)")
    #expect(saved.contains("could not be saved as a scenario (nothing was written)"), "\(saved)")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(ScenarioWriter.timestamp(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00Z")

    let admin = try await DefectWorlds.open("family-admin")
    let typed = await admin.type("calendar", "add event", "title Far future", "when 99999-03-04 10:00")
    #expect(admin.state.error?.code == .validationFailed, "\(typed)")
    #expect(!typed.contains("There is no 4 March 99999"), "\(typed)")
  }

  // MARK: Minor: :save's words

  @Test func saveTakesForceOnceOrMoreAndQuotesThePathToReopen() async throws {
    let folder = try SaveTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let simulator = try await DefectWorlds.open("family-admin")
    let path = folder.appendingPathComponent("a b.yaml").path
    var text = await simulator.type(":save \(path) --force --force")
    #expect(FileManager.default.fileExists(atPath: path), "\(text)")
    #expect(text.contains("Reopen it with: tribeboard repl --scenario '\(path)'"), "\(text)")
    text = await simulator.type(":save --force \(path) --force")
    #expect(text.contains("Saved to \(path)"), "\(text)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a b.yaml"])
    #expect(Simulator.shellQuoted("/tmp/plain-name_1.yaml") == "/tmp/plain-name_1.yaml")
    #expect(Simulator.shellQuoted("it's.yaml") == "'it'\\''s.yaml'")
  }

  // MARK: 11: a recording whose :save was refused passes check

  @Test func aReplayedSaveIsRefusedWhereTheSessionRefusedIt() async throws {
    let folder = try SaveTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("w.yaml").path
    let live = try await DefectWorlds.open("family-admin")
    let first = await live.type(":save \(path)")
    let second = await live.type(":save \(path)")
    #expect(first.contains("Saved to"))
    #expect(second.contains("already exists; nothing was written"))
    // As `check` replays it: nothing is written, and the same words come back.
    let replay = try await DefectWorlds.open("family-admin")
    replay.writesFiles = false
    #expect(await replay.type(":save \(path)") == first)
    #expect(await replay.type(":save \(path)") == second)
    #expect(await replay.type(":save \(path) --force").contains("Saved to"))
  }

  // MARK: 03: terminal lines by display width

  @Test func wideCharactersTakeTwoColumns() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("家族") == 4)
    #expect(DisplayWidth.of("🛒") == 2)
    #expect(DisplayWidth.of("❤️") == 2)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    #expect(DisplayWidth.of("🇬🇧") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("ＡＢ") == 4)
    #expect(DisplayWidth.of("│ ✓ ●") == 5)
    #expect(DisplayWidth.prefix("家族の買い物", columns: 5) == "家族")
  }

  /// The rule: every line drawn for a terminal fits its width in columns, whatever the text holds (East Asian
  /// wide characters and emoji take two columns), on every screen a session with such text reaches.
  @Test(arguments: [32, 40, 64, 81])
  func everyTerminalLineFitsItsWidthInColumns(_ columns: Int) async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    let renderer = TextRenderer(style: .plain, columns: columns, boxed: true)
    let lines = [
      "tasks", "add task", "title 週末までに牛乳とパンと卵を買う🛒🛒🛒 ＡＢＣ 家族の買い物", "save", "home", "messages",
      "send 👨‍👩‍👧👨‍👩‍👧 晩ごはんは何時ですか？今日は遅くなりますか？🍜🍜🍜🍜 ❤️❤️❤️ 모두들 안녕하세요 오늘 저녁 🇬🇧🇬🇧", "home",
      "settings", "family management", "back", "home", "tasks",
    ]
    for line in lines {
      let step = await simulator.handle(line)
      let text = step.text(renderer: renderer)
      for drawn in text.split(separator: "\n") {
        #expect(Self.columns(drawn) <= columns, "after \(line): \(drawn) (\(Self.columns(drawn)) columns)")
      }
    }
  }

  /// The columns a terminal gives `text` of the kinds the test types (CJK, Hangul, fullwidth forms, emoji, the
  /// frame's own characters), worked out apart from ``DisplayWidth`` so the rule fails if that breaks.
  static func columns(_ text: Substring) -> Int {
    text.reduce(0) { sum, character in
      let first = character.unicodeScalars.first!
      let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD,
      ]
      let isEmoji = character.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
      return sum + (wide.contains { $0.contains(first.value) } || isEmoji ? 2 : 1)
    }
  }

  // MARK: Minor: a fault has one schedule

  @Test func aFaultWithTwoSchedulesIsRefused() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    let text = await simulator.type(":fault data.tasks networkTimeout times 3 chance 5%")
    #expect(text.contains("A fault has one schedule: “times” and “chance” can't both apply."), "\(text)")
    #expect(simulator.armedFaults.isEmpty)
    await simulator.type(":fault data.tasks networkTimeout on sarah times 2")
    #expect(simulator.armedFaults.map(\.schedule) == [.next(2)])
  }
}
