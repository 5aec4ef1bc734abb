import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios

/// One transcript to check: the file, its scenario, and where its inputs come from.
public struct TranscriptCase: Sendable, CustomStringConvertible {
  public var scenario: Scenario
  /// The transcript file, as a path to print.
  public var path: String
  /// The journey whose steps are the inputs; `nil` for a recorded transcript, replayed from its own `> ` lines.
  public var journey: Journey?
  /// How the transcript's header names the scenario: a built-in name or a path relative to the transcript's folder;
  /// `nil` writes no header.
  public var scenarioReference: String? = nil

  public var description: String { path }

  /// The header the transcript starts with (``TranscriptHeader``).
  public var header: String {
    TranscriptHeader(scenario: scenarioReference, journey: journey?.name).text
  }
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
  /// An `:expect` in the journey failed; with `--update` the transcript was written all the same (`written`).
  case failedExpectations([String], written: Bool = false)
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
        // Recordings beside them, each naming its scenario in its header (a folder of demos, say).
        for name in names.sorted() where name.hasSuffix(".\(fileExtension)") {
          cases.append(try transcriptCase(join(path, name)))
        }
      } else if path.hasSuffix(".\(fileExtension)") {
        cases.append(try transcriptCase(path))
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

  /// The case of a transcript file given by itself: its header says its scenario (and journey, if it has one);
  /// without a header, its folder does (`DIR/NAME/FILE.transcript` beside `DIR/NAME.yaml`, the journey by the
  /// file's name).
  private static func transcriptCase(_ path: String) throws(ScenarioError) -> TranscriptCase {
    let header = try readHeader(path)
    if let scenario = try header?.resolveScenario(transcriptPath: path), let reference = header?.scenario {
      return TranscriptCase(
        scenario: scenario, path: path, journey: try journey(header, in: scenario, transcriptPath: path),
        scenarioReference: reference)
    }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let base = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent).path
    guard let scenarioPath = ["yaml", "yml"].map({ "\(base).\($0)" }).first(where: FileManager.default.fileExists)
    else {
      throw ScenarioError(diagnostics: [
        Diagnostic(
          file: path, line: 1, column: 1,
          message:
            "no scenario for this transcript: it has no '# scenario: NAME|PATH' header line and there is no "
            + "\(base).yaml beside its folder; add the header line (a built-in name, or a path relative to this "
            + "file's folder) or keep the transcript in the folder named after its scenario")
      ])
    }
    let journeyName = header?.journey ?? url.deletingPathExtension().lastPathComponent
    let all = try scenarioCases(scenarioPath)
    if let found = all.first(where: { $0.path.hasSuffix("/\(url.lastPathComponent)") }) { return found }
    let scenario: Scenario
    if let first = all.first { scenario = first.scenario } else { scenario = try ScenarioCatalog.resolve(scenarioPath) }
    return TranscriptCase(
      scenario: scenario, path: path, journey: scenario.journey(named: journeyName),
      scenarioReference: TranscriptHeader.reference(to: scenarioPath, fromTranscriptAt: path))
  }

  /// The header of the transcript at `path`; `nil` when the file can't be read (checking it reports why).
  private static func readHeader(_ path: String) throws(ScenarioError) -> TranscriptHeader? {
    guard let data = try? RegularFile.read(path, limit: maximumTranscriptSize),
      let text = String(validating: data, as: UTF8.self)
    else { return nil }
    return try TranscriptHeader.parse(text, file: path)
  }

  /// The journey a header names, which `scenario` must have.
  private static func journey(_ header: TranscriptHeader?, in scenario: Scenario, transcriptPath: String)
    throws(ScenarioError) -> Journey?
  {
    guard let name = header?.journey else { return nil }
    guard let journey = scenario.journey(named: name) else {
      let names = scenario.journeys.map(\.name)
      throw ScenarioError(diagnostics: [
        Diagnostic(
          file: transcriptPath, line: header?.lines["journey"] ?? 1, column: 12,
          message:
            "scenario \(scenario.name) has no journey '\(name)'\(NameSuggestion.didYouMean(name, in: names)); "
            + "its journeys: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
      ])
    }
    return journey
  }

  private static func scenarioCases(_ path: String) throws(ScenarioError) -> [TranscriptCase] {
    let scenario = try ScenarioLoader.load(contentsOf: URL(fileURLWithPath: path), displayPath: path)
    let folder = transcriptFolder(of: path)
    var cases = scenario.journeys.map { journey in
      let transcript = join(folder, "\(journey.name).\(fileExtension)")
      return TranscriptCase(
        scenario: scenario, path: transcript, journey: journey,
        scenarioReference: TranscriptHeader.reference(to: path, fromTranscriptAt: transcript))
    }
    let journeyFiles = Set(cases.map(\.path))
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in files.sorted() where name.hasSuffix(".\(fileExtension)") && !journeyFiles.contains(join(folder, name)) {
      // A recording: its header, if it has one, says its scenario and journey; else it is this scenario's.
      let transcript = join(folder, name)
      let header = try readHeader(transcript)
      if let other = try header?.resolveScenario(transcriptPath: transcript), let reference = header?.scenario {
        cases.append(
          TranscriptCase(
            scenario: other, path: transcript, journey: try journey(header, in: other, transcriptPath: transcript),
            scenarioReference: reference))
      } else {
        cases.append(
          TranscriptCase(
            scenario: scenario, path: transcript,
            journey: try journey(header, in: scenario, transcriptPath: transcript),
            scenarioReference: TranscriptHeader.reference(to: path, fromTranscriptAt: transcript)))
      }
    }
    return cases
  }

  /// The largest transcript read, in bytes.
  public static let maximumTranscriptSize = 64 << 20

  /// Replays one transcript and compares. Writes nothing unless `update` is set; then a differing or missing file
  /// is written atomically (``AtomicFile``). A file that can't be read, is not UTF-8 or is read-only is never
  /// replaced. Each phone reaches its services through `transport`.
  public static func check(
    _ transcript: TranscriptCase, update: Bool, transport: ServiceTransport = .inProcess
  ) async -> CheckOutcome {
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
    var hasHeader = false
    if let expected {
      do {
        hasHeader = !(try TranscriptHeader.parse(expected, file: path)).isEmpty
      } catch {
        return .unreadable("\(error.description.split(separator: "\n").joined(separator: "; ")); it was left as it is")
      }
    }
    let (body, failed) = await Transcript.run(
      transcript.scenario, journey: transcript.journey, inputs: inputs,
      file: transcript.journey == nil ? path : transcript.scenario.source, transport: transport)
    let failures = failed.map(\.description)
    let actual = transcript.header + body
    // A transcript without a header (it sits beside its scenario) passes on its body alone; --update adds one.
    if expected == actual || (!update && !hasHeader && expected == body) {
      return failures.isEmpty ? .passed : .failedExpectations(failures)
    }
    guard update else {
      guard let expected else { return .missing }
      return .mismatch(diff: LineDiff.unified(expected: expected, actual: hasHeader ? actual : body))
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
    if !failures.isEmpty { return .failedExpectations(failures, written: true) }
    return expected == nil ? .recorded : .updated
  }
}
