import Foundation
import TribeBoardCore
import TribeBoardFlow

/// The block's layout: the frame, its title rule, and each kind of content line.
extension TextRenderer {
  func renderBox(_ snapshot: ScreenSnapshot) -> String {
    let width = columns ?? Self.width
    var title = Self.clean(snapshot.title)
    let tag = " \(snapshot.screen.rawValue)"
    if columns != nil, Self.displayWidth(title) > width - tag.count - 7 {
      // A terminal too narrow for the whole title: cut it, so the rule still fits.
      title = DisplayWidth.prefix(title, columns: max(1, width - tag.count - 8)) + "…"
    }
    let heading = "╭─ \(title) "
    let rule = String(repeating: "─", count: max(2, width - Self.displayWidth(heading) - Self.displayWidth(tag)))
    var body = Body()
    if let since = snapshot.staleSince {
      body.append(
        style.apply(
          .warning, "⚠ Not up to date. Showing cached data from \(DateText.full(since, now: since))."))
      body.append("")
    }
    if let notice = snapshot.notice {
      body.append(style.apply(.success, "✓ \(Self.clean(notice))"))
      body.append("")
    }
    for block in snapshot.blocks {
      write(block, into: &body)
    }
    if let error = snapshot.error {
      body.separate()
      body.append(
        style.apply(.error, "✗ \(Self.clean(error.message))") + style.apply(.dim, " (\(error.code.rawValue))"))
      if !snapshot.recoveries.isEmpty {
        body.append("  You can: " + snapshot.recoveries.map { "\($0.label) (\($0.usage))" }.joined(separator: " · "))
      }
    }
    if !snapshot.actions.isEmpty {
      body.separate()
      let labelWidth = snapshot.actions.map { Self.displayWidth($0.label) }.max() ?? 0
      for (index, action) in snapshot.actions.enumerated() {
        let padding = String(repeating: " ", count: labelWidth - Self.displayWidth(action.label) + 2)
        body.append(
          style.apply(.bold, String(index + 1)) + " \(action.label)\(padding)" + style.apply(.dim, action.usage))
      }
    }
    let top = style.apply(.title, heading) + style.apply(.dim, rule + tag)
    let bottom = "╰" + String(repeating: "─", count: width - 1)
    return ([top] + body.lines + [bottom]).joined(separator: "\n")
  }

  /// The block's content lines, each after `│ ` and without the spaces that end it (editors strip them, which
  /// would break golden transcripts); an empty line is `│` alone.
  private struct Body {
    var lines: [String] = []
    /// Whether the last line written was empty (a line of spaces is not, though it is trimmed to `│`).
    private var lastIsBlank = false

    mutating func append(_ line: String) {
      let content = TextRenderer.trimmingTrailingSpaces(line)
      lines.append(content.isEmpty ? "│" : "│ \(content)")
      lastIsBlank = line.isEmpty
    }

    /// A blank line before a new part: never at the top, never two in a row.
    mutating func separate() {
      if !lines.isEmpty && !lastIsBlank { append("") }
    }
  }

  /// The block without its frame: the title and screen id, then the content lines as they are.
  static func unboxed(_ text: String, title: String, snapshot: ScreenSnapshot) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().map { line in
      line.hasPrefix("│ ") ? String(line.dropFirst(2)) : line == "│" ? "" : String(line)
    }
    lines.insert("\(title) (\(snapshot.screen.rawValue))", at: 0)
    return lines.joined(separator: "\n")
  }

  /// Writes `block`'s lines, its texts cleaned of control characters; a section or the pager opens a new part of the
  /// block with a blank line.
  private func write(_ block: Block, into body: inout Body) {
    let clean = Self.clean
    switch block {
    case .paragraph(let text), .hint(let text):
      for line in wrap(clean(text), width: Self.width - 2) { body.append(line) }
    case .field(let label, let value):
      body.append("\(clean(label)): " + style.apply(.bold, clean(value)))
    case .input(let field):
      body.append("\(clean(field.label)): " + style.apply(.bold, clean(field.value ?? "—")))
    case .section(let title):
      body.separate()
      body.append(style.apply(.bold, clean(title)))
    case .item(let item):
      let mark = item.number.map { "#\($0)" } ?? "•"
      let flag = item.flag.map { "  " + style.apply(.warning, "[\(clean($0))]") } ?? ""
      body.append("  \(mark) \(clean(item.text))\(flag)")
    case .empty(let text):
      body.append("  " + style.apply(.dim, clean(text)))
    case .qr(let payload):
      let payload = clean(payload)
      for line in QRPlaceholder.lines(for: payload) { body.append(line) }
      body.append(style.apply(.dim, "QR placeholder, not scannable; it stands for \(payload)"))
    case .pager(let page, let count):
      let dots = (1...count).map { $0 == page ? "●" : "○" }.joined(separator: " ")
      body.separate()
      body.append("\(dots)   page \(page) of \(count)")
    }
  }
}
