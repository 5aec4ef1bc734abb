import Foundation
import Testing
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// The project's `Scenarios/` folder.
let scenariosFolder = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Scenarios").path

@Suite struct TranscriptTests {
  /// Every golden transcript of every bundled scenario, replayed and compared byte for byte.
  /// Set TRIBEBOARD_RECORD=1 to rewrite them (then review the diff).
  @Test(arguments: try TranscriptChecker.cases(in: [scenariosFolder]))
  func transcriptMatches(_ transcript: TranscriptCase) async {
    let update = ProcessInfo.processInfo.environment["TRIBEBOARD_RECORD"] == "1"
    let outcome = await TranscriptChecker.check(transcript, update: update)
    switch outcome {
    case .passed, .updated: break
    case .mismatch(let diff): Issue.record("\(transcript.path) differs (- transcript, + this run):\n\(diff)")
    default: Issue.record("\(transcript.path): \(outcome)")
    }
  }

  @Test func everyBundledJourneyHasATranscript() throws {
    let cases = try TranscriptChecker.cases(in: [scenariosFolder])
    for name in BundledScenarios.names {
      let scenario = try BundledScenarios.scenario(named: name)
      #expect(!scenario.journeys.isEmpty, "\(name) has no journeys")
      for journey in scenario.journeys {
        let path = "\(scenariosFolder)/\(name)/\(journey.name).transcript"
        #expect(FileManager.default.fileExists(atPath: path), "missing \(path)")
        #expect(cases.contains { $0.path == path })
      }
    }
  }

  @Test func editingOneOutputLineFailsWithADiff() async throws {
    let folder = try temporaryCopy(of: "new-user")
    let transcript = "\(folder)/new-user/create-family.transcript"
    let original = try String(contentsOfFile: transcript, encoding: .utf8)
    let edited = original.replacingOccurrences(of: "│ Your role: Parent admin", with: "│ Your role: Adult")
    #expect(edited != original)
    try edited.write(toFile: transcript, atomically: true, encoding: .utf8)

    let cases = try TranscriptChecker.cases(in: [transcript])
    #expect(cases.count == 1)
    let outcome = await TranscriptChecker.check(cases[0], update: false)
    guard case .mismatch(let diff) = outcome else {
      Issue.record("expected a mismatch, got \(outcome)")
      return
    }
    #expect(diff.contains("- │ Your role: Adult"))
    #expect(diff.contains("+ │ Your role: Parent admin"))
    #expect(try String(contentsOfFile: transcript, encoding: .utf8) == edited, "check without --update must not write")

    #expect(await TranscriptChecker.check(cases[0], update: true) == .updated)
    #expect(try String(contentsOfFile: transcript, encoding: .utf8) == original)
  }

  @Test func aMissingTranscriptFailsAndIsRecordedOnlyWithUpdate() async throws {
    let folder = try temporaryCopy(of: "new-user")
    let transcript = "\(folder)/new-user/join-family.transcript"
    try FileManager.default.removeItem(atPath: transcript)
    let cases = try TranscriptChecker.cases(in: ["\(folder)/new-user.yaml"])
    let missing = try #require(cases.first { $0.path == transcript })
    #expect(await TranscriptChecker.check(missing, update: false) == .missing)
    #expect(!FileManager.default.fileExists(atPath: transcript), "check without --update must not write")
    #expect(await TranscriptChecker.check(missing, update: true) == .recorded)
    #expect(await TranscriptChecker.check(missing, update: false) == .passed)
  }

  @Test func aRecordedTranscriptIsReplayedFromItsOwnInputs() async throws {
    let folder = try temporaryCopy(of: "existing-user")
    let scenario = try ScenarioLoader.load(contentsOf: URL(fileURLWithPath: "\(folder)/existing-user.yaml"))
    let (text, failures) = await Transcript.run(scenario, inputs: ["sign in google", "code 482913", "tasks"])
    #expect(failures.isEmpty)
    let recorded = "\(folder)/existing-user/demo.transcript"
    try text.write(toFile: recorded, atomically: true, encoding: .utf8)

    let cases = try TranscriptChecker.cases(in: [recorded])
    #expect(cases.count == 1 && cases[0].journey == nil)
    #expect(await TranscriptChecker.check(cases[0], update: false) == .passed)
    try text.replacingOccurrences(of: "> tasks", with: "> calendar").write(
      toFile: recorded, atomically: true, encoding: .utf8)
    guard case .mismatch = await TranscriptChecker.check(cases[0], update: false) else {
      Issue.record("changing an input must change the replay")
      return
    }
  }

  @Test func theSameScenarioGivesTheSameTranscript() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let journey = try #require(scenario.journeys.first { $0.name == "chores-and-points" })
    let first = await Transcript.run(scenario, inputs: journey.steps)
    let second = await Transcript.run(scenario, inputs: journey.steps)
    #expect(first.text == second.text)
  }

  /// A scratch copy of a bundled scenario and its transcripts.
  func temporaryCopy(of name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tribeboard-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(scenariosFolder)/\(name).yaml", toPath: "\(folder)/\(name).yaml")
    try FileManager.default.copyItem(atPath: "\(scenariosFolder)/\(name)", toPath: "\(folder)/\(name)")
    return folder
  }
}

@Suite struct LineDiffTests {
  @Test func showsOnlyTheChangeWithContext() {
    let expected = (1...100).map { "line \($0)" }.joined(separator: "\n")
    let actual = expected.replacingOccurrences(of: "line 50\n", with: "line fifty\n")
    #expect(
      LineDiff.unified(expected: expected, actual: actual) == """
        @@ expected line 48, actual line 48 @@
          line 48
          line 49
        - line 50
        + line fifty
          line 51
          line 52
        """)
    #expect(LineDiff.unified(expected: expected, actual: expected) == "")
  }

  @Test func aLongTranscriptWithOneChangeStaysCheap() {
    let expected = (1...200_000).map { "line \($0)" }.joined(separator: "\n")
    let actual = expected.replacingOccurrences(of: "line 123456\n", with: "changed\n")
    let diff = LineDiff.unified(expected: expected, actual: actual)
    #expect(diff.contains("- line 123456\n+ changed"))
  }

  @Test func aHugeChangedMiddleIsStillACorrectDiff() {
    let expected = (1...3000).map { "a\($0)" }.joined(separator: "\n")
    let actual = (1...3000).map { "b\($0)" }.joined(separator: "\n")
    let diff = LineDiff.unified(expected: expected, actual: actual)
    #expect(diff.split(separator: "\n").filter { $0.hasPrefix("- ") }.count == 3000)
    #expect(diff.split(separator: "\n").filter { $0.hasPrefix("+ ") }.count == 3000)
  }
}
