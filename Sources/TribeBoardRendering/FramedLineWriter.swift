/// The text renderer's block as UTF-8 bytes, each content line written in place after `│ ` and trimmed as it ends.
struct FramedLineWriter {
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
      // Through `withUTF8`, which gives even a short string's bytes at once; its `utf8` view is read byte by byte.
      var text = text
      text.withUTF8 { bytes.utf8.append(contentsOf: $0) }
    }

    /// Forgets the bytes from `index` on.
    mutating func cut(at index: Int) {
      if index < utf8.count { utf8.removeSubrange(index...) }
    }
  }

  /// Starts a content line: a newline and `│ `.
  mutating func beginLine() {
    text += "\n│ "
    lineStart = text.count
  }

  /// Ends the content line: without trailing spaces (editors strip them, which would break golden transcripts), as
  /// ``TextRenderer/trimmingTrailingSpaces(_:)`` trims them; an empty line is `│` alone.
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

  /// Writes `line` as a content line.
  mutating func append(_ line: String) {
    beginLine()
    text += line
    endLine()
  }

  /// A blank line before a new part: never at the top, never two in a row.
  mutating func separate() {
    if !isEmpty && !lastIsBlank { append("") }
  }

  // A rule and a blank as wide as the block, made once; shorter ones are cut from them.
  private static let fullRule = String(repeating: "─", count: TextRenderer.width)
  private static let fullBlank = String(repeating: " ", count: TextRenderer.width)
  /// The bottom rule at the fixed width.
  static let bottom = "╰" + rule(TextRenderer.width - 1)

  /// The first `count` characters of `full`, each `bytes` bytes of UTF-8 long; `nil` when it is too short.
  private static func prefix(of full: String, count: Int, bytes: Int) -> String? {
    guard count >= 0 && count <= TextRenderer.width else { return nil }
    return String(full[..<full.utf8.index(full.startIndex, offsetBy: count * bytes)])
  }

  /// `count` box-drawing dashes.
  static func rule(_ count: Int) -> String {
    prefix(of: fullRule, count: count, bytes: 3) ?? String(repeating: "─", count: count)
  }

  /// `count` spaces.
  static func spaces(_ count: Int) -> String {
    prefix(of: fullBlank, count: count, bytes: 1) ?? String(repeating: " ", count: max(0, count))
  }
}
