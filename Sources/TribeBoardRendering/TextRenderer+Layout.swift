import Foundation
import TribeBoardCore
import TribeBoardFlow

/// The block's layout: the frame, its title rule, and each kind of content line.
extension TextRenderer {
  /// The block's text: the title rule, each content line after `│ `, then the bottom rule.
  func renderBox(_ snapshot: ScreenSnapshot) -> String {
    let width = columns ?? Self.width
    var title = Self.clean(snapshot.title)
    let tag = " \(snapshot.screen.rawValue)"
    if columns != nil, DisplayWidth.of(title) > width - tag.count - 7 {
      // A terminal too narrow for the whole title: cut it, so the rule still fits.
      title = DisplayWidth.prefix(title, columns: max(1, width - tag.count - 8)) + "…"
    }
    // "╭─" takes two columns; the title between its spaces, the rest of the heading.
    let headingWidth = 2 + DisplayWidth.of(" \(title) ")
    var text = style.apply(.title, "╭─ \(title) ")
    text += style.apply(.dim, Self.rule(max(2, width - headingWidth - tag.count)) + tag)
    for line in contentLines(snapshot) {
      // Without trailing spaces (editors strip them, which would break golden transcripts); an empty line is `│`.
      let trimmed = Self.trimmingTrailingSpaces(line)
      text += trimmed.isEmpty ? "\n│" : "\n│ "
      text += trimmed
    }
    text += "\n╰"
    text += Self.rule(width - 1)
    return text
  }

  // A rule as wide as the block, made once; shorter ones are cut from it.
  private static let fullRule = String(repeating: "─", count: width)

  /// `count` box-drawing dashes.
  private static func rule(_ count: Int) -> String {
    // Each dash is three bytes of UTF-8.
    guard count <= width else { return String(repeating: "─", count: count) }
    return String(fullRule.utf8.prefix(3 * count))!
  }

  /// The lines inside the frame: the stale-data warning and the notice, the blocks, the error, then the actions.
  private func contentLines(_ snapshot: ScreenSnapshot) -> [String] {
    var lines: [String] = []
    if let since = snapshot.staleSince {
      lines.append(
        style.apply(.warning, "⚠ Not up to date. Showing cached data from \(DateText.full(since, now: since))."))
      lines.append("")
    }
    if let notice = snapshot.notice {
      lines.append(style.apply(.success, "✓ \(Self.clean(notice))"))
      lines.append("")
    }
    for block in snapshot.blocks {
      write(block, into: &lines)
    }
    if let error = snapshot.error {
      Self.separate(&lines)
      lines.append(
        style.apply(.error, "✗ \(Self.clean(error.message))") + style.apply(.dim, " (\(error.code.rawValue))"))
      if !snapshot.recoveries.isEmpty {
        lines.append("  You can: " + snapshot.recoveries.map { "\($0.label) (\($0.usage))" }.joined(separator: " · "))
      }
    }
    if !snapshot.actions.isEmpty {
      Self.separate(&lines)
      let labelWidths = snapshot.actions.map { DisplayWidth.of($0.label) }
      let labelWidth = labelWidths.max() ?? 0
      for (index, action) in snapshot.actions.enumerated() {
        let padding = String(repeating: " ", count: labelWidth - labelWidths[index] + 2)
        lines.append(
          "\(style.apply(.bold, String(index + 1))) \(action.label)\(padding)\(style.apply(.dim, action.usage))")
      }
    }
    return lines
  }

  /// Adds a blank line before a new part: never at the top, never two in a row.
  private static func separate(_ lines: inout [String]) {
    if let last = lines.last, !last.isEmpty { lines.append("") }
  }

  /// The block without its frame: the title and screen id, then the content lines as they are.
  static func unboxed(_ text: String, title: String, snapshot: ScreenSnapshot) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().map { line in
      line.hasPrefix("│ ") ? String(line.dropFirst(2)) : line == "│" ? "" : String(line)
    }
    lines.insert("\(title) (\(snapshot.screen.rawValue))", at: 0)
    return lines.joined(separator: "\n")
  }

  /// Adds `block`'s lines, its texts cleaned of control characters; a section or the pager opens a new part of the
  /// block with a blank line.
  private func write(_ block: Block, into lines: inout [String]) {
    let clean = Self.clean
    switch block {
    case .paragraph(let text):
      lines += wrap(clean(text), width: Self.width - 2)
    case .field(let label, let value):
      lines.append("\(clean(label)): \(style.apply(.bold, clean(value)))")
    case .input(let field):
      lines.append("\(clean(field.label)): \(style.apply(.bold, clean(field.value ?? "—")))")
    case .section(let title):
      Self.separate(&lines)
      lines.append(style.apply(.bold, clean(title)))
    case .item(let item):
      let marker = item.number.map { "#\($0)" } ?? "•"
      let flag = item.flag.map { "  " + style.apply(.warning, "[\(clean($0))]") } ?? ""
      lines.append("  \(marker) \(clean(item.text))\(flag)")
    case .empty(let text):
      lines.append("  " + style.apply(.dim, clean(text)))
    case .qr(let payload):
      let payload = clean(payload)
      lines += QRPlaceholder.lines(for: payload)
      lines.append(style.apply(.dim, "QR placeholder, not scannable; it stands for \(payload)"))
    case .pager(let page, let count):
      // Built by appending: the generic joined(separator:) costs a type lookup at its first use, on the first screen.
      var dots = ""
      for index in 1...count { dots += (index == 1 ? "" : " ") + (index == page ? "●" : "○") }
      Self.separate(&lines)
      lines.append("\(dots)   page \(page) of \(count)")
    }
  }
}
