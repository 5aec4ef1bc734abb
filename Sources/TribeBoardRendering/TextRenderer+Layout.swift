import Foundation
import TribeBoardCore
import TribeBoardFlow

/// The block's layout: the frame, its title rule, and each kind of content line.
extension TextRenderer {
  func renderBox(_ snapshot: ScreenSnapshot) -> String {
    String(decoding: boxBytes(snapshot).utf8, as: UTF8.self)
  }

  /// Appends ``renderBox(_:)``'s UTF-8 to `bytes`: valid by construction, since every piece is a string.
  func renderBox(_ snapshot: ScreenSnapshot, appendingTo bytes: inout [UInt8]) {
    bytes.append(contentsOf: boxBytes(snapshot).utf8)
  }

  /// The block's text: the title rule, the content lines written by a ``FramedLineWriter``, the bottom rule.
  private func boxBytes(_ snapshot: ScreenSnapshot) -> FramedLineWriter.Bytes {
    let width = columns ?? Self.width
    var title = Self.clean(snapshot.title)
    let tag = " \(snapshot.screen.rawValue)"
    if columns != nil, Self.displayWidth(title) > width - tag.count - 7 {
      // A terminal too narrow for the whole title: cut it, so the rule still fits.
      title = DisplayWidth.prefix(title, columns: max(1, width - tag.count - 8)) + "…"
    }
    let heading = "╭─ \(title) "
    var body = FramedLineWriter()
    body.text += style.apply(.title, heading)
    // "╭─ " and a space around an ASCII title are its characters plus four; the tag is ASCII.
    let headingCount = Self.isPrintableASCII(title) ? title.utf8.count + 4 : Self.displayWidth(heading)
    body.text += style.apply(.dim, FramedLineWriter.rule(max(2, width - headingCount - Self.displayWidth(tag))) + tag)
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
      let labelCounts = snapshot.actions.map { Self.displayWidth($0.label) }
      let labelWidth = labelCounts.max() ?? 0
      for (index, action) in snapshot.actions.enumerated() {
        body.beginLine()
        body.text += style.apply(.bold, String(index + 1))
        body.text += " "
        body.text += action.label
        body.text += FramedLineWriter.spaces(labelWidth - labelCounts[index] + 2)
        body.text += style.apply(.dim, action.usage)
        body.endLine()
      }
    }
    body.text += "\n"
    body.text += columns == nil ? FramedLineWriter.bottom : "╰" + FramedLineWriter.rule(width - 1)
    return body.text
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
  private func write(_ block: Block, into body: inout FramedLineWriter) {
    let clean = Self.clean
    switch block {
    case .paragraph(let text), .hint(let text):
      for line in wrap(clean(text), width: Self.width - 2) { body.append(line) }
    case .field(let label, let value):
      writeField(clean(label), clean(value), into: &body)
    case .input(let field):
      writeField(clean(field.label), clean(field.value ?? "—"), into: &body)
    case .section(let title):
      body.separate()
      body.append(style.apply(.bold, clean(title)))
    case .item(let item):
      body.beginLine()
      body.text += "  "
      if let ref = item.number {
        body.text += "#"
        body.text += String(ref)
      } else {
        body.text += "•"
      }
      body.text += " "
      body.text += clean(item.text)
      if let flag = item.flag {
        body.text += "  "
        body.text += style.apply(.warning, "[\(clean(flag))]")
      }
      body.endLine()
    case .empty(let text):
      body.beginLine()
      body.text += "  "
      body.text += style.apply(.dim, clean(text))
      body.endLine()
    case .qr(let payload):
      let payload = clean(payload)
      for line in QRPlaceholder.lines(for: payload) { body.append(line) }
      body.append(style.apply(.dim, "QR placeholder, not scannable; it stands for \(payload)"))
    case .pager(let page, let count):
      // Built by appending: the generic joined(separator:) costs a type lookup at its first use, on the first screen.
      var dots = ""
      for index in 1...count { dots += (index == 1 ? "" : " ") + (index == page ? "●" : "○") }
      body.separate()
      body.append("\(dots)   page \(page) of \(count)")
    }
  }

  private func writeField(_ label: String, _ value: String, into body: inout FramedLineWriter) {
    body.beginLine()
    body.text += label
    body.text += ": "
    body.text += style.apply(.bold, value)
    body.endLine()
  }
}
