import Foundation
import Testing

/// The `tribeboard` executable itself: every subcommand's exit codes (0 success, 1 a failed check, 64 bad usage,
/// 65 a bad scenario file), usage errors with "did you mean" for subcommands and options, `play --format jsonl`'s
/// shape, and `check`'s travelling transcripts, `--junit` and `--shard`. Each run is a child process of ~50 ms.
@Suite final class CommandLineTests {
  /// A scratch folder with a scenario file that can't be loaded and one whose journey fails an `expect`.
  let folder: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "name: broken\nnow: nope\n".write(toFile: "\(folder)/bad.yaml", atomically: true, encoding: .utf8)
    let yaml = try String(contentsOfFile: "\(scenariosFolder)/new-user.yaml", encoding: .utf8)
    let failing = yaml.replacingOccurrences(
      of: "    - expect: { screen: onboarding }", with: "    - expect: { screen: dashboard }")
    #expect(failing != yaml)
    try failing.write(toFile: "\(folder)/failing.yaml", atomically: true, encoding: .utf8)
    try Self.refusedYAML.write(toFile: "\(folder)/refused.yaml", atomically: true, encoding: .utf8)
  }

  /// A backend that refuses a parent admin what the matrix allows: `roles --observed` must flag it.
  static let refusedYAML = """
    summary: The server refuses a parent admin what the matrix allows.
    now: 2026-03-02T08:00:00Z
    device: { user: sarah, onboardingCompleted: true, signedIn: true }
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
    families:
      - id: johnsons
        name: The Johnsons
        code: K7QM2X
        members: [{ account: sarah, role: parentAdmin }]
        tasks:
          - { title: Put the bins out, assignee: sarah }
    faults:
      - { service: data, operation: setStatus, error: permissionDenied }
    journeys:
      refused: [tasks, done 1]

    """

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  @Test func everySubcommandSucceedsWithExit0() throws {
    let commands: [[String]] = [
      ["repl"], ["repl", "--scenario", "family-admin", "--plain"], ["play", "new-user"],
      ["play", "visitor", "--format", "jsonl"], ["check", "\(scenariosFolder)/new-user.yaml"], ["list"], ["roles"],
      ["roles", "--observed", "child"], ["graph"], ["graph", "--role", "visitor", "--format", "dot"],
      ["coverage", "new-user"], ["explore", "new-user", "--depth", "2"],
      ["explore", "new-user", "--depth", "2", "-j1"],
      ["storyboard", "new-user", "--format", "md", "-o", "\(folder)/board.md"], ["--help"], ["check", "--help"],
      ["--version"],
    ]
    for command in commands {
      let result = try ChildProcess.tribeboard(command, input: "tasks\n")
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(!result.stdout.isEmpty || command.contains("-o"), "\(command) printed nothing")
    }
  }

  @Test func aFailedCheckOrExpectationExits1() throws {
    let failing = "\(folder)/failing.yaml"
    let cases: [(command: [String], input: String, says: String)] = [
      (["play", failing], "", "screen is onboarding, expected dashboard"),
      (["repl"], ":expect screen=tasks\n", "expected tasks"),
      (["coverage", "new-user", "--minimum", "100"], "", "Below 100.0%"),
      (["check", failing], "", "missing"),
      (
        ["roles", "--observed", "\(folder)/refused.yaml"], "",
        "Parent admin was refused “mark their own tasks done”, which the matrix allows"
      ),
    ]
    for (command, input, says) in cases {
      let result = try ChildProcess.tribeboard(command, input: input)
      #expect(result.status == 1, "\(command): \(result.stdout) \(result.stderr)")
      #expect((result.stdout + result.stderr).contains(says), "\(command): \(result.stdout) \(result.stderr)")
    }
  }

  @Test func checkUpdateCountsATranscriptItWroteThoughAnExpectationFailed() throws {
    let own = FileManager.default.temporaryDirectory.appendingPathComponent("tb-written-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: own) }
    try FileManager.default.copyItem(atPath: "\(folder)/failing.yaml", toPath: "\(own)/failing.yaml")
    let result = try ChildProcess.tribeboard(["check", "--update", "\(own)/failing.yaml"])
    #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
    #expect(result.stdout.contains("failed (written all the same)"), "\(result.stdout)")
    #expect(result.stdout.contains("2 transcripts: 1 passed, 1 failed, 2 written"), "\(result.stdout)")
  }

  @Test func aBadScenarioFileExits65WithItsPosition() throws {
    let bad = "\(folder)/bad.yaml"
    let commands: [[String]] = [
      ["repl", "--scenario", bad], ["play", bad], ["check", bad], ["roles", "--observed", bad], ["coverage", bad],
      ["explore", bad], ["storyboard", bad], ["play", "nowhere.yaml"],
    ]
    for command in commands {
      let result = try ChildProcess.tribeboard(command)
      #expect(result.status == 65, "\(command): \(result.stderr)")
      #expect(result.stderr.contains(":1:") || command.contains("nowhere.yaml"), "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal error"), "\(command): \(result.stderr)")
    }
  }

  @Test func badUsageExits64() throws {
    let cases: [(command: [String], says: String)] = [
      (["repl", "--from", "nope"], "has no journey 'nope'"),
      (["play", "new-user", "--journey", "nope"], "has no journey 'nope'"),
      (["play", "new-user", "--format", "xml"], "'xml' is invalid"),
      (["play"], "Missing expected argument"),
      (["check", "--shard", "0/3"], "counts from 1 to N"),
      (["check", "--shard", "two"], "write I/N"),
      (["check", "--junit", "\(folder)/no/such/folder/report.xml"], "missing or not writable"),
      (["list", "extra"], "Unexpected argument 'extra'"),
      (["roles", "child"], "only with --observed"),
      (["graph", "--role", "kid"], "'kid' is invalid"),
      (["coverage", "--minimum", "120"], "from 0 to 100"),
      (["explore", "new-user", "--depth", "0"], "--depth is 1 to 50"),
      (["explore", "new-user", "-j0"], "--jobs is 1 to 64, not 0."),
      (["storyboard", "new-user", "--journey", "nope"], "nope"),
      (["--max-scenario-size", "lots", "list"], "is not a size"),
      // Issue 26, minor: a negative port is a port refused, not a missing value; help on no such subcommand.
      (["serve", "--port", "-1"], "--port must be between 0 and 65535, got -1."),
      (["serve", "--tls-certificate", "cert.pem"], "--tls-certificate and --tls-key go together"),
      (
        ["serve", "--tls-certificate", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem"],
        "can't read the certificate /nonexistent/cert.pem"
      ),
      (["help", "nope"], "Unknown subcommand 'nope'."),
    ]
    for (command, says) in cases {
      let result = try ChildProcess.tribeboard(command)
      #expect(result.status == 64, "\(command): \(result.stderr)")
      #expect(result.stderr.contains(says), "\(command): \(result.stderr)")
    }
  }

  /// Issue 26 #27: each option's default is said once.
  @Test func helpSaysEachDefaultOnce() throws {
    for command in ["serve", "repl", "play", "explore", "check", "storyboard", "present", "coverage", "graph"] {
      let help = try ChildProcess.tribeboard([command, "--help"])
      #expect(help.status == 0, "\(command): \(help.stderr)")
      for line in help.stdout.split(separator: "\n") {
        #expect(line.components(separatedBy: "(default:").count <= 2, "\(command): \(line)")
      }
    }
    #expect(try ChildProcess.tribeboard(["help", "serve"]).status == 0)
  }

  /// Issue 26 #24: a recording never replaces an existing file unless told to, as `:save` does.
  @Test func aRecordingReplacesAnExistingFileOnlyWithForce() throws {
    let golden = "\(folder)/calendar.transcript"
    let mine = "# scenario: family-admin\n# journey: calendar\n(a golden someone wrote)\n"
    try mine.write(toFile: golden, atomically: true, encoding: .utf8)
    let refused = try ChildProcess.tribeboard(
      ["repl", "--scenario", "family-admin", "--record", golden], input: "tasks\n")
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(refused.stderr.contains("already exists; nothing was recorded. To replace it, add --force"))
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == mine)
    let presented = try ChildProcess.tribeboard(
      ["present", "family-admin", "calendar", "--record", golden], input: "q\n")
    #expect(presented.status == 64, "\(presented.stderr)")
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == mine)
    let forced = try ChildProcess.tribeboard(
      ["repl", "--scenario", "family-admin", "--record", golden, "--force"], input: "tasks\n")
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try String(contentsOfFile: golden, encoding: .utf8).hasPrefix("# scenario: family-admin\n╭─"))
  }

  /// Issue 26 #11 and #16: a recording holding a refused `:save` passes `check`, and so does a folder of recordings,
  /// each naming its scenario in its header.
  @Test func aFolderOfRecordingsIsCheckedAndARefusedSaveReplaysAsRefused() throws {
    let demo = "\(folder)/demo"
    try FileManager.default.createDirectory(atPath: demo, withIntermediateDirectories: true)
    let saving = try ChildProcess.tribeboard(
      ["repl", "--scenario", "family-admin", "--record", "\(demo)/saving.transcript"],
      input: ":save \(folder)/w.yaml\n:save \(folder)/w.yaml\n")
    #expect(saving.stdout.contains("already exists; nothing was written"), "\(saving.stdout)")
    _ = try ChildProcess.tribeboard(
      ["repl", "--scenario", "new-user", "--record", "\(demo)/tasks.transcript"], input: "next\n")
    let checked = try ChildProcess.tribeboard(["check", demo])
    #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")
    #expect(checked.stdout.contains("✓ \(demo)/saving.transcript"), "\(checked.stdout)")
    #expect(checked.stdout.contains("✓ \(demo)/tasks.transcript"), "\(checked.stdout)")
  }

  /// ArgumentParser's own usage errors: a mistyped option names the closest one; a mistyped subcommand is an
  /// argument the default subcommand (the REPL) does not take.
  @Test func aMistypedSubcommandOrOptionIsAUsageError() throws {
    let cases: [(command: [String], says: String)] = [
      (["chek"], "Unexpected argument 'chek'"),
      (["plya", "new-user"], "2 unexpected arguments: 'plya', 'new-user'"),
      (["--max-scenario-size", "2M", "lst"], "Unexpected argument 'lst'"),
      (["check", "--updte"], "Unknown option '--updte'. Did you mean '--update'?"),
      (["play", "new-user", "--formt", "jsonl"], "Did you mean '--format'?"),
      (["check", "--shrad", "1/2"], "Did you mean '--shard'?"),
      (["explore", "new-user", "--dept", "2"], "Did you mean '--depth'?"),
      (["repl", "--scenaro", "child"], "Did you mean '--scenario'?"),
    ]
    for (command, says) in cases {
      let result = try ChildProcess.tribeboard(command)
      #expect(result.status == 64, "\(command): \(result.stderr)")
      #expect(result.stderr.contains(says), "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(command): a usage error prints nothing on standard output")
    }
  }

  @Test func playJSONLinesHaveOneObjectPerStepWithEveryField() throws {
    let result = try ChildProcess.tribeboard(["play", "new-user", "--format", "jsonl"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count > 10)
    let keys: Set = [
      "journey", "step", "input", "intent", "screen", "title", "content", "actions", "session", "error", "load",
      "cachedAt", "notice", "notes", "messages", "sheet", "tabs",
    ]
    var lastStep: [String: Int] = [:]
    var sawError = false
    var sawSession = false
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
      #expect(Set(object.keys) == keys, "\(line)")
      let journey = try #require(object["journey"] as? String)
      let step = try #require(object["step"] as? Int)
      #expect(step == (lastStep[journey].map { $0 + 1 } ?? 0), "steps count up from 0 in each journey")
      lastStep[journey] = step
      if step == 0 {
        #expect(object["input"] is NSNull && object["intent"] is NSNull, "the launch has no input")
      } else {
        #expect(object["input"] is String, "\(line)")
      }
      if object["screen"] is NSNull {
        // A simulator command shows no screen, only what it printed.
        #expect(object["title"] is NSNull && (object["messages"] as? [String])?.isEmpty == false, "\(line)")
      } else {
        #expect(object["screen"] is String && object["title"] is String, "\(line)")
      }
      for action in try #require(object["actions"] as? [[String: Any]]) {
        #expect(action["key"] is String && action["label"] is String, "\(action)")
      }
      for block in try #require(object["content"] as? [[String: Any]]) {
        #expect(["paragraph", "field", "section", "item", "empty", "qr", "pager"].contains(block["kind"] as? String))
      }
      #expect(object["notes"] is [String] && object["messages"] is [String])
      if let intent = object["intent"] as? [String: Any] {
        #expect(intent["action"] is String && intent.keys.sorted() == ["action", "argument"], "\(intent)")
      }
      if let error = object["error"] as? [String: Any] {
        sawError = true
        #expect(Set(error.keys) == ["code", "category", "message", "recovery", "actions"], "\(error)")
        let offered = Set((object["actions"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String })
        let named = try #require(error["actions"] as? [String])
        #expect(!named.isEmpty && Set(named).isSubset(of: offered), "\(line)")
      }
      if let session = object["session"] as? [String: Any] {
        sawSession = true
        #expect(session["user"] is String, "\(session)")
      }
    }
    #expect(Set(lastStep.keys) == ["create-family", "join-family"])
    #expect(sawError && sawSession)
  }

  @Test func aRecordedTranscriptIsCheckedWhereverItIs() throws {
    let recording = "\(folder)/elsewhere/demo.transcript"
    try FileManager.default.createDirectory(atPath: "\(folder)/elsewhere", withIntermediateDirectories: true)
    let recorded = try ChildProcess.tribeboard(
      ["repl", "--scenario", "family-admin", "--record", recording], input: "tasks\nhome\n")
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(text.hasPrefix("# scenario: family-admin\n╭─ The Johnsons"))

    let checked = try ChildProcess.tribeboard(["check", recording])
    #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")
    try text.replacingOccurrences(of: "> home", with: "> calendar").write(
      toFile: recording, atomically: true, encoding: .utf8)
    let broken = try ChildProcess.tribeboard(["check", recording])
    #expect(broken.status == 1 && broken.stdout.contains("the output differs"), "\(broken.stdout)")

    // A scenario given as a path is named relative to the recording.
    let byPath = "\(folder)/elsewhere/by-path.transcript"
    let copied = try ChildProcess.tribeboard(
      ["repl", "--scenario", "\(folder)/failing.yaml", "--record", byPath], input: "next\n")
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(try String(contentsOfFile: byPath, encoding: .utf8).hasPrefix("# scenario: ../failing.yaml\n"))
    #expect(try ChildProcess.tribeboard(["check", byPath]).status == 0)

    try "# scenaro: child\n╭─\n".write(toFile: "\(folder)/bad.transcript", atomically: true, encoding: .utf8)
    let badHeader = try ChildProcess.tribeboard(["check", "\(folder)/bad.transcript"])
    #expect(badHeader.status == 65, "\(badHeader.stderr)")
    #expect(
      badHeader.stderr.contains("bad.transcript:1:3: error: unknown header key 'scenaro' (did you mean scenario?)"))
  }

  @Test func aPresentationRecordsWhatWasShownUpToWhereItStopped() throws {
    let recording = "\(folder)/demo.transcript"
    // Two key presses, then q: the launch and the journey's first two steps are shown, and recorded.
    let presented = try ChildProcess.tribeboard(
      ["present", "family-admin", "calendar", "--record", recording], input: "\n\nq\n")
    #expect(presented.status == 0, "\(presented.stderr)")
    #expect(presented.stdout.contains("Stopped at step 3 of"), "\(presented.stdout)")
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(text.hasPrefix("# scenario: family-admin\n╭─ The Johnsons"))
    #expect(text.split(separator: "\n").filter { $0.hasPrefix("> ") }.count == 2, "\(text)")
    let checked = try ChildProcess.tribeboard(["check", recording])
    #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")
    let refused = try ChildProcess.tribeboard(["present", "family-admin", "calendar", "--record", "\(folder)/demo.txt"])
    #expect(refused.status == 64 && refused.stderr.contains("ending in .transcript"), "\(refused.stderr)")
  }

  @Test func checkWritesAJUnitReportAndSplitsIntoShards() throws {
    let copy = "\(folder)/Scenarios"
    try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    for name in ["new-user", "child"] {
      try FileManager.default.copyItem(atPath: "\(scenariosFolder)/\(name).yaml", toPath: "\(copy)/\(name).yaml")
      try FileManager.default.copyItem(atPath: "\(scenariosFolder)/\(name)", toPath: "\(copy)/\(name)")
    }
    let golden = "\(copy)/child/join-as-child.transcript"
    let original = try String(contentsOfFile: golden, encoding: .utf8)
    try original.replacingOccurrences(of: "Your role: Child", with: "Your role: Chief").write(
      toFile: golden, atomically: true, encoding: .utf8)

    let report = "\(folder)/report.xml"
    let result = try ChildProcess.tribeboard(["check", copy, "--junit", report])
    #expect(result.status == 1)
    let xml = try String(contentsOfFile: report, encoding: .utf8)
    #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tribeboard check\""))
    #expect(xml.contains("tests=\"4\" failures=\"1\" errors=\"0\""))
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4)
    #expect(xml.contains("<testcase classname=\"child\" name=\"join-as-child\""))
    #expect(xml.contains("<failure type=\"mismatch\""))
    #expect(xml.contains("- │ Your role: Chief") && xml.contains("+ │ Your role: Child"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty, "the report is written atomically")

    var checked: [String] = []
    for index in 1...3 {
      let shard = try ChildProcess.tribeboard(["check", copy, "--shard", "\(index)/3"])
      #expect(shard.stdout.contains("shard \(index)/3 (4 transcripts in all)"), "\(shard.stdout)")
      let lines = shard.stdout.split(separator: "\n").filter { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }
      checked += lines.map { String($0.dropFirst(2).prefix { $0 != ":" }) }
      let failedHere = lines.contains { $0.hasPrefix("✗ ") }
      #expect(shard.status == (failedHere ? 1 : 0), "\(shard.stdout)")
    }
    #expect(checked.count == 4 && Set(checked).count == 4, "every transcript in exactly one shard: \(checked)")
    let unloadable = try ChildProcess.tribeboard(["check", "\(folder)/bad.yaml", "--junit", report])
    #expect(unloadable.status == 65)
    let loadReport = try String(contentsOfFile: report, encoding: .utf8)
    #expect(loadReport.contains("<error type=\"unloadable\"") && loadReport.contains("bad.yaml:2:6"), "\(loadReport)")

    let empty = try ChildProcess.tribeboard(["check", copy, "--shard", "9/9"])
    #expect(empty.status == 0 && empty.stdout.contains("0 transcripts"), "an empty shard passes: \(empty.stdout)")
  }

}
