import Foundation
import Testing
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// `tribeboard schema`: the committed copy is current, every bundled scenario points to it, and a real validator
/// (check-jsonschema, from PyPI) accepts the bundled scenarios and rejects the broken fixtures.
@Suite struct ScenarioSchemaTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let committed = root.appendingPathComponent("Scenarios/\(ScenarioSchema.fileName)")
  static let brokenFolder = root.appendingPathComponent("Tests/Fixtures/schema-broken")

  static var brokenFixtures: [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: brokenFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { brokenFolder.appendingPathComponent($0) }
  }

  @Test func theCommittedSchemaIsCurrent() throws {
    let text = try String(contentsOf: Self.committed, encoding: .utf8)
    #expect(
      text == ScenarioSchema.text,
      "Scenarios/\(ScenarioSchema.fileName) is out of date: run 'swift run tribeboard schema > Scenarios/\(ScenarioSchema.fileName)'"
    )
  }

  @Test func theSchemaIsJSONThatNamesEveryTopLevelKey() throws {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(ScenarioSchema.text.utf8)) as? [String: Any])
    let properties = try #require(object["properties"] as? [String: Any])
    #expect(
      Set(properties.keys)
        == [
          "name", "summary", "now", "seed", "device", "accounts", "families", "faults", "latency", "auth", "journeys",
          "phones",
        ])
    #expect(object["required"] as? [String] == ["summary", "now", "device", "accounts"])
    #expect(object["additionalProperties"] as? Bool == false)
  }

  @Test func everyKeyTheReaderKnowsHasAValueType() {
    #expect(
      ScenarioSchema.untypedKeys.isEmpty,
      "give these keys a value type in ScenarioSchema.valueSchema(of:in:): \(ScenarioSchema.untypedKeys)")
  }

  @Test func everyBundledScenarioHasTheModeline() throws {
    for name in BundledScenarios.names {
      let text = try #require(BundledScenarios.text(named: name))
      #expect(text.hasPrefix(ScenarioSchema.modeline + "\n"), "Scenarios/\(name).yaml does not start with the modeline")
    }
  }

  @Test func theLoaderRefusesEveryBrokenFixtureToo() throws {
    let fixtures = Self.brokenFixtures
    #expect(fixtures.count >= 5)
    for fixture in fixtures {
      #expect(throws: ScenarioError.self, "\(fixture.lastPathComponent) loads") {
        try ScenarioLoader.load(contentsOf: fixture)
      }
    }
  }

  static let checkJSONSchema: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin"
    return path.split(separator: ":").map { "\($0)/check-jsonschema" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// CI installs check-jsonschema; elsewhere this runs when it is installed.
  @Test(.enabled(if: checkJSONSchema != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func checkJSONSchemaAcceptsTheBundledScenariosAndRejectsTheBroken() throws {
    let validator = try #require(
      Self.checkJSONSchema, "check-jsonschema is not installed (pip install check-jsonschema)")
    let schema = Self.committed.path
    let meta = try ChildProcess.run(validator, ["--check-metaschema", schema], timeout: 120)
    #expect(meta.status == 0, "\(meta.stdout)\(meta.stderr)")
    let bundled = BundledScenarios.names.map { Self.root.appendingPathComponent("Scenarios/\($0).yaml").path }
    let accepted = try ChildProcess.run(validator, ["--schemafile", schema] + bundled, timeout: 120)
    #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
    for fixture in Self.brokenFixtures {
      let rejected = try ChildProcess.run(validator, ["--schemafile", schema, fixture.path], timeout: 120)
      #expect(rejected.status == 1, "\(fixture.lastPathComponent): \(rejected.stdout)\(rejected.stderr)")
      #expect(rejected.stdout.contains("Schema validation errors"), "\(rejected.stdout)\(rejected.stderr)")
    }
  }

  /// A world saved with `:save` (phones, their screens and waiting changes, lifetimes) is a scenario the schema
  /// accepts too.
  @Test(.enabled(if: checkJSONSchema != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func checkJSONSchemaAcceptsSavedWorlds() async throws {
    let validator = try #require(
      Self.checkJSONSchema, "check-jsonschema is not installed (pip install check-jsonschema)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-saved-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for name in ["offline", "family-admin", "errors", "sync-conflict", "session-expiry"] {
      let scenario = try BundledScenarios.scenario(named: name)
      for journey in scenario.journeys {
        let simulator = Simulator(scenario: scenario)
        _ = await simulator.start()
        for step in journey.steps { _ = await simulator.handle(step) }
        let file = folder.appendingPathComponent("\(name)-\(journey.name).yaml")
        try ScenarioWriter.yaml(await simulator.savedScenario()).write(to: file, atomically: true, encoding: .utf8)
        files.append(file.path)
      }
    }
    let result = try ChildProcess.run(validator, ["--schemafile", Self.committed.path] + files, timeout: 120)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }
}
