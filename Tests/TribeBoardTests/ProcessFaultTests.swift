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

/// The built `tribeboard` binary against a hostile machine: closed or full output, FIFOs, and writers killed at
/// random points. `swift test` builds the binary beside the test bundle.
@Suite(.serialized) struct ProcessFaultTests {
  @Test func aFullOrClosedOutputEndsQuietlyWithExit74() throws {
    for command in [["repl"], ["play", "new-user"], ["roles"], ["list"]] {
      let full = try run(command, input: ":where\n", stdout: .path("/dev/full"))
      #expect(full.status == 74, "\(command) >/dev/full")
      #expect(!full.stderr.contains("crashed") && !full.stderr.contains("Fatal error"), "\(full.stderr)")
    }
    let noErrors = try run(["play", "nowhere.yaml"], stderr: .path("/dev/full"))
    #expect(noErrors.status == 65, "a full standard error still gives the exit code")
    let closed = try run(["repl"], input: ":where\n", stdout: .closed)
    #expect(closed.status == 74)
    #expect(!closed.stderr.contains("crashed") && !closed.stderr.contains("Fatal error"), "\(closed.stderr)")
  }

  @Test func aFIFOIsRefusedByPlayAndCheck() throws {
    let folder = try temporaryFolder()
    #expect(mkfifo("\(folder)/pipe.yaml", 0o600) == 0)
    for command in [["play", "\(folder)/pipe.yaml"], ["check", "\(folder)/pipe.yaml"]] {
      let result = try run(command, timeout: 10)
      #expect(result.status == 65, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("FIFO"))
    }
  }

  @Test func aRecordingNeverReplacesAReadOnlyFileOrAFIFO() throws {
    let folder = try temporaryFolder()
    let readOnly = "\(folder)/kept.transcript"
    try "mine\n".write(toFile: readOnly, atomically: false, encoding: .utf8)
    #expect(chmod(readOnly, 0o444) == 0)
    #expect(mkfifo("\(folder)/pipe.transcript", 0o600) == 0)
    for path in [readOnly, "\(folder)/pipe.transcript"] {
      let result = try run(["repl", "--record", path], input: "skip\n", timeout: 10)
      #expect(result.status == 64, "\(path): \(result.stderr)")
    }
    #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "mine\n")
  }

  @Test func aKilledCheckUpdateLeavesWholeFilesAndNoLeftovers() throws {
    var random = SplitMix64(seed: 11)
    let folder = try temporaryCopy(of: "family-admin")
    let transcripts = "\(folder)/family-admin"
    let names = try FileManager.default.contentsOfDirectory(atPath: transcripts).sorted()
    let good = try names.map { try String(contentsOfFile: "\(transcripts)/\($0)", encoding: .utf8) }
    let signals = [SIGTERM, SIGINT, SIGKILL]
    for round in 0..<9 {
      for (name, text) in zip(names, good) {
        try (text + "stale\n").write(toFile: "\(transcripts)/\(name)", atomically: false, encoding: .utf8)
      }
      let signal = signals[round % signals.count]
      _ = try run(["check", "--update", "\(folder)/family-admin.yaml"], killAfter: random.below(600), signal: signal)
      for (name, text) in zip(names, good) {
        let now = try String(contentsOfFile: "\(transcripts)/\(name)", encoding: .utf8)
        #expect(now == text || now == text + "stale\n", "round \(round): \(name) is torn")
      }
      if signal == SIGKILL {
        // What a SIGKILL left is cleaned by the next write of the same file.
        let next = try run(["check", "--update", "\(folder)/family-admin.yaml"])
        #expect(next.status == 0, "\(next.stdout)")
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: transcripts).filter { $0.hasPrefix(".") }
      #expect(leftovers.isEmpty, "round \(round), signal \(signal): \(leftovers)")
    }
  }

  @Test func aKilledRecordingIsAlwaysAValidTranscript() async throws {
    var random = SplitMix64(seed: 12)
    let folder = try temporaryFolder()
    let path = "\(folder)/session.transcript"
    let lines = ["tasks", "done 1", "back", "messages", "send Hello\r", "back", "calendar", "> 1", "back", ":where"]
    let input = String(repeating: lines.joined(separator: "\n") + "\n", count: 30)
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    for round in 0..<6 {
      try? FileManager.default.removeItem(atPath: path)
      let signal = [SIGINT, SIGTERM, SIGKILL][round % 3]
      let result = try run(
        ["repl", "--scenario", "family-admin", "--record", path], input: input, killAfter: 50 + random.below(700),
        signal: signal)
      if let text = try? String(contentsOfFile: path, encoding: .utf8) {
        // Every screen shown is in the recording (it is written before it is shown).
        let screens = { (text: String) in text.components(separatedBy: "╭─").count }
        #expect(screens(result.stdout) <= screens(text), "round \(round): a shown step is missing")
        let inputs = Transcript.inputs(of: text)
        let replayed = "# scenario: family-admin\n" + (await Transcript.run(scenario, inputs: inputs).text)
        #expect(replayed == text, "round \(round): not a valid transcript")
      } else {
        #expect(!result.stdout.contains("╭─"), "round \(round): a screen was shown but nothing was recorded")
      }
      if signal == SIGKILL {
        // What a SIGKILL left is cleaned by the next recording to the same file.
        _ = try run(["repl", "--scenario", "family-admin", "--record", path, "--force"])
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
      #expect(leftovers.isEmpty, "round \(round): \(leftovers)")
    }
  }

  // MARK: Running the binary

  /// The `tribeboard` binary `swift test` built beside the test bundle.
  static let binary: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0])
    repeat { url.deleteLastPathComponent() } while url.path.contains(".xctest") && url.path != "/"
    return url.appendingPathComponent("tribeboard")
  }()

  /// Runs the binary; sends it `signal` after `killAfter` milliseconds; kills it after `timeout` seconds.
  private func run(
    _ arguments: [String], input: String = "", stdout: ChildProcess.Output = .capture,
    stderr: ChildProcess.Output = .capture, killAfter: Int? = nil, signal: Int32 = SIGKILL, timeout: Double = 60
  ) throws -> ChildProcess.Result {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "no binary at \(Self.binary.path)")
    let result = try ChildProcess.run(
      Self.binary.path, arguments, input: input, stdout: stdout, stderr: stderr,
      killAfter: killAfter.map { Double($0) / 1000 }, signal: signal, timeout: timeout)
    #expect(!result.timedOut || killAfter != nil, "\(arguments) was still running after \(timeout) s")
    return result
  }
}
