import Foundation
import Testing
import TribeBoardScenarios
import TribeBoardTesting

@Suite struct GoldenTranscriptsTests {
  static let scenarios = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

  /// The library's copies are the files `tribeboard check` compares: every one, as it is on disk.
  @Test func everyGoldenOnDiskIsBuiltInAsItIs() throws {
    var onDisk: [String] = []
    for name in BundledScenarios.names {
      let folder = Self.scenarios.appendingPathComponent(name)
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for file in files.sorted() where file.hasSuffix(".transcript") {
        let journey = String(file.dropLast(".transcript".count))
        onDisk.append("\(name)/\(journey)")
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        #expect(GoldenTranscripts.text(scenario: name, journey: journey) == text, "\(name)/\(journey) differs")
      }
    }
    #expect(onDisk.count > 30)
    #expect(GoldenTranscripts.names.map { "\($0.scenario)/\($0.journey)" }.sorted() == onDisk.sorted())
    #expect(GoldenTranscripts.text(scenario: "offline", journey: "no-such-journey") == nil)
  }
}
