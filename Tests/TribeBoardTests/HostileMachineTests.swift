import Foundation
import Testing
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Crashes, hangs and lost files that hostile input or a hostile machine caused, each kept fixed.
@Suite struct HostileMachineTests {
  @Test func anItemNumberOfIntMinGetsAMessage() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "family-admin"))
    await simulator.start()
    _ = await simulator.handle("tasks")
    for input in ["done -9223372036854775808", "open #-9223372036854775808", "done 9223372036854775807", "done 0"] {
      let step = await simulator.handle(input)
      #expect(step.snapshot?.error?.code == .validationFailed, "\(input)")
      #expect(step.snapshot?.screen == .tasks)
    }
  }

  @Test func anItemNumberOfIntMinInAJourneyGetsAMessage() async throws {
    var text = try String(contentsOfFile: "\(scenariosFolder)/family-admin.yaml", encoding: .utf8)
    text = String(text[..<text.range(of: "journeys:")!.lowerBound])
    text +=
      "journeys:\n  hostile:\n    - tasks\n    - done -9223372036854775808\n    - expect: { error: validationFailed }\n"
    let scenario = try ScenarioLoader.parse(text, source: "hostile.yaml")
    let (_, failures) = await Transcript.run(scenario, inputs: scenario.journeys[0].steps)
    #expect(failures.isEmpty)
  }

  @Test func aFIFOIsRefusedNotWaitedOn() async throws {
    let folder = try temporaryFolder()
    let fifo = "\(folder)/pipe.yaml"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: ScenarioError.self) { try ScenarioCatalog.resolve(fifo) }
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "new-user"))
    await simulator.start()
    let step = await simulator.handle(":scenario \(fifo)")
    #expect(step.messages.contains { $0.text.contains("FIFO") })
  }

  @Test func checkRefusesATranscriptThatIsAFIFO() async throws {
    let folder = try temporaryCopy(of: "new-user")
    let transcript = "\(folder)/new-user/create-family.transcript"
    try FileManager.default.removeItem(atPath: transcript)
    #expect(mkfifo(transcript, 0o600) == 0)
    let cases = try TranscriptChecker.cases(in: ["\(folder)/new-user.yaml"])
    let fifoCase = try #require(cases.first { $0.path == transcript })
    guard case .unreadable = await TranscriptChecker.check(fifoCase, update: true) else {
      Issue.record("a FIFO must be refused")
      return
    }
  }

  @Test func checkNeverReplacesATranscriptThatIsNotUTF8() async throws {
    let folder = try temporaryCopy(of: "new-user")
    let transcript = "\(folder)/new-user/create-family.transcript"
    let garbage = Data([0x3E, 0x20, 0xFF, 0xFE, 0x0A])
    try garbage.write(to: URL(fileURLWithPath: transcript))
    let cases = try TranscriptChecker.cases(in: ["\(folder)/new-user.yaml"])
    let broken = try #require(cases.first { $0.path == transcript })
    for update in [false, true] {
      guard case .unreadable = await TranscriptChecker.check(broken, update: update) else {
        Issue.record("a transcript that is not UTF-8 must be reported, update: \(update)")
        continue
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: transcript)) == garbage)
    }
  }

  @Test func updateRefusesAReadOnlyTranscriptAndKeepsOthersModes() async throws {
    let folder = try temporaryCopy(of: "new-user")
    let readOnly = "\(folder)/new-user/create-family.transcript"
    let privateFile = "\(folder)/new-user/join-family.transcript"
    for path in [readOnly, privateFile] { try "stale\n".write(toFile: path, atomically: false, encoding: .utf8) }
    #expect(chmod(readOnly, 0o444) == 0)
    #expect(chmod(privateFile, 0o600) == 0)
    let cases = try TranscriptChecker.cases(in: ["\(folder)/new-user.yaml"])
    let first = try #require(cases.first { $0.path == readOnly })
    let second = try #require(cases.first { $0.path == privateFile })
    guard case .unreadable(let reason) = await TranscriptChecker.check(first, update: true) else {
      Issue.record("a read-only transcript must not be replaced")
      return
    }
    #expect(reason.contains("read-only"))
    #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "stale\n")
    #expect(mode(of: readOnly) == 0o444)
    #expect(await TranscriptChecker.check(second, update: true) == .updated)
    #expect(mode(of: privateFile) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/new-user").allSatisfy { !$0.hasPrefix(".") })
  }

  @Test func atomicWritesFollowSymbolicLinksAndCleanAbandonedTemporaries() throws {
    let folder = try temporaryFolder()
    try "old\n".write(toFile: "\(folder)/real.transcript", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/link.transcript", withDestinationPath: "real.transcript")
    // What a writer killed outright (SIGKILL) would leave: a temporary of a process that no longer runs.
    let abandoned = "\(folder)/.real.transcript.tmp-2147483646-abc"
    try "torn".write(toFile: abandoned, atomically: false, encoding: .utf8)
    try AtomicFile.write(Data("new\n".utf8), to: "\(folder)/link.transcript")
    #expect(try String(contentsOfFile: "\(folder)/real.transcript", encoding: .utf8) == "new\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/link.transcript") == "real.transcript")
    #expect(!FileManager.default.fileExists(atPath: abandoned))
  }

  @Test func aWriteThatMayNotReplaceNeverDoes() throws {
    let folder = try temporaryFolder()
    let kept = "\(folder)/kept.yaml"
    try "mine\n".write(toFile: kept, atomically: false, encoding: .utf8)
    #expect(throws: AtomicFile.Failure.exists) { try AtomicFile.write(Data("new\n".utf8), to: kept, replacing: false) }
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "mine\n")
    // A name taken by a link to nothing: a check of the file finds none, but linking into place finds the name
    // taken, as it would a file made between the check and the write.
    try FileManager.default.createSymbolicLink(atPath: "\(folder)/taken.yaml", withDestinationPath: "nowhere.yaml")
    #expect(throws: AtomicFile.Failure.exists) {
      try AtomicFile.write(Data("new\n".utf8), to: "\(folder)/taken.yaml", replacing: false)
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/taken.yaml") == "nowhere.yaml")
    try AtomicFile.write(Data("new\n".utf8), to: "\(folder)/fresh.yaml", replacing: false)
    #expect(try String(contentsOfFile: "\(folder)/fresh.yaml", encoding: .utf8) == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.hasPrefix(".") })
  }

  @Test func aClosedOutputEndsTheREPLAndTheRecordingHoldsEveryStepShown() async throws {
    let folder = try temporaryFolder()
    let record = URL(fileURLWithPath: "\(folder)/session.transcript")
    var lines = ["skip", "sign in apple", "tasks", "help me"][...]
    var shown = ""
    var writes = 0
    struct Full: Error {}
    let repl = REPL(
      simulator: Simulator(scenario: try BundledScenarios.scenario(named: "new-user")), style: .plain,
      recordURL: record, showsPrompt: false, readLine: { lines.popFirst() },
      write: { text in
        writes += 1
        if writes > 3 { throw Full() }
        shown += text
      })
    do {
      try await repl.run()
      Issue.record("a full output must end the session")
    } catch {
      guard case .outputClosed = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    let transcript = try String(contentsOf: record, encoding: .utf8)
    let inputs = Transcript.inputs(of: transcript)
    #expect(inputs == ["skip", "sign in apple", "tasks"])
    #expect(shown.contains("> ") == false && shown.contains("Sign in"), "two steps were shown")
    let replay = await Transcript.run(try BundledScenarios.scenario(named: "new-user"), inputs: inputs)
    #expect(replay.text == transcript, "the recording is a valid transcript")
  }

  @Test func recordingAppendsAValidTranscriptAfterEveryStep() async throws {
    let folder = try temporaryFolder()
    let path = "\(folder)/appended.transcript"
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let simulator = Simulator(scenario: scenario)
    let recorder = try TranscriptRecorder(path: path, first: await simulator.start())
    var inputs: [String] = []
    for input in ["tasks", "done 1", "back", "messages", ":where", "calendar", "1", ":clock +1d", "bogus\r"] {
      try recorder.append(await simulator.handle(input))
      inputs.append(input)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(Transcript.inputs(of: text) == inputs)
      #expect(await Transcript.run(scenario, inputs: inputs).text == text)
    }
    recorder.close()
  }

  @Test(arguments: [
    ["tasks\r"], ["skip\r", "\r"], [":scenario > x.yaml"], [":scenario \\> x.yaml", "\\"], ["a\tb", "a\nb", "x\u{0}"],
    ["> skip", ">\\ skip", "\\u{41}", "\u{301}skip", "\u{2028}", "\u{1B}[31m"],
  ])
  func recordedTranscriptsRoundTrip(_ inputs: [String]) async throws {
    let scenario = try BundledScenarios.scenario(named: "new-user")
    let (text, _) = await Transcript.run(scenario, inputs: inputs)
    #expect(Transcript.inputs(of: text) == inputs)
    let folder = try temporaryCopy(of: "new-user")
    let path = "\(folder)/new-user/recorded.transcript"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let cases = try TranscriptChecker.cases(in: [path])
    let recorded = try #require(cases.first)
    #expect(await TranscriptChecker.check(recorded, update: false) == .passed)
  }

  @Test func randomInputsRoundTrip() async throws {
    var random = SplitMix64(seed: 42)
    let pieces = [
      "\r", "\n", "\t", "\\", ">", "> ", "\\u{", "}", " ", "é", "\u{301}", "\u{0}", "\u{7F}", "\u{85}", "a", "1",
    ]
    for _ in 0..<300 {
      let input = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
      #expect(Transcript.inputs(of: Transcript.inputLine(input)) == [input], "\(input.debugDescription)")
    }
  }

  @Test func aLongLineIsRefusedAndReadInBoundedMemory() async throws {
    var fds: [Int32] = [0, 0]
    #expect(fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) } == 0)
    let writeEnd = fds[1]
    let writer = Thread {
      let long = String(repeating: "x", count: 1 << 20) + "\r\nskip\r\n"
      _ = long.utf8CString.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress!, $0.count - 1) }
      close(writeEnd)
    }
    writer.start()
    let reader = LineReader(fd: fds[0], maximumLength: REPL.maximumLineLength)
    #expect(reader.next()?.utf8.count == REPL.maximumLineLength + 1)
    #expect(reader.next() == "skip")
    #expect(reader.next() == nil)
    close(fds[0])
  }

  @Test func theREPLRefusesALineLongerThanItsLimit() async throws {
    var lines = [String(repeating: "skip ", count: 2_000), "skip"][...]
    var output = ""
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "new-user"))
    let repl = REPL(
      simulator: simulator, style: .plain, showsPrompt: false, readLine: { lines.popFirst() },
      write: { output += $0 })
    try await repl.run()
    #expect(output.contains("longer than \(REPL.maximumLineLength) bytes; it was ignored"))
    #expect(simulator.state.screen.id == .signIn, "the short line still ran")
  }

  private func mode(of path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o777
  }
}

/// A new empty folder under the temporary directory.
func temporaryFolder() throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tribeboard-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder
}

/// A copy of a bundled scenario and its transcripts in a temporary folder; returns the folder.
func temporaryCopy(of name: String) throws -> String {
  let folder = try temporaryFolder()
  try FileManager.default.copyItem(atPath: "\(scenariosFolder)/\(name).yaml", toPath: "\(folder)/\(name).yaml")
  try FileManager.default.copyItem(atPath: "\(scenariosFolder)/\(name)", toPath: "\(folder)/\(name)")
  return folder
}
