import ArgumentParser
import Foundation
import TribeBoardScenarios
import TribeBoardSimulator

extension Tribeboard {
  struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay transcripts against their scenarios and show a diff for each mismatch.",
      discussion: """
        A scenario NAME.yaml keeps its transcripts in NAME/, one JOURNEY.transcript per journey; other \
        .transcript files there (from 'repl --record') are replayed from their own input lines. Without \
        --update nothing is written: a missing journey transcript is a failure. With --update, differing and \
        missing transcripts are written atomically; a read-only, unreadable or non-UTF-8 one is never replaced.
        """)

    @Argument(
      help:
        "Folders of scenarios, scenario files, a scenario's transcript folder, or transcript files (default: ./Scenarios)."
    )
    var paths: [String] = []

    @Flag(help: "Rewrite transcripts that differ and record missing ones, atomically, instead of failing.")
    var update = false

    func run() async throws {
      let paths = self.paths.isEmpty ? ["Scenarios"] : self.paths
      if self.paths.isEmpty && !FileManager.default.fileExists(atPath: "Scenarios") {
        throw usageError("There is no Scenarios/ folder here. Run from the project folder or give paths.")
      }
      let cases: [TranscriptCase]
      do {
        cases = try TranscriptChecker.cases(in: paths)
      } catch {
        printError(error.description)
        throw badScenarioExit
      }
      guard !cases.isEmpty else {
        printError("No transcripts found in \(paths.joined(separator: ", ")): give scenario files or folders of them.")
        throw ExitCode.failure
      }
      PendingFile.installHandlers(sayingBye: false)
      var failed = 0
      var changed = 0
      for transcript in cases {
        let outcome = await TranscriptChecker.check(transcript, update: update)
        switch outcome {
        case .passed:
          try emit("✓ \(transcript.path)")
        case .updated:
          changed += 1
          try emit("↻ \(transcript.path) (rewritten)")
        case .recorded:
          changed += 1
          try emit("+ \(transcript.path) (recorded; review it before committing)")
        case .missing:
          try emit("✗ \(transcript.path): missing; 'tribeboard check --update' records it")
        case .mismatch(let diff):
          try emit("✗ \(transcript.path): the output differs (- transcript, + this run)\n\(diff)")
        case .failedExpectations(let failures):
          let count = failures.count == 1 ? "an expectation" : "\(failures.count) expectations"
          try emit("✗ \(transcript.path): \(count) failed\n" + failures.map { "  \($0)" }.joined(separator: "\n"))
        case .unreadable(let reason):
          try emit("✗ \(transcript.path): \(reason)")
        }
        if outcome.failed { failed += 1 }
      }
      let summary =
        "\(cases.count) transcript\(cases.count == 1 ? "" : "s"): \(cases.count - failed) passed, \(failed) failed"
      try emit(update ? "\(summary), \(changed) written" : summary)
      if failed > 0 {
        if !update {
          try emit("If the change is intended, run 'tribeboard check --update' and review the diff before committing.")
        }
        throw ExitCode.failure
      }
    }
  }
}
