import Foundation
import Testing
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// Transcripts that travel: the `# scenario:` / `# journey:` header says what a transcript replays, so it can be
/// checked wherever it is; a transcript without one still works beside its scenario.
@Suite struct TranscriptHeaderTests {
  @Test func aRecordingOfABuiltInScenarioIsCheckedAnywhere() async throws {
    let folder = try scratchFolder()
    let scenario = try BundledScenarios.scenario(named: "existing-user")
    let (body, _) = await Transcript.run(scenario, inputs: ["sign in google", "code 482913", "tasks"])
    let path = "\(folder)/anywhere/demo.transcript"
    try FileManager.default.createDirectory(atPath: "\(folder)/anywhere", withIntermediateDirectories: true)
    try ("# scenario: existing-user\n" + body).write(toFile: path, atomically: true, encoding: .utf8)

    let cases = try TranscriptChecker.cases(in: [path])
    #expect(cases.count == 1 && cases[0].journey == nil && cases[0].scenario.name == "existing-user")
    #expect(await TranscriptChecker.check(cases[0], update: false) == .passed)

    let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
      of: "> tasks", with: "> calendar")
    try edited.write(toFile: path, atomically: true, encoding: .utf8)
    guard case .mismatch = await TranscriptChecker.check(cases[0], update: false) else {
      Issue.record("an edited input must change the replay")
      return
    }
  }

  @Test func aPathInTheHeaderIsRelativeToTheTranscriptsFolder() async throws {
    let folder = try scratchFolder()
    try FileManager.default.createDirectory(atPath: "\(folder)/yaml", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: "\(folder)/goldens", withIntermediateDirectories: true)
    let yaml = try String(contentsOfFile: "\(scenariosFolder)/new-user.yaml", encoding: .utf8)
    try yaml.write(toFile: "\(folder)/yaml/mine.yaml", atomically: true, encoding: .utf8)
    let golden = try String(contentsOfFile: "\(scenariosFolder)/new-user/create-family.transcript", encoding: .utf8)
    let path = "\(folder)/goldens/renamed.transcript"
    let body = String(TranscriptHeader.body(of: golden))
    try ("# scenario: ../yaml/mine.yaml\n# journey: create-family\n" + body).write(
      toFile: path, atomically: true, encoding: .utf8)

    let cases = try TranscriptChecker.cases(in: [path])
    #expect(cases.count == 1 && cases[0].journey?.name == "create-family")
    #expect(await TranscriptChecker.check(cases[0], update: false) == .passed)

    // The journey's steps are the inputs: changing the journey in the scenario fails the check.
    try yaml.replacingOccurrences(of: "    - name J\n", with: "    - name Q\n").write(
      toFile: "\(folder)/yaml/mine.yaml", atomically: true, encoding: .utf8)
    #expect(yaml.contains("    - name J\n"))
    let changed = try TranscriptChecker.cases(in: [path])
    guard case .mismatch(let diff) = await TranscriptChecker.check(changed[0], update: false) else {
      Issue.record("a changed journey must fail its transcript")
      return
    }
    #expect(diff.contains("+ > name Q"))
  }

  @Test func withoutAHeaderTheFolderSaysTheScenarioAndUpdateAddsTheHeader() async throws {
    let folder = try TranscriptTests().temporaryCopy(of: "new-user")
    let path = "\(folder)/new-user/join-family.transcript"
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let body = String(TranscriptHeader.body(of: original))
    try body.write(toFile: path, atomically: true, encoding: .utf8)

    let cases = try TranscriptChecker.cases(in: [path])
    #expect(cases.count == 1 && cases[0].journey?.name == "join-family")
    #expect(await TranscriptChecker.check(cases[0], update: false) == .passed, "a header-less golden stays valid")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == body, "check without --update writes nothing")

    #expect(await TranscriptChecker.check(cases[0], update: true) == .updated)
    let rewritten = try String(contentsOfFile: path, encoding: .utf8)
    #expect(rewritten == "# scenario: ../new-user.yaml\n# journey: join-family\n" + body)
    #expect(await TranscriptChecker.check(cases[0], update: false) == .passed)
  }

  @Test func aHeaderThatNamesAnotherJourneyIsADifference() async throws {
    let folder = try TranscriptTests().temporaryCopy(of: "new-user")
    let path = "\(folder)/new-user/join-family.transcript"
    let body = String(TranscriptHeader.body(of: try String(contentsOfFile: path, encoding: .utf8)))
    try ("# scenario: ../new-user.yaml\n# journey: create-family\n" + body).write(
      toFile: path, atomically: true, encoding: .utf8)
    let cases = try TranscriptChecker.cases(in: ["\(folder)/new-user.yaml"])
    let joinFamily = try #require(cases.first { $0.path == path })
    guard case .mismatch(let diff) = await TranscriptChecker.check(joinFamily, update: false) else {
      Issue.record("a header naming another journey must not pass")
      return
    }
    #expect(diff.contains("- # journey: create-family") && diff.contains("+ # journey: join-family"))
  }

  @Test func aTranscriptWithNeitherHeaderNorFolderSaysWhatToDo() throws {
    let folder = try scratchFolder()
    let path = "\(folder)/lost.transcript"
    try "╭─ x\n> tasks\n".write(toFile: path, atomically: true, encoding: .utf8)
    let text = try #require(caseError(path))
    #expect(text.contains("\(path):1:1") && text.contains("# scenario: NAME|PATH"), "\(text)")
  }

  @Test func badHeadersAreErrorsAtTheirLine() throws {
    let folder = try scratchFolder()
    let problems: [(header: String, position: String, words: String)] = [
      ("# scenaro: new-user\n", ":1:3", "did you mean scenario?"),
      ("# scenario: new-user\n# scenario: child\n", ":2:3", "twice"),
      ("# scenario:\n", ":1:12", "no value"),
      ("#scenario: new-user\n", ":1:1", "'# scenario: NAME|PATH'"),
      ("# scenario: new-usr\n", ":1:13", "new-user"),
      ("# scenario: new-user\n# journey: join-famly\n", ":2:12", "did you mean join-family?"),
      ("# scenario: ../nowhere.yaml\n", ":1:13", "relative to the transcript's folder"),
    ]
    for (index, problem) in problems.enumerated() {
      let path = "\(folder)/bad-\(index).transcript"
      try (problem.header + "╭─ x\n").write(toFile: path, atomically: true, encoding: .utf8)
      let text = try #require(caseError(path), "\(problem.header) must be refused")
      #expect(text.contains(path + problem.position) && text.contains(problem.words), "\(problem.header): \(text)")
    }
  }

  @Test func outputStartingWithAHashIsEscapedSoItCannotReadAsAHeader() throws {
    #expect(Transcript.escapedOutput("# scenario: child\nok\n#2") == "\\# scenario: child\nok\n\\#2")
    // A line feed after a carriage return starts no line: CR LF is one character.
    #expect(Transcript.escapedOutput("> a\r\n> b\n\\c\n>") == "\\> a\r\n> b\n\\\\c\n\\>")
    #expect(Transcript.inputLine("tasks") == "> tasks")
    #expect(Transcript.inputLine("a\tb\u{2028}") == ">\\ a\\tb\\u{2028}")
    let text = "# scenario: new-user\n\\# scenario: child\n> tasks\n"
    let header = try TranscriptHeader.parse(text, file: "t")
    #expect(header.scenario == "new-user" && header.journey == nil)
    #expect(TranscriptHeader.body(of: text) == "\\# scenario: child\n> tasks\n")
    #expect(Transcript.inputs(of: text) == ["tasks"])
    #expect(try TranscriptHeader.parse("# scenario:  new-user \r\n# journey: a\n", file: "t").scenario == "new-user")
  }

  @Test func aReferenceIsANameOrARelativePath() {
    #expect(TranscriptHeader.reference(to: "family-admin", fromTranscriptAt: "/x/y/z.transcript") == "family-admin")
    #expect(
      TranscriptHeader.reference(to: "/p/Scenarios/a.yaml", fromTranscriptAt: "/p/Scenarios/a/j.transcript")
        == "../a.yaml")
    #expect(TranscriptHeader.reference(to: "/p/q/a.yaml", fromTranscriptAt: "/p/q/j.transcript") == "./a.yaml")
    #expect(TranscriptHeader.reference(to: "/p/a.yaml", fromTranscriptAt: "/tmp/j.transcript") == "/p/a.yaml")
  }

  /// The error finding the case of the transcript at `path` gives, or `nil` when there is none.
  func caseError(_ path: String) -> String? {
    do {
      _ = try TranscriptChecker.cases(in: [path])
      return nil
    } catch {
      return error.description
    }
  }

  func scratchFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-header-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }
}

extension Transcript {
  /// `text` as ``Transcript/escapeOutput(_:from:)`` escapes it.
  static func escapedOutput(_ text: String) -> String {
    var bytes = Array(text.utf8)
    escapeOutput(&bytes, from: 0)
    return String(decoding: bytes, as: UTF8.self)
  }
}
