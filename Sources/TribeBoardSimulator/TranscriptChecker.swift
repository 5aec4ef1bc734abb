import Foundation
import TribeBoardScenarios

/// One transcript to check: the file, its scenario, and where its inputs come from.
public struct TranscriptCase: Sendable, CustomStringConvertible {
  public var scenario: Scenario
  /// The transcript file, as a path to print.
  public var path: String
  /// The journey whose steps are the inputs; `nil` for a recorded transcript, replayed from its own `> ` lines.
  public var journey: Journey?

  public var description: String { path }
}

/// How checking one transcript went.
public enum CheckOutcome: Equatable, Sendable {
  case passed
  /// `--update` rewrote the file.
  case updated
  /// The file did not exist and `--update` wrote it.
  case recorded
  /// The file does not exist; nothing was written (`--update` records it).
  case missing
  /// The run's output differs from the file.
  case mismatch(diff: String)
  /// The output matches but an `:expect` in the journey failed.
  case failedExpectations([String])
  /// The file could not be read or written; it was left as it was.
  case unreadable(String)

  public var failed: Bool {
    switch self {
    case .passed, .updated, .recorded: false
    case .missing, .mismatch, .failedExpectations, .unreadable: true
    }
  }
}

/// Finds transcripts beside their scenarios and replays them.
///
/// Layout: a scenario `Scenarios/new-user.yaml` keeps its transcripts in `Scenarios/new-user/`, one
/// `JOURNEY.transcript` per journey; any other `.transcript` there (e.g. from `repl --record`) is replayed from
/// its own input lines.
public enum TranscriptChecker {
  public static let fileExtension = "transcript"

  /// The transcripts under `paths`: folders of scenarios, scenario files, or transcript files.
  public static func cases(in paths: [String]) throws(ScenarioError) -> [TranscriptCase] {
    var cases: [TranscriptCase] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ScenarioError(diagnostics: [Diagnostic(file: path, line: 1, column: 1, message: "no such file or folder")]
        )
      }
      if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        if !names.contains(where: isScenarioFile),
          let scenario = ["yaml", "yml"].map({ "\(folder).\($0)" }).first(where: FileManager.default.fileExists)
        {
          // A scenario's own transcript folder: check that scenario.
          cases += try scenarioCases(scenario)
          continue
        }
        for name in names.sorted() where isScenarioFile(name) {
          cases += try scenarioCases(join(path, name))
        }
      } else if path.hasSuffix(".\(fileExtension)") {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let base = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent).path
        guard let scenarioPath = ["yaml", "yml"].map({ "\(base).\($0)" }).first(where: FileManager.default.fileExists)
        else {
          throw ScenarioError(diagnostics: [
            Diagnostic(
              file: path, line: 1, column: 1,
              message:
                "no scenario for this transcript: expected \(base).yaml (a transcript lives in a folder named after its scenario)"
            )
          ])
        }
        let journeyName = url.deletingPathExtension().lastPathComponent
        cases += try scenarioCases(scenarioPath).filter { $0.path.hasSuffix("/\(journeyName).\(fileExtension)") }
      } else {
        cases += try scenarioCases(path)
      }
    }
    return cases
  }

  static func isScenarioFile(_ name: String) -> Bool {
    name.hasSuffix(".yaml") || name.hasSuffix(".yml")
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The transcript folder of a scenario file: the file's path without its extension.
  public static func transcriptFolder(of scenarioPath: String) -> String {
    for suffix in [".yaml", ".yml"] where scenarioPath.hasSuffix(suffix) {
      return String(scenarioPath.dropLast(suffix.count))
    }
    return scenarioPath + ".transcripts"
  }

  private static func scenarioCases(_ path: String) throws(ScenarioError) -> [TranscriptCase] {
    let scenario = try ScenarioLoader.load(contentsOf: URL(fileURLWithPath: path), displayPath: path)
    let folder = transcriptFolder(of: path)
    var cases = scenario.journeys.map { journey in
      TranscriptCase(scenario: scenario, path: join(folder, "\(journey.name).\(fileExtension)"), journey: journey)
    }
    let journeyFiles = Set(cases.map(\.path))
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in files.sorted() where name.hasSuffix(".\(fileExtension)") && !journeyFiles.contains(join(folder, name)) {
      cases.append(TranscriptCase(scenario: scenario, path: join(folder, name), journey: nil))
    }
    return cases
  }

  /// The largest transcript read, in bytes.
  public static let maximumTranscriptSize = 64 << 20

  /// Replays one transcript and compares. Writes nothing unless `update` is set; then a differing or missing file
  /// is written atomically (``AtomicFile``). A file that can't be read, is not UTF-8 or is read-only is never
  /// replaced.
  public static func check(_ transcript: TranscriptCase, update: Bool) async -> CheckOutcome {
    let path = transcript.path
    var expected: String?
    do {
      let data = try RegularFile.read(path, limit: maximumTranscriptSize)
      guard let text = String(validating: data, as: UTF8.self) else {
        return .unreadable("the file is not UTF-8 text; it was left as it is (fix or delete it, then check again)")
      }
      expected = text
    } catch .missing {
      expected = nil
    } catch {
      return .unreadable("\(error); it was left as it is")
    }
    let inputs: [String]
    if let journey = transcript.journey {
      inputs = journey.steps
    } else if let expected {
      inputs = Transcript.inputs(of: expected)
    } else {
      return .unreadable("no such file")
    }
    let (actual, failed) = await Transcript.run(
      transcript.scenario, journey: transcript.journey, inputs: inputs,
      file: transcript.journey == nil ? path : transcript.scenario.source)
    let failures = failed.map(\.description)
    if expected == actual {
      return failures.isEmpty ? .passed : .failedExpectations(failures)
    }
    guard update else {
      guard let expected else { return .missing }
      return .mismatch(diff: LineDiff.unified(expected: expected, actual: actual))
    }
    do {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
    } catch {
      return .unreadable("can't create its folder: \(error.localizedDescription)")
    }
    do {
      try AtomicFile.write(Data(actual.utf8), to: path)
    } catch {
      return .unreadable("not rewritten: \(error)")
    }
    if !failures.isEmpty { return .failedExpectations(failures) }
    return expected == nil ? .recorded : .updated
  }
}
