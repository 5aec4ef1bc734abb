import TribeBoardCore
import TribeBoardEngine
import TribeBoardTranscripts

/// The permission matrix as a Markdown table, one row per capability, grouped by module.
public enum PermissionTable {
  public static func markdown() -> String {
    let roles = Role.allCases
    var lines = [
      "| Module | Capability | " + roles.map(\.displayName).joined(separator: " | ") + " |",
      "|---|---|" + roles.map { _ in ":-:|" }.joined(),
    ]
    for module in Module.allCases {
      for capability in Capability.allCases where capability.module == module {
        let marks = roles.map { Permissions.allows($0, capability) ? "✓" : "—" }
        lines.append("| \(module.displayName) | \(capability.summary) | " + marks.joined(separator: " | ") + " |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
