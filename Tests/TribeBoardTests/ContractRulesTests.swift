import Foundation
import Testing
import TribeBoardCore

/// `Tests/API/rules.json`, the contract suite's oracle (`Tests/API/contract.py`), is Core's rules written out: the
/// permission matrix and the input rules' bounds. A suite run against another team's server can't link Core, so it
/// reads them from this file, and this test keeps the file what Core says.
@Suite struct ContractRulesTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "API/rules.json")

  /// The rules as the suite reads them, with sorted keys, one line a role or a bound.
  static func rules() -> String {
    let roles = Role.allCases.map { role in
      let allowed = Capability.allCases.filter { Permissions.allows(role, $0) }.map { #""\#($0.rawValue)""# }
      return #"    "\#(role.rawValue)": [\#(allowed.joined(separator: ", "))]"#
    }
    let texts = [
      ("title", Validation.TextField.title), ("place", .place), ("message", .message), ("notice", .notice),
    ].map { #"    "\#($0.0)": \#($0.1.maxLength)"# }
    return """
      {
        "permissions": {
      \(roles.joined(separator: ",\n"))
        },
        "maxLength": {
      \(texts.joined(separator: ",\n"))
        },
        "familyName": [\(Validation.familyNameLength.lowerBound), \(Validation.familyNameLength.upperBound)],
        "maximumPoints": \(Validation.maximumPoints),
        "visitorAccessSeconds": \(Int(RoleRules.visitorAccess))
      }

      """
  }

  @Test func theSuitesOracleIsCoresRules() throws {
    let expected = Self.rules()
    if ProcessInfo.processInfo.environment["TRIBEBOARD_UPDATE_RULES"] == "1" {
      try expected.write(to: Self.file, atomically: true, encoding: .utf8)
    }
    let written = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(
      written == expected,
      "Tests/API/rules.json is not Core's rules: TRIBEBOARD_UPDATE_RULES=1 swift test --filter ContractRulesTests")
    // Every role, and what each may do, as the matrix has it.
    let parsed = try #require(JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
    let permissions = try #require(parsed["permissions"] as? [String: [String]])
    for role in Role.allCases {
      #expect(Set(permissions[role.rawValue] ?? []) == Set(Permissions.matrix[role, default: []].map(\.rawValue)))
    }
  }
}
