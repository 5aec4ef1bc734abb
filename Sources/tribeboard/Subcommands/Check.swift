import ArgumentParser
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Tribeboard {
  struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Replay transcripts against their scenarios and show a diff for each mismatch.",
      discussion: """
        A scenario NAME.yaml keeps its transcripts in NAME/, one JOURNEY.transcript per journey; other \
        .transcript files there (from 'repl --record') are replayed from their own input lines. A transcript \
        starts with header lines naming its scenario ('# scenario: NAME', a built-in, or a path relative to the \
        transcript's folder) and its journey ('# journey: NAME'), so a transcript file given by itself is \
        checked wherever it is; one without a header is checked against the scenario its folder is named after. \
        Without \
        --update nothing is written: a missing journey transcript is a failure. With --update, differing and \
        missing transcripts are written atomically, with their header; a read-only, unreadable or non-UTF-8 one is never replaced.
        """)

    @Argument(
      help:
        "Folders of scenarios, scenario files, a scenario's transcript folder, or transcript files (default: ./Scenarios)."
    )
    var paths: [String] = []

    @Flag(help: "Rewrite transcripts that differ and record missing ones, atomically, instead of failing.")
    var update = false

    @Option(
      help: ArgumentHelp(
        "Also write the results as JUnit XML to FILE (one test case per transcript, the diff in each failure).",
        discussion: "The file is written atomically once every transcript is checked.", valueName: "file"))
    var junit: String?

    @Option(
      help: ArgumentHelp(
        "Check only slice I of N (such as 2/4), so CI runners can split a large suite.",
        discussion: """
          The transcripts are sorted by path and dealt out in turn: the same files always give the same slices, \
          and every transcript is in exactly one of the N.
          """,
        valueName: "i/n"))
    var shard: String?

    func validate() throws {
      if let shard {
        do {
          _ = try Shard(parsing: shard)
        } catch {
          throw ValidationError("--shard \(error)")
        }
      }
      if let junit {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: junit, isDirectory: &isDirectory), isDirectory.boolValue {
          throw ValidationError("Can't write the JUnit report to \(junit): it is a folder.")
        }
        let folder = URL(fileURLWithPath: junit).deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
          throw ValidationError(
            "Can't write the JUnit report to \(junit): the folder \(folder) is missing or not writable.")
        }
        do {
          try AtomicFile.checkReplaceable(junit)
        } catch {
          throw ValidationError("Can't write the JUnit report to \(junit): \(error).")
        }
      }
    }

    @Option(
      help: ArgumentHelp(
        "process: the app calls the mock services in-process; http: through the Remote services (HTTP clients) "
          + "against the same mocks served on loopback, as the API's document describes them.", valueName: "way"))
    var via: Via = .process

    func run() async throws {
      let transport = try await via.transport()
      let paths = self.paths.isEmpty ? ["Scenarios"] : self.paths
      if self.paths.isEmpty && !FileManager.default.fileExists(atPath: "Scenarios") {
        throw usageError("There is no Scenarios/ folder here. Run from the project folder or give paths.")
      }
      let found: [TranscriptCase]
      do {
        found = try TranscriptChecker.cases(in: paths)
      } catch {
        printError(error.description)
        try writeReport(JUnitReport.xml(loadFailure: error.description, paths: paths))
        throw badScenarioExit
      }
      guard !found.isEmpty else {
        printError(
          "No transcripts found in \(paths.joined(separator: ", ")): give scenario files or folders of them.")
        throw ExitCode.failure
      }
      let slice = try shard.map { text throws(ValidationError) in
        do { return try Shard(parsing: text) } catch { throw ValidationError("--shard \(error)") }
      }
      let cases = slice.map { $0.select(found, key: \.path) } ?? found
      PendingFile.installHandlers(sayingBye: false)
      var failed = 0
      var changed = 0
      var results: [JUnitReport.Result] = []
      for transcript in cases {
        let outcome = await TranscriptChecker.check(transcript, update: update, transport: transport)
        results.append(JUnitReport.Result(transcript: transcript, outcome: outcome))
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
        case .failedExpectations(let failures, let written):
          let count = failures.count == 1 ? "an expectation" : "\(failures.count) expectations"
          if written { changed += 1 }
          try emit(
            "✗ \(transcript.path): \(count) failed\(written ? " (written all the same)" : "")\n"
              + failures.map { "  \($0)" }.joined(separator: "\n"))
        case .unreadable(let reason):
          try emit("✗ \(transcript.path): \(reason)")
        }
        if outcome.failed { failed += 1 }
      }
      var summary =
        "\(cases.count) transcript\(cases.count == 1 ? "" : "s"): \(cases.count - failed) passed, \(failed) failed"
      if update { summary += ", \(changed) written" }
      if let slice { summary = "shard \(slice) (\(found.count) transcripts in all): " + summary }
      try emit(summary)
      try writeReport(JUnitReport.xml(results))
      if failed > 0 {
        if !update {
          try emit(
            "If the change is intended, run 'tribeboard check --update' and review the diff before committing.")
        }
        throw ExitCode.failure
      }
    }

    /// Writes `xml` to the `--junit` file, if one was asked for, atomically; exit 74 when it can't be written.
    private func writeReport(_ xml: @autoclosure () -> String) throws {
      guard let junit else { return }
      do {
        try AtomicFile.write(Data(xml().utf8), to: junit)
      } catch {
        printError("tribeboard: could not write the JUnit report \(junit): \(error)")
        throw outputClosedExit
      }
    }
  }
}
