import Foundation
import TribeBoardCore
import TribeBoardFlow

/// Draws a ``ScreenSnapshot`` as a titled block of text: content, error or notice, then numbered actions.
public struct TextRenderer: Sendable {
  public var style: TextStyle
  /// The width of the block's rules in transcripts and `check`, in characters: fixed, so goldens do not depend on
  /// the terminal.
  public static let width = 64
  /// The terminal's width: the rules fit it and long lines wrap inside the frame. `nil` for the fixed width.
  public var columns: Int?
  /// Whether to draw the frame; without it, the title line and the content as they are.
  public var boxed: Bool

  public init(style: TextStyle, columns: Int? = nil, boxed: Bool = true) {
    self.style = style
    self.columns = columns.map { max(24, $0) }
    self.boxed = boxed
  }

  public func render(_ snapshot: ScreenSnapshot) -> String {
    let text = renderBox(snapshot)
    if !boxed { return Self.unboxed(text, title: style.apply(.title, Self.clean(snapshot.title)), snapshot: snapshot) }
    guard let columns else { return text }
    return Self.wrapped(text, width: columns)
  }

  private func renderBox(_ snapshot: ScreenSnapshot) -> String {
    let width = columns ?? Self.width
    var title = Self.clean(snapshot.title)
    let tag = " \(snapshot.screen.rawValue)"
    if columns != nil, title.count > width - tag.count - 7 {
      // A terminal too narrow for the whole title: cut it, so the rule still fits.
      title = String(title.prefix(max(1, width - tag.count - 8))) + "…"
    }
    let heading = "╭─ \(title) "
    var body = Body()
    body.text += style.apply(.title, heading)
    // "╭─ " and a space around an ASCII title are its characters plus four; the tag is ASCII.
    let headingCount = Self.isPrintableASCII(title) ? title.utf8.count + 4 : heading.count
    body.text += style.apply(.dim, Self.rule(max(2, width - headingCount - Self.characterCount(tag))) + tag)
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
      let labelCounts = snapshot.actions.map { Self.characterCount($0.label) }
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
    return body.string
  }

  /// The block without its frame: the title and screen id, then the content lines as they are.
  static func unboxed(_ text: String, title: String, snapshot: ScreenSnapshot) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().map { line in
      line.hasPrefix("│ ") ? String(line.dropFirst(2)) : line == "│" ? "" : String(line)
    }
    lines.insert("\(title) (\(snapshot.screen.rawValue))", at: 0)
    return lines.joined(separator: "\n")
  }

  /// A message (help, errors, notes: text outside the frame) with every line longer than `width` characters broken
  /// at its last space that fits; a continuation keeps the line's own indent, so help entries stay readable.
  package static func wrappedMessage(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.count > width else { return String(line) }
      let indent = String(repeating: " ", count: min(line.prefix { $0 == " " }.count, width / 2))
      var rest = Substring(line)
      var lines: [Substring] = []
      while rest.count > width {
        let limit = rest.index(rest.startIndex, offsetBy: width)
        let space = rest[rest.index(after: rest.startIndex)...limit].lastIndex(of: " ")
        guard let space, rest[..<space].contains(where: { $0 != " " }) else {
          lines.append(rest[..<limit])
          rest = Substring(indent) + rest[limit...]
          continue
        }
        lines.append(rest[..<space])
        rest = Substring(indent) + rest[rest.index(after: space)...].drop { $0 == " " }
      }
      return (lines + [rest]).joined(separator: "\n")
    }
    .joined(separator: "\n")
  }

  /// `text` with every line longer than `width` visible characters (escape sequences take no room) broken inside
  /// the frame: the rest of a content line continues on a new line after `│   `.
  static func wrapped(_ text: String, width: Int) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 64)
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if index > 0 { result += "\n" }
      var visible = 0
      var inEscape = false
      var lastSpace: String.Index?
      var current = ""
      let framed = line.hasPrefix("│")
      for character in line {
        if character == "\u{1B}" {
          inEscape = true
        } else if inEscape {
          if character.isLetter { inEscape = false }
        } else {
          if visible == width && framed {
            // Break at the last space of the line if there is one, else here.
            if let space = lastSpace {
              let rest = current[current.index(after: space)...]
              current = String(current[..<space])
              result += current + "\n│   "
              current = String(rest)
              visible = 4 + rest.count
            } else {
              result += current + "\n│   "
              current = ""
              visible = 4
            }
            lastSpace = nil
          }
          visible += 1
          if character == " " && visible > 6 { lastSpace = current.endIndex }
        }
        current.append(character)
      }
      result += current
    }
    return result
  }

  /// The block's text as it is written: each content line after a newline and `│ `, without trailing spaces (editors
  /// strip them, which would break golden transcripts). A line is written in place between ``beginLine()`` and
  /// ``endLine()``, which trims it as ``TextRenderer/trimmingTrailingSpaces(_:)`` would.
  private struct Body {
    /// The text so far, as UTF-8 bytes: appending bytes to an array costs a fraction of appending to a `String`, and
    /// a screen is some thirty appends.
    var text = Bytes()
    private var isEmpty = true
    private var lastIsBlank = false
    /// Where the current line's content starts, in UTF-8 bytes.
    private var lineStart = 0

    struct Bytes {
      var utf8: [UInt8] = []

      static func += (bytes: inout Bytes, text: String) {
        var text = text
        text.withUTF8 { bytes.utf8.append(contentsOf: $0) }
      }
    }

    init() {
      text.utf8.reserveCapacity(2048)
    }

    /// The whole text.
    var string: String { String(decoding: text.utf8, as: UTF8.self) }

    mutating func beginLine() {
      text += "\n│ "
      lineStart = text.utf8.count
    }

    mutating func endLine() {
      let utf8 = text.utf8
      let start = lineStart
      isEmpty = false
      lastIsBlank = start == utf8.count
      var end = utf8.count
      while end > start && utf8[end - 1] == 0x20 { end -= 1 }
      if end < utf8.count && end > start && utf8[end - 1] >= 0x80 {
        // A non-ASCII character before the spaces: trim the line by characters, on its own.
        let line = String(decoding: utf8[start...], as: UTF8.self)
        end = start + TextRenderer.trimmingTrailingSpaces(line).utf8.count
      }
      // An empty line is "│" alone, without the space.
      let cut = end == start ? start - 1 : end
      if cut < utf8.count { text.utf8.removeSubrange(cut...) }
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

  // A rule and a blank as wide as the block, made once; shorter ones are cut from them. (A table of every length
  // cost the first screen 0.09 M instructions and 130 allocations, for the dozen it draws.)
  private static let fullRule = String(repeating: "─", count: width)
  private static let bottom = "╰" + rule(width - 1)
  private static let fullBlank = String(repeating: " ", count: width)

  /// The first `count` characters of `full`, each `bytes` bytes of UTF-8 long; `nil` when it is too short.
  private static func prefix(of full: String, count: Int, bytes: Int) -> String? {
    guard count >= 0 && count <= width else { return nil }
    return String(full[..<full.utf8.index(full.startIndex, offsetBy: count * bytes)])
  }

  /// `text.count`, from the UTF-8 count when the text is printable ASCII (then each character is one byte: of ASCII
  /// pairs only CR LF joins into one character).
  static func characterCount(_ text: String) -> Int {
    isPrintableASCII(text) ? text.utf8.count : text.count
  }

  static func isPrintableASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// `count` box-drawing dashes.
  private static func rule(_ count: Int) -> String {
    prefix(of: fullRule, count: count, bytes: 3) ?? String(repeating: "─", count: count)
  }

  /// `count` spaces.
  private static func spaces(_ count: Int) -> String {
    prefix(of: fullBlank, count: count, bytes: 1) ?? String(repeating: " ", count: max(0, count))
  }

  /// `text` with control characters (escape sequences, line breaks) shown as `�`, so no content can break out of
  /// the block, colour the terminal, or forge a `> ` input line in a transcript.
  public static func clean(_ text: String) -> String {
    guard hasControlCharacters(text) else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
  }

  /// Whether `text` holds a control character (general category Cc, U+0000–U+001F and U+007F–U+009F, what
  /// `Validation.containsControlCharacters` looks for), from its UTF-8 bytes alone: a C0 control or DEL is one byte
  /// below 0x20 or 0x7F, a C1 control is 0xC2 then 0x80–0x9F. No scalar's properties are looked up.
  /// With `allowingLineBreaks`, a line break (`\n`) does not count.
  package static func hasControlCharacters(_ text: String, allowingLineBreaks: Bool = false) -> Bool {
    let lineBreak: UInt8 = allowingLineBreaks ? 0x0A : 0xFF
    func scan(_ bytes: some Sequence<UInt8>) -> Bool {
      var previous: UInt8 = 0
      for byte in bytes {
        if (byte < 0x20 && byte != lineBreak) || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return true }
        previous = byte
      }
      return false
    }
    return text.utf8.withContiguousStorageIfAvailable(scan) ?? scan(text.utf8)
  }

  /// `line` without the spaces that end it, as `String(line.reversed().drop { $0 == " " }.reversed())` gives it,
  /// from the UTF-8 bytes. A space is its own character when an ASCII byte (or nothing) comes before the run of
  /// spaces, since no ASCII character joins a following one; otherwise characters decide (a combining mark after a
  /// space, or a prepended mark before it, makes a character that is not a space).
  static func trimmingTrailingSpaces(_ line: String) -> Substring {
    let utf8 = line.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex {
      let before = utf8.index(before: end)
      guard utf8[before] == 0x20 else { break }
      end = before
    }
    guard end == utf8.startIndex || utf8[utf8.index(before: end)] < 0x80 else {
      var characters = line[...]
      while characters.last == " " { characters.removeLast() }
      return characters
    }
    return line[..<end]
  }

  /// Writes `block`'s lines; a section or the pager opens a new part of the block with a blank line.
  private func write(_ block: Block, into body: inout Body) {
    switch block.cleaned {
    case .paragraph(let text):
      for line in wrap(text, width: Self.width - 2) { body.append(line) }
    case .field(let label, let value):
      body.beginLine()
      body.text += label
      body.text += ": "
      body.text += style.apply(.bold, value)
      body.endLine()
    case .section(let title):
      body.separate()
      body.append(style.apply(.bold, title))
    case .item(let ref, let text, let flag):
      body.beginLine()
      body.text += "  "
      if let ref {
        body.text += "#"
        body.text += String(ref)
      } else {
        body.text += "•"
      }
      body.text += " "
      body.text += text
      if let flag {
        body.text += "  "
        body.text += style.apply(.warning, "[\(flag)]")
      }
      body.endLine()
    case .empty(let text):
      body.beginLine()
      body.text += "  "
      body.text += style.apply(.dim, text)
      body.endLine()
    case .qr(let payload):
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

  /// ``wrap(_:width:)`` over bytes, for text of printable ASCII only (one character per byte); `nil` for any other.
  static func wrapPrintableASCII(_ text: String, width: Int) -> [String]? {
    var text = text
    return text.withUTF8 { bytes -> [String]? in
      var lines: [String] = []
      var line: [UInt8] = []
      line.reserveCapacity(width + 1)
      var start = 0
      while start < bytes.count {
        guard bytes[start] != 0x20 else {
          start += 1
          continue
        }
        var end = start
        while end < bytes.count && bytes[end] != 0x20 {
          guard (0x21..<0x7F).contains(bytes[end]) else { return nil }
          end += 1
        }
        if !line.isEmpty && line.count + 1 + (end - start) > width {
          lines.append(String(decoding: line, as: UTF8.self))
          line.removeAll(keepingCapacity: true)
        }
        if !line.isEmpty { line.append(0x20) }
        line.append(contentsOf: bytes[start..<end])
        start = end
      }
      if !line.isEmpty || lines.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
      return lines
    }
  }

  /// Breaks `text` into lines of at most `width` characters, at spaces.
  func wrap(_ text: String, width: Int) -> [String] {
    if let lines = Self.wrapPrintableASCII(text, width: width) { return lines }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " \(word)"
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}

/// A QR-like picture derived from the payload, clearly not a real QR code: it shows where the code goes in a demo.
enum QRPlaceholder {
  static let size = 21

  static func lines(for payload: String) -> [String] {
    // FNV-1a over the payload seeds the pattern, so the same code always draws the same picture.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in payload.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    func dark(_ row: Int, _ column: Int) -> Bool {
      for (top, left) in [(0, 0), (0, size - 7), (size - 7, 0)] {
        let r = row - top
        let c = column - left
        if (0..<7).contains(r) && (0..<7).contains(c) {
          return r == 0 || r == 6 || c == 0 || c == 6 || ((2...4).contains(r) && (2...4).contains(c))
        }
      }
      if (0..<8).contains(row) && (column < 8 || column >= size - 8) || row >= size - 8 && column < 8 {
        return false
      }
      var bits = hash ^ (UInt64(row * size + column) &* 0x9E37_79B9_7F4A_7C15)
      bits ^= bits >> 29
      bits = bits &* 0xBF58_476D_1CE4_E5B9
      return (bits >> 32) & 1 == 1
    }
    return stride(from: 0, to: size, by: 2).map { row in
      String(
        (0..<size).map { column -> Character in
          switch (dark(row, column), row + 1 < size && dark(row + 1, column)) {
          case (true, true): "█"
          case (true, false): "▀"
          case (false, true): "▄"
          case (false, false): " "
          }
        })
    }
  }
}

extension Block {
  /// The block with every text run through ``TextRenderer/clean(_:)``.
  var cleaned: Block {
    let clean = TextRenderer.clean
    switch self {
    case .paragraph(let text): return .paragraph(clean(text))
    case .field(let label, let value): return .field(clean(label), clean(value))
    case .section(let title): return .section(clean(title))
    case .item(let ref, let text, let flag): return .item(ref: ref, text: clean(text), flag: flag.map(clean))
    case .empty(let text): return .empty(clean(text))
    case .qr(let payload): return .qr(payload: clean(payload))
    case .pager: return self
    }
  }
}
