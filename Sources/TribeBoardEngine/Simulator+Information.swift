import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// What the simulator tells about itself: the prompt, `:where` and `:help`.
extension Simulator {
  // MARK: Information

  /// The prompt: who acts, where, in which family and role.
  public var prompt: String {
    let state = state
    var parts: [String] = []
    if let family = state.family { parts.append(family.name) }
    if let user = state.user {
      parts.append(user.firstName)
    } else {
      parts.append("\(actingUser), signed out")
    }
    if let role = state.role { parts.append(role.displayName.lowercased()) }
    parts.append(state.screen.id.rawValue)
    return "[" + parts.joined(separator: " · ") + "] › "
  }

  func whereText() async -> String {
    let state = state
    let who = state.user.map { "\($0.name) (\($0.id))" } ?? "\(actingUser), not signed in"
    let family =
      state.family.map { "\(state.role?.displayName ?? "member") in \($0.name) (code \($0.code))" } ?? "no family"
    var network = "online"
    if let device = phones[actingUser]?.device {
      let waiting = await device.outbox().changes.count
      network = (device.isOnline ? "online" : "offline") + (waiting > 0 ? ", \(waiting.counted("change")) waiting" : "")
    }
    let faults = environment.backend.armedFaults.map(\.summary)
    let latency = environment.backend.latencies.sorted { $0.key < $1.key }
      .map { "\($0.key) \(DurationText.describe($0.value))" }
    return """
      Scenario: \(scenario.name) — \(scenario.summary)
      Acting as: \(who)
      Family: \(family)
      Screen: \(state.screen.id.rawValue)
      Clock: \(DateText.precise(environment.clock.now())) UTC
      Phone: \(network)
      Faults: \(faults.isEmpty ? "none" : faults.joined(separator: "; "))
      Latency: \(latency.isEmpty ? "none" : latency.joined(separator: ", "))
      """
  }

  func help() -> String {
    let state = state
    let visible = flow.actions(in: state)
    var lines = ["Actions on \(state.screen.id.rawValue) (type the number or the words):"]
    for (index, action) in visible.enumerated() {
      lines.append("  \(index + 1). \(action.usage) — \(action.label)")
    }
    let hidden = flow.actionsNotForRole(in: state)
    if !hidden.isEmpty {
      lines.append("Not for your role: " + hidden.map(\.usage).joined(separator: ", "))
    }
    lines.append("Simulator commands:")
    for control in SimulatorCommandName.allCases {
      lines.append("  \(control.usage)")
      lines.append("      \(control.summary)")
    }
    return lines.joined(separator: "\n")
  }
}
