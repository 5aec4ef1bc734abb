import Testing
import TribeBoardCore

@testable import TribeBoardFlow
@testable import TribeBoardRendering

/// The text renderer's frame and lines, on screens made for the purpose.
@Suite struct TextRendererTests {
  static func snapshot(_ title: String, _ blocks: [Block], actions: [(String, String)] = []) -> ScreenSnapshot {
    var snapshot = ScreenSnapshot(AppState(), flow: Flow())
    snapshot.screen = .tasks
    snapshot.title = title
    snapshot.blocks = blocks
    snapshot.actions = actions.map { .init(key: "k", label: $0.0, usage: $0.1) }
    snapshot.notice = nil
    snapshot.error = nil
    snapshot.staleSince = nil
    return snapshot
  }

  static func rule(_ count: Int) -> String { String(repeating: "─", count: count) }

  /// The snapshot rendered in plain text, a line each, so a failure names the lines that differ.
  static func lines(_ snapshot: ScreenSnapshot) -> [String] {
    TextRenderer(style: .plain).render(snapshot).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
  }

  @Test func linesLoseTrailingSpacesAndAPartOpensWithOneBlankLine() {
    let snapshot = Self.snapshot(
      "Tasks",
      [
        .field("Note", ""), .empty(""), .section("Due"), .item(Item(number: 3, text: "Buy milk  ", flag: "OVERDUE")),
        .item(Item(text: "e\u{301}  ")), .item(Item(text: "x\u{0600} ")), .paragraph(""), .section("Later"),
      ],
      actions: [("open", "open <n>")])
    let expected = [
      "╭─ Tasks " + Self.rule(49) + " tasks",
      "│ Note:",
      "│",  // two spaces, trimmed
      "│",  // the section's blank line: the line before it was not empty before trimming
      "│ Due",
      "│   #3 Buy milk    [OVERDUE]",
      "│   • e\u{301}",
      "│   • x\u{0600} ",  // the space joins U+0600 (a prefix) in one character: no trailing space to trim
      "│",  // an empty paragraph
      "│ Later",  // no second blank line
      "│",
      "│ 1 open  open <n>",
      "╰" + Self.rule(63),
    ]
    #expect(Self.lines(snapshot) == expected)
  }

  @Test func theTitleRuleAndTheActionsCountTerminalColumns() {
    let snapshot = Self.snapshot(
      "日本 e\u{301}", [.section("x")], actions: [("日本", "a"), ("ab", "b"), ("e\u{301}", "c")])
    let expected = [
      "╭─ 日本 e\u{301} " + Self.rule(48) + " tasks",  // the title takes 6 columns
      "│ x",
      "│",
      "│ 1 日本  a",
      "│ 2 ab    b",
      "│ 3 e\u{301}     c",
      "╰" + Self.rule(63),
    ]
    #expect(Self.lines(snapshot) == expected)
  }

  @Test func controlCharactersAreShownAsReplacementCharacters() {
    let snapshot = Self.snapshot(
      "a\u{1B}[31m", [.field("x\ny", "\r"), .item(Item(text: "t\u{85}", flag: "\u{7F}")), .empty("\t")])
    let expected = [
      "╭─ a\u{FFFD}[31m " + Self.rule(48) + " tasks",
      "│ x\u{FFFD}y: \u{FFFD}",
      "│   • t\u{FFFD}  [\u{FFFD}]",
      "│   \u{FFFD}",
      "╰" + Self.rule(63),
    ]
    #expect(Self.lines(snapshot) == expected)
  }
}
