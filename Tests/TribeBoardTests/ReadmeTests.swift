import Foundation
import Testing
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

@Suite struct ReadmeTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let readme = root.appendingPathComponent("README.md")

  /// A document of the reference, by its path from the package's root (`docs/repl.md`).
  static func doc(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theRolesTableIsTheOutputOfTribeboardRoles() throws {
    let text = try Self.doc("docs/flows-and-roles.md")
    #expect(
      text.contains(PermissionTable.markdown()),
      "docs/flows-and-roles.md's matrix differs from 'tribeboard roles'; paste its output")
  }

  @Test func theFirstLinesGiveTheTwoCommands() throws {
    let head = try String(contentsOf: Self.readme, encoding: .utf8).split(separator: "\n").prefix(6).joined(
      separator: "\n")
    #expect(head.contains("swift run tribeboard "))
    #expect(head.contains("swift test "))
  }
}

@Suite struct FlowGraphTests {
  @Test func theDocsEmbedTheCurrentGraph() throws {
    let text = try ReadmeTests.doc("docs/validating.md")
    #expect(
      text.contains("```mermaid\n" + FlowGraph.render(format: .mermaid) + "```"),
      "docs/validating.md's flow graph differs from 'tribeboard graph'; paste its output")
  }

  @Test func everyScreenAppearsAndEveryTargetIsAScreen() {
    let edges = FlowGraph.edges()
    let reached = Set(edges.map(\.to))
    for screen in ScreenID.allCases {
      #expect(reached.contains(screen.rawValue), "no transition leads to \(screen)")
    }
  }

  @Test func aRoleSeesOnlyWhatItMayReach() {
    let visitor = FlowGraph.render(role: .visitor, format: .mermaid)
    for absent in ["addEvent", "addTask", "familyManagement", "Claim a pickup", "Send a message"] {
      #expect(!visitor.contains(absent), "\(absent)")
    }
    #expect(visitor.contains("calendar"))
    let admin = FlowGraph.render(role: .parentAdmin, format: .mermaid)
    #expect(admin.contains("familyManagement"))
    #expect(!admin.contains("(manage members"), "a role's graph shows no permission labels")
  }

  static let dot = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// CI installs Graphviz; elsewhere this runs when `dot` is installed.
  @Test(.enabled(if: dot != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func graphvizRendersTheDotWithoutWarnings() throws {
    let dot = try #require(Self.dot, "Graphviz 'dot' is not installed")
    for role in [nil] + Role.allCases.map(Optional.some) {
      let result = try ChildProcess.run(
        dot, ["-Tsvg", "-o", "/dev/null"], input: FlowGraph.render(role: role, format: .dot), timeout: 30)
      #expect(result.status == 0)
      #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
  }
}

@Suite struct ReadmeScenarioExampleTests {
  /// The first YAML block under the "Scenario file reference" heading of `docs/scenario-format.md`.
  static func example() throws -> String {
    let text = try ReadmeTests.doc("docs/scenario-format.md")
    let section = try #require(text.range(of: "## Scenario file reference"))
    let rest = text[section.upperBound...]
    let open = try #require(rest.range(of: "```yaml\n"))
    let close = try #require(rest[open.upperBound...].range(of: "```"))
    return String(rest[open.upperBound..<close.lowerBound])
  }

  @Test func theReferenceExampleLoadsAndItsJourneysPass() async throws {
    let scenario = try ScenarioLoader.parse(try Self.example(), source: "docs/scenario-format.md")
    #expect(!scenario.journeys.isEmpty)
    for journey in scenario.journeys {
      let run = await Transcript.run(scenario, inputs: journey.steps)
      #expect(run.failures.isEmpty, "the reference's example journey \(journey.name): \(run.failures)")
    }
  }
}
