import ArgumentParser
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Tribeboard {
  struct Lint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "lint",
      abstract: "Find what is probably wrong in scenarios that load: refused journey inputs, unused accounts…",
      discussion: """
        Loads each scenario (a loader error is printed as it is), then replays its journeys and warns, at the \
        file:line:column of what it is about, of: journey inputs the app or the simulator refused at their step, \
        with the closest action (an input followed by an expect of an error, or one close to no action \
        followed by an expect of the screen it stayed on, is taken as meant); faults nothing \
        can trigger (an operation never called for their accounts, a time the clock never reaches, a later fault \
        that always wins, or, in a scenario with journeys, no journey making a matching call); accounts never \
        used; and roles that never reach the dashboard (a visitor whose access ended before the start, a member \
        journeys act as whose phone never shows it).

        Exit codes: 0 nothing found, 1 warnings, 65 a scenario could not be loaded, 64 bad usage.
        """)

    @Argument(
      help: ArgumentHelp(
        "Scenario files, folders of them, or built-in scenario names (default: ./Scenarios, else every built-in).",
        valueName: "path"))
    var paths: [String] = []

    func run() async throws {
      var names: [String] = []
      for path in paths.isEmpty ? defaultPaths() : paths {
        names += try scenarios(in: path)
      }
      var warnings = 0
      var unloadable = 0
      for name in names {
        let loaded: (scenario: Scenario, sourceMap: ScenarioSourceMap)
        do {
          loaded = try ScenarioCatalog.resolveWithSourceMap(name)
        } catch {
          unloadable += 1
          try emit(error.description)
          continue
        }
        let findings = await ScenarioLint(scenario: loaded.scenario, sourceMap: loaded.sourceMap).run()
        warnings += findings.count
        for finding in findings { try emit(finding.description) }
      }
      let files = "\(names.count) scenario\(names.count == 1 ? "" : "s")"
      var summary = warnings == 0 ? "\(files): no warnings" : "\(files): \(warnings) warning\(warnings == 1 ? "" : "s")"
      if unloadable > 0 { summary += ", \(unloadable) could not be loaded" }
      try emit(summary)
      if unloadable > 0 { throw badScenarioExit }
      if warnings > 0 { throw ExitCode.failure }
    }

    private func defaultPaths() -> [String] {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: "Scenarios", isDirectory: &isDirectory), isDirectory.boolValue {
        return ["Scenarios"]
      }
      return BundledScenarios.names
    }

    /// The scenarios `path` names: the `.yaml` files of a folder (sorted), or the file or built-in name itself.
    private func scenarios(in path: String) throws -> [String] {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        return [path]
      }
      let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      let scenarios = files.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
      guard !scenarios.isEmpty else {
        throw usageError("There are no .yaml scenario files in '\(path)'; give scenario files or folders of them.")
      }
      let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
      return scenarios.map { "\(folder)/\($0)" }
    }
  }

  struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "schema",
      abstract: "Print the JSON Schema of scenario files.",
      discussion: """
        Made from the scenario reader's own key lists, so it always matches what the loader accepts in shape \
        (the loader still checks references between values, such as a member's account). The package commits \
        it as Scenarios/\(ScenarioSchema.fileName), and each bundled scenario starts with the modeline \
        '\(ScenarioSchema.modeline)', so editors using yaml-language-server complete and check keys. \
        Validate a scenario with, for example: check-jsonschema --schemafile Scenarios/\(ScenarioSchema.fileName) \
        my-scenario.yaml
        """)

    func run() throws {
      try emit(ScenarioSchema.text, terminator: "")
    }
  }
}
