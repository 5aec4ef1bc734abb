import Foundation
import Testing
import TribeBoardScenarios
import TribeBoardSimulator

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
      pane = try tmux(["capture-pane", "-t", session, "-p"])
      if pane.contains(text) { return pane }
      Thread.sleep(forTimeInterval: 0.1)
    }
    Issue.record("the pane never showed “\(text)”:\n\(pane)")
    return pane
  }

  @Test(.enabled(if: tmuxPath != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func arrowsAndTabWorkAndTheRecordingPassesCheck() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-tmux-\(UUID().uuidString)")
    let scenarioFolder = folder.appendingPathComponent("family-admin")
    try FileManager.default.createDirectory(at: scenarioFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try BundledScenarios.text(named: "family-admin")!.write(
      to: folder.appendingPathComponent("family-admin.yaml"), atomically: true, encoding: .utf8)
    let recording = scenarioFolder.appendingPathComponent("live.transcript").path
    let session = "tb-\(UUID().uuidString.prefix(8))"
    let command =
      "XDG_STATE_HOME='\(folder.path)' TERM=xterm-256color '\(ProcessFaultTests.binary.path)' repl "
      + "--scenario '\(folder.path)/family-admin.yaml' --record '\(recording)'"
    try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "50", command])
    defer { _ = try? tmux(["kill-server"]) }
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
    for _ in 0..<200
    where Transcript.inputs(of: (try? String(contentsOfFile: recording, encoding: .utf8)) ?? "").count < 4 {
      try await Task.sleep(for: .milliseconds(50))
    }
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(Transcript.inputs(of: recorded) == ["tasks", "home", "tasks", "home"])
    #expect(!recorded.contains("\u{1B}"), "escape sequences reached the recording")
    let cases = try TranscriptChecker.cases(in: [recording])
    #expect(cases.count == 1)
    #expect(await TranscriptChecker.check(try #require(cases.first), update: false) == .passed)
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
