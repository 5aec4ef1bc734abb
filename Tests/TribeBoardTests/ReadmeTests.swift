import Foundation
import Testing
import TribeBoardSimulator

@Suite struct ReadmeTests {
  static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")

  @Test func theRolesTableIsTheOutputOfTribeboardRoles() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    #expect(
      text.contains(PermissionTable.markdown()), "README's matrix differs from 'tribeboard roles'; paste its output")
  }

  @Test func theFirstLinesGiveTheTwoCommands() throws {
    let head = try String(contentsOf: Self.readme, encoding: .utf8).split(separator: "\n").prefix(6).joined(
      separator: "\n")
    #expect(head.contains("swift run tribeboard "))
    #expect(head.contains("swift test "))
  }
}
