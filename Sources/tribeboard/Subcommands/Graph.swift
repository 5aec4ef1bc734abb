import ArgumentParser
import TribeBoardCore
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Role: ExpressibleByArgument {}
extension FlowGraph.Format: ExpressibleByArgument {}

extension Tribeboard {
  struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "graph",
      abstract: "Print the app's screens and transitions, drawn from the flow table.",
      discussion: """
        Edges are the actions that move between screens, with their guards in brackets and the permission they
        need in parentheses. With --role, only the screens and actions that role may reach.

        Render DOT with Graphviz: tribeboard graph --format dot | dot -Tsvg > flow.svg
        """)

    @Option(help: "Only what this role may reach: \(Role.allCases.map(\.rawValue).joined(separator: ", ")).")
    var role: Role?

    @Option(help: "mermaid (GitHub renders it) or dot (Graphviz).")
    var format: FlowGraph.Format = .mermaid

    func run() throws {
      try emit(FlowGraph.render(role: role, format: format), terminator: "")
    }
  }
}
