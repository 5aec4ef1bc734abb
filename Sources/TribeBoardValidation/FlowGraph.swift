import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardTranscripts

/// The app's screens and transitions, drawn from the flow table: Mermaid for the README (GitHub renders it) and
/// DOT for Graphviz. With a role, only what that role may reach, by the permission matrix.
public enum FlowGraph {
  public enum Format: String, CaseIterable, Sendable {
    case mermaid, dot
  }

  /// One arrow: from a screen to a screen, with the actions that take it and their guards.
  public struct Edge: Equatable, Sendable {
    public var from: String
    public var to: String
    public var labels: [String]
  }

  /// Where the app starts: a cold launch leads to these screens.
  static let launchTargets: [ScreenID] = [.onboarding, .signIn, .preparing, .familySetup, .dashboard]

  /// The screens `role` may be on (every screen without a role), in the table's order.
  public static func screens(_ table: FlowTable = .app, role: Role? = nil) -> [ScreenID] {
    ScreenID.allCases.filter { id in
      guard let spec = table.screens[id] else { return false }
      return allowed(spec.requires, for: role)
    }
  }

  /// Every transition `role` may take, one edge per pair of screens, in the table's order.
  public static func edges(_ table: FlowTable = .app, role: Role? = nil) -> [Edge] {
    let shown = Set(screens(table, role: role))
    var edges = launchTargets.filter(shown.contains).map { Edge(from: "launch", to: $0.rawValue, labels: []) }
    for id in ScreenID.allCases where shown.contains(id) {
      guard let spec = table.screens[id] else { continue }
      for action in spec.actions where allowed(action.requires, for: role) {
        var label = action.label
        if let condition = action.condition { label += " [\(condition.summary)]" }
        if role == nil, let capability = action.requires { label += " (\(capability.summary))" }
        if !action.listed { label += " (unlisted)" }
        for target in action.targets where shown.contains(target) {
          if let index = edges.firstIndex(where: { $0.from == id.rawValue && $0.to == target.rawValue }) {
            edges[index].labels.append(label)
          } else {
            edges.append(Edge(from: id.rawValue, to: target.rawValue, labels: [label]))
          }
        }
      }
    }
    return edges
  }

  /// The graph as text in `format`.
  public static func render(_ table: FlowTable = .app, role: Role? = nil, format: Format) -> String {
    let edges = edges(table, role: role)
    switch format {
    case .mermaid:
      var lines = ["flowchart TD", "  launch((Launch))"]
      for edge in edges {
        let label = edge.labels.isEmpty ? "" : "|\"\(mermaidEscaped(edge.labels.joined(separator: " · ")))\"|"
        lines.append("  \(edge.from) -->\(label) \(edge.to)")
      }
      return lines.joined(separator: "\n") + "\n"
    case .dot:
      var lines = [
        "digraph TribeBoard {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];",
        "  edge [fontname=\"Helvetica\", fontsize=10];", "  launch [shape=circle, label=\"Launch\"];",
      ]
      for screen in screens(table, role: role) { lines.append("  \(screen.rawValue);") }
      for edge in edges {
        let label = edge.labels.isEmpty ? "" : " [label=\"\(dotEscaped(edge.labels.joined(separator: "\n")))\"]"
        lines.append("  \(edge.from) -> \(edge.to)\(label);")
      }
      lines.append("}")
      return lines.joined(separator: "\n") + "\n"
    }
  }

  private static func allowed(_ capability: Capability?, for role: Role?) -> Bool {
    guard let role, let capability else { return true }
    return Permissions.allows(role, capability)
  }

  private static func mermaidEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "#quot;")
  }

  private static func dotEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }
}
