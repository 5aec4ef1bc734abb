import Foundation
import Testing
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// A real terminal session in tmux: history on the arrows and Tab completion, and a recording of it that passes
/// `check`. CI installs tmux; elsewhere the test runs when tmux is installed.
@Suite(.serialized) struct TerminalSessionTests {
  static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// A tmux server of this test's own (`-L`), so that ending it cannot touch anyone else's sessions.
  let server = "tb-test-\(UUID().uuidString.prefix(8))"

  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let result = try ChildProcess.run(try #require(Self.tmuxPath), ["-L", server] + arguments, timeout: 20)
    #expect(!result.timedOut, "tmux \(arguments) did not return")
    return result.stdout
  }

  /// Waits until the pane shows `text` (the app answers in well under a second; allow a slow machine 20 s).
  func waitFor(_ text: String, in session: String) throws -> String {
    var pane = ""
    for _ in 0..<200 {
      // -J joins the lines the terminal wrapped: in a narrow window the prompt is wider than a line.
      pane = try tmux(["capture-pane", "-t", session, "-p", "-J"])
      if pane.contains(text) { return pane }
      Thread.sleep(forTimeInterval: 0.1)
    }
    Issue.record("the pane never showed “\(text)”:\n\(pane)")
    return pane
  }

  /// A REPL on a copy of `family-admin` in a `columns`-wide tmux window, recording to `family-admin/live.transcript`
  /// beside it; call `cleanUp` when done.
  func startSession(columns: Int) throws -> (session: String, recording: String, cleanUp: () -> Void) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-tmux-\(UUID().uuidString)")
    let scenarioFolder = folder.appendingPathComponent("family-admin")
    try FileManager.default.createDirectory(at: scenarioFolder, withIntermediateDirectories: true)
    try BundledScenarios.text(named: "family-admin")!.write(
      to: folder.appendingPathComponent("family-admin.yaml"), atomically: true, encoding: .utf8)
    let recording = scenarioFolder.appendingPathComponent("live.transcript").path
    let session = "tb-\(UUID().uuidString.prefix(8))"
    // COLUMNS is emptied so the width comes from the terminal, as it would for a person.
    let command =
      "COLUMNS= XDG_STATE_HOME='\(folder.path)' TERM=xterm-256color '\(ProcessFaultTests.binary.path)' repl "
      + "--scenario '\(folder.path)/family-admin.yaml' --record '\(recording)'"
    try tmux(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "50", command])
    return (
      session, recording,
      {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: folder)
      }
    )
  }

  /// Waits until the recording holds `count` inputs, and returns it.
  func recorded(_ recording: String, inputs count: Int) async throws -> String {
    for _ in 0..<200
    where Transcript.inputs(of: (try? String(contentsOfFile: recording, encoding: .utf8)) ?? "").count < count {
      try await Task.sleep(for: .milliseconds(50))
    }
    return try String(contentsOfFile: recording, encoding: .utf8)
  }

  /// Checks a recording as `tribeboard check` would.
  func expectPassesCheck(_ recording: String) async throws {
    let cases = try TranscriptChecker.cases(in: [recording])
    #expect(cases.count == 1)
    #expect(await TranscriptChecker.check(try #require(cases.first), update: false) == .passed)
  }

  @Test(.enabled(if: tmuxPath != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func arrowsAndTabWorkAndTheRecordingPassesCheck() async throws {
    let (session, recording, cleanUp) = try startSession(columns: 100)
    defer { cleanUp() }
    _ = try waitFor("dashboard] ›", in: session)

    // Tab completes an action's words.
    try tmux(["send-keys", "-t", session, "-l", "tas"])
    try tmux(["send-keys", "-t", session, "Tab"])
    _ = try waitFor("› tasks", in: session)
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("tasks] ›", in: session)
    try tmux(["send-keys", "-t", session, "-l", "home"])
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("[The Johnsons · Sarah · parent admin · dashboard] ›", in: session)
    // Up twice recalls "tasks".
    try tmux(["send-keys", "-t", session, "Up", "Up"])
    _ = try waitFor("dashboard] › tasks", in: session)
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("tasks] ›", in: session)
    try tmux(["send-keys", "-t", session, "-l", "home"])
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("tasks] › home", in: session)
    try tmux(["send-keys", "-t", session, "-l", ":quit"])
    try tmux(["send-keys", "-t", session, "Enter"])
    let recorded = try await recorded(recording, inputs: 4)
    #expect(Transcript.inputs(of: recorded) == ["tasks", "home", "tasks", "home"])
    #expect(!recorded.contains("\u{1B}"), "escape sequences reached the recording")
    try await expectPassesCheck(recording)
  }

  @Test(.enabled(if: tmuxPath != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func ctrlCClearsTheLineAndA40ColumnWindowKeepsTheFrame() async throws {
    let (session, recording, cleanUp) = try startSession(columns: 40)
    defer { cleanUp() }
    _ = try waitFor("dashboard] ›", in: session)

    // Ctrl-C drops a half-typed line; the session goes on at the same screen.
    try tmux(["send-keys", "-t", session, "-l", "sign"])
    _ = try waitFor("sign", in: session)
    try tmux(["send-keys", "-t", session, "C-c"])
    try tmux(["send-keys", "-t", session, "-l", "tasks"])
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("╭─ Tasks", in: session)
    // Typed ahead as fast as tmux can send: each Ctrl-C still drops exactly the line before it.
    for junk in ["home", "settings", "sign out"] {
      try tmux(["send-keys", "-t", session, "-l", junk])
      try tmux(["send-keys", "-t", session, "C-c"])
    }
    // SIGINT from elsewhere (kill -INT) while a line is typed drops it too.
    try tmux(["send-keys", "-t", session, "-l", "settings"])
    _ = try waitFor("tasks] › settings", in: session)
    let pid = try #require(
      Int32(try tmux(["display", "-p", "-t", session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, SIGINT) == 0)
    _ = try waitFor("tasks] › settings\n[The Johnsons · Sarah · parent admin · tasks] ›", in: session)
    try tmux(["send-keys", "-t", session, "-l", "mine"])
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("Show everyone's", in: session)
    #expect(try waitFor("tasks] › mine", in: session).contains("tasks] › mine"))
    try tmux(["send-keys", "-t", session, "-l", "all"])
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("tasks] › all", in: session)

    // Every line of the screen stays inside the 40-column frame: long lines are wrapped, not cut.
    var pane: [Substring] = []
    var frame: ClosedRange<Int>?
    for _ in 0..<200 {
      pane = try tmux(["capture-pane", "-t", session, "-p"]).split(separator: "\n", omittingEmptySubsequences: false)
      if let top = pane.lastIndex(where: { $0.hasPrefix("╭─") }), pane[top].hasPrefix("╭─ Tasks"),
        let bottom = pane[top...].firstIndex(where: { $0.hasPrefix("╰") })
      {
        frame = top...bottom
        break
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    let screen = pane[try #require(frame, "the Tasks screen never came back:\n\(pane.joined(separator: "\n"))")]
    let shown = screen.joined(separator: "\n")
    #expect(screen.dropFirst().dropLast().allSatisfy { $0.hasPrefix("│") }, "a line broke out of the frame:\n\(shown)")
    #expect(screen.allSatisfy { $0.count <= 40 })
    #expect(
      screen.first!.hasSuffix(" tasks") && screen.last!.count == 40, "the rules do not span the window:\n\(shown)")
    let overdue = try #require(screen.first { $0.contains("[OVERDUE]") }, "\(shown)")
    #expect(!overdue.contains("Tidy your room"), "the long task line was not wrapped:\n\(shown)")

    try tmux(["send-keys", "-t", session, "C-d"])
    let recorded = try await recorded(recording, inputs: 3)
    #expect(Transcript.inputs(of: recorded) == ["tasks", "mine", "all"])
    #expect(!recorded.contains("\u{1B}") && !recorded.contains("\u{3}"), "control bytes reached the recording")
    try await expectPassesCheck(recording)
  }
}

extension TerminalSessionTests {
  @Test(.enabled(if: tmuxPath != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func presentStepsOnAKeyPressAndCtrlCStopsItAndGivesTheTerminalBack() throws {
    let session = "tb-\(UUID().uuidString.prefix(8))"
    // Slow typing, so the Ctrl-C surely lands while "add task" is being typed.
    let command =
      "COLUMNS= TERM=xterm-256color '\(ProcessFaultTests.binary.path)' present family-admin chores-and-points "
      + "--typing-delay 300; echo EXIT=$?; stty -a | grep -o -- '-*isig'; echo TTY-CHECKED; sleep 30"
    try tmux(["new-session", "-d", "-s", session, "-x", "60", "-y", "50", command])
    defer { _ = try? tmux(["kill-server"]) }
    _ = try waitFor("✎ Sarah is the parent admin; she hands out chores with points.", in: session)
    #expect(!(try tmux(["capture-pane", "-t", session, "-p", "-J"])).contains("› t"), "it typed before a key")
    try tmux(["send-keys", "-t", session, "Enter"])
    _ = try waitFor("╭─ Tasks", in: session)
    try tmux(["send-keys", "-t", session, "Space"])
    _ = try waitFor("tasks] › a", in: session)
    try tmux(["send-keys", "-t", session, "C-c"])
    let pane = try waitFor("TTY-CHECKED", in: session)
    #expect(pane.contains("Stopped at step 2 of 28."))
    #expect(!pane.contains("╭─ Add a task"))
    #expect(pane.contains("EXIT=0\nisig\nTTY-CHECKED"), "the terminal was not given back as it was:\n\(pane)")
  }
}

@Suite struct StartingPointTests {
  @Test func aSessionCanStartAtAJourneyStepAndItsRecordingReplays() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-from-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("family-admin"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try BundledScenarios.text(named: "family-admin")!.write(
      to: folder.appendingPathComponent("family-admin.yaml"), atomically: true, encoding: .utf8)
    let recording = folder.appendingPathComponent("family-admin/from.transcript")
    var lines = ["for ben", ":quit"][...]
    var shown = ""
    var repl = REPL(
      simulator: Simulator(scenario: try BundledScenarios.scenario(named: "family-admin")), style: .plain,
      recordURL: recording, showsPrompt: false, readLine: { lines.popFirst() }, write: { shown += $0 })
    repl.startingPoint = "chores-and-points@3"
    _ = try await repl.run()
    #expect(shown.contains("Journey chores-and-points at step 3 of"))
    let recorded = try String(contentsOf: recording, encoding: .utf8)
    #expect(Transcript.inputs(of: recorded) == [":go chores-and-points@3", "for ben"])
    let cases = try TranscriptChecker.cases(in: [recording.path])
    #expect(await TranscriptChecker.check(try #require(cases.first), update: false) == .passed)
  }
}
