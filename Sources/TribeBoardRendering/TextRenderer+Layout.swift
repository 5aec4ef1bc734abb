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

  private func boxBytes(_ snapshot: ScreenSnapshot) -> Body.Bytes {
    let width = columns ?? Self.width
    var title = Self.clean(snapshot.title)
    let tag = " \(snapshot.screen.rawValue)"
    if columns != nil, Self.displayWidth(title) > width - tag.count - 7 {
      // A terminal too narrow for the whole title: cut it, so the rule still fits.
      title = DisplayWidth.prefix(title, columns: max(1, width - tag.count - 8)) + "…"
    }
    let heading = "╭─ \(title) "
    var body = Body()
    body.text += style.apply(.title, heading)
    // "╭─ " and a space around an ASCII title are its characters plus four; the tag is ASCII.
    let headingCount = Self.isPrintableASCII(title) ? title.utf8.count + 4 : Self.displayWidth(heading)
    body.text += style.apply(.dim, Self.rule(max(2, width - headingCount - Self.displayWidth(tag))) + tag)
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
        body.text += Self.spaces(labelWidth - labelCounts[index] + 2)
        body.text += style.apply(.dim, action.usage)
        body.endLine()
      }
    }
    body.text += "\n"
    body.text += columns == nil ? Self.bottom : "╰" + Self.rule(width - 1)
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

  /// The block's text as it is written: each content line after a newline and `│ `, without trailing spaces (editors
  /// strip them, which would break golden transcripts). A line is written in place between ``beginLine()`` and
  /// ``endLine()``, which trims it as ``TextRenderer/trimmingTrailingSpaces(_:)`` would.
  private struct Body {
    /// The text so far, as UTF-8 bytes.
    var text = Bytes()
    private var isEmpty = true
    private var lastIsBlank = false
    /// Where the current line's content starts, in UTF-8 bytes.
    private var lineStart = 0

    /// UTF-8 bytes that strings are appended to.
    struct Bytes {
      private(set) var utf8: [UInt8] = []

      init() {
        utf8.reserveCapacity(2048)
      }

      var count: Int { utf8.count }

      subscript(index: Int) -> UInt8 { utf8[index] }

      static func += (bytes: inout Bytes, text: String) {
        bytes.utf8.append(contentsOf: text.utf8)
      }

      /// Forgets the bytes from `index` on.
      mutating func cut(at index: Int) {
        if index < utf8.count { utf8.removeSubrange(index...) }
      }
    }

    mutating func beginLine() {
      text += "\n│ "
      lineStart = text.count
    }

    mutating func endLine() {
      let start = lineStart
      let count = text.count
      isEmpty = false
      lastIsBlank = start == count
      var end = count
      while end > start && text[end - 1] == 0x20 { end -= 1 }
      if end < count && end > start && text[end - 1] >= 0x80 {
        // A non-ASCII character before the spaces: trim the line by characters, on its own.
        let line = String(decoding: text.utf8[start...], as: UTF8.self)
        end = start + TextRenderer.trimmingTrailingSpaces(line).utf8.count
      }
      // An empty line is "│" alone, without the space.
      text.cut(at: end == start ? start - 1 : end)
    }

    mutating func append(_ line: String) {
      beginLine()
      text += line
      endLine()
    }

    /// A blank line before a new part: never at the top, never two in a row.
    mutating func separate() {
      if !isEmpty && !lastIsBlank { append("") }
    }
  }

  // A rule and a blank as wide as the block, made once; shorter ones are cut from them.
  private static let fullRule = String(repeating: "─", count: width)
  private static let bottom = "╰" + rule(width - 1)
  private static let fullBlank = String(repeating: " ", count: width)

  /// The first `count` characters of `full`, each `bytes` bytes of UTF-8 long; `nil` when it is too short.
  private static func prefix(of full: String, count: Int, bytes: Int) -> String? {
    guard count >= 0 && count <= width else { return nil }
    return String(full[..<full.utf8.index(full.startIndex, offsetBy: count * bytes)])
  }

  /// `count` box-drawing dashes.
  private static func rule(_ count: Int) -> String {
    prefix(of: fullRule, count: count, bytes: 3) ?? String(repeating: "─", count: count)
  }

  /// `count` spaces.
  private static func spaces(_ count: Int) -> String {
    prefix(of: fullBlank, count: count, bytes: 1) ?? String(repeating: " ", count: max(0, count))
  }

  /// Writes `block`'s lines, its texts cleaned of control characters; a section or the pager opens a new part of the
  /// block with a blank line.
  private func write(_ block: Block, into body: inout Body) {
    let clean = Self.clean
    switch block {
    case .paragraph(let text):
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

  private func writeField(_ label: String, _ value: String, into body: inout Body) {
    body.beginLine()
    body.text += label
    body.text += ": "
    body.text += style.apply(.bold, value)
    body.endLine()
  }
}
