/// HTML being written piece by piece, made into one `String` at the end.
///
/// A phone is a few hundred pieces. Appending each to a `String` costs some 350 instructions (the storage's
/// uniqueness, capacity and flags are checked every time); appending its bytes to an array, a third of that. But
/// making a `String` of bytes validates them, and the standard library's validation leaves its ASCII fast path at
/// the first non-ASCII byte, costing ten instructions a byte for the rest of the text. So runs of ASCII pieces (all
/// the markup, most text) are kept as bytes and made into a string in one go, which validates at ASCII speed, and
/// a piece holding anything else is appended to the string as it is, already valid.
struct HTMLText {
  private var text = ""
  /// ASCII bytes written after ``text``.
  private var ascii: [UInt8] = []

  init(capacity: Int) {
    ascii.reserveCapacity(capacity)
  }

  /// Markup written in the code: a literal, whose bytes and ASCII-ness are known without looking.
  struct Markup: ExpressibleByStringLiteral {
    let literal: StaticString
    init(stringLiteral literal: StaticString) { self.literal = literal }
  }

  static func += (html: inout HTMLText, markup: Markup) {
    guard markup.literal.isASCII else { return html.append(markup.literal.description) }
    markup.literal.withUTF8Buffer { html.ascii.append(contentsOf: $0) }
  }

  /// Appends text made at run time (escaped where it needs to be).
  mutating func append(_ piece: String) {
    var piece = piece
    let isASCII = piece.withUTF8 { bytes in
      var high: UInt8 = 0
      for byte in bytes { high |= byte }
      guard high < 0x80 else { return false }
      ascii.append(contentsOf: bytes)
      return true
    }
    guard !isASCII else { return }
    flush()
    text += piece
  }

  /// The number in decimal.
  mutating func append(_ number: Int) {
    append(String(number))
  }

  private mutating func flush() {
    guard !ascii.isEmpty else { return }
    text += String(decoding: ascii, as: UTF8.self)
    ascii.removeAll(keepingCapacity: true)
  }

  /// Everything written.
  var string: String {
    mutating get {
      flush()
      return text
    }
  }
}
