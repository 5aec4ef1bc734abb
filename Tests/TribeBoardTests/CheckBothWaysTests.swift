import Foundation
import Testing

/// Defect #08's rule: `check` and `check --via http` agree on every input. Every recording of the test corpus (the
/// golden transcripts of every bundled scenario) is replayed both ways by the built binary, and the two reports are
/// the same, line for line.
@Suite struct CheckBothWaysTests {
  @Test(.timeLimit(.minutes(10))) func everyRecordingReplaysTheSameInProcessAndOverHTTP() throws {
    let scenarios = ReadmeTests.root.appendingPathComponent("Scenarios").path
    let local = try ChildProcess.tribeboard(["check", scenarios], timeout: 300)
    let remote = try ChildProcess.tribeboard(["check", "--via", "http", scenarios], timeout: 300)
    #expect(local.status == 0, "\(local.stdout)\(local.stderr)")
    #expect(remote.status == local.status, "\(remote.stdout)\(remote.stderr)")
    #expect(remote.stdout == local.stdout)
    #expect(local.stdout.contains(" passed, 0 failed"), "\(local.stdout)")
  }
}
