import Foundation
import Testing
import TribeBoardScenarios

/// The hostile corpus (``HostileCorpus``) through the loader, in-process: every file is refused with positioned
/// diagnostics, or, for a mutation that stayed valid, loads. The assertions are about behaviour, not wording.
///
/// `swift test` runs every 10th file. `TRIBEBOARD_HOSTILE_FULL=1 swift test --filter HostileCorpus` runs them all;
/// `Tools/hostile-corpus.sh` runs them all through the release binary, checking exit code, time and memory.
/// `TRIBEBOARD_HOSTILE_DIR=DIR swift test --filter HostileCorpusTests/writeCorpus` writes the files to DIR.
@Suite struct HostileCorpusTests {
  static let corpus: HostileCorpus = {
    let names = ["child", "existing-user", "family-admin", "new-user", "visitor"]
    let scenarios = names.map { name in
      (name, (try? String(contentsOfFile: "\(scenariosFolder)/\(name).yaml", encoding: .utf8)) ?? "")
    }
    return HostileCorpus(scenarios: scenarios)
  }()

  @Test func theCorpusIsLargeAndVaried() {
    let files = Self.corpus.files
    #expect(files.count >= 1_000)
    #expect(Set(files.map(\.name)).count == files.count, "file names are unique")
    for kind in ["mutant", "utf8", "alias-bomb", "nesting", "huge", "junk", "odd"] {
      #expect(files.contains { $0.name.contains("-\(kind)-") }, "the corpus has \(kind) files")
    }
  }

  @Test func everyHostileFileIsRefusedWithAPositionOrLoads() throws {
    let full = ProcessInfo.processInfo.environment["TRIBEBOARD_HOSTILE_FULL"] == "1"
    let files = Self.corpus.files.enumerated().filter { full || $0.offset % 10 == 0 }.map(\.element)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var refused = 0
    for file in files {
      let url = folder.appendingPathComponent(file.name)
      try Data(file.bytes).write(to: url)
      do {
        _ = try ScenarioLoader.load(contentsOf: url, displayPath: file.name)
        #expect(!file.mustFail, "\(file.name) loaded but must be refused")
      } catch {
        refused += 1
        #expect(!error.diagnostics.isEmpty, "\(file.name): an error without diagnostics")
        for diagnostic in error.diagnostics {
          #expect(
            diagnostic.line >= 1 && diagnostic.column >= 1 && diagnostic.file == file.name,
            "\(file.name): diagnostic without a position: \(diagnostic)")
        }
      }
      try FileManager.default.removeItem(at: url)
    }
    #expect(refused >= files.filter(\.mustFail).count)
  }

  /// Writes the corpus to `TRIBEBOARD_HOSTILE_DIR` (for Tools/hostile-corpus.sh); does nothing without it.
  @Test func writeCorpus() throws {
    guard let folder = ProcessInfo.processInfo.environment["TRIBEBOARD_HOSTILE_DIR"] else { return }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for file in Self.corpus.files {
      try Data(file.bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(file.name))
    }
  }
}
