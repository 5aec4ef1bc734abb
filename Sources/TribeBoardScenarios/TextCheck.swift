/// What the scalar readers check in a text: blank, holding a line break, holding a control character. Texts of
/// ASCII alone (almost all of a scenario) are checked byte by byte; others character by character.
struct TextCheck {
  /// Empty, or only whitespace.
  var isBlank: Bool
  /// Holds a line break (`\n`, `\r`, vertical tab, form feed, NEL, U+2028, U+2029).
  var hasNewline: Bool
  /// The first control character other than `\n`, if any.
  var control: Unicode.Scalar?

  init(_ text: String) {
    var isASCII = true
    var isBlank = true
    var hasNewline = false
    var control: UInt8?
    for byte in text.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
      if !isSpace { isBlank = false }
      if (0x0A...0x0D).contains(byte) { hasNewline = true }
      if control == nil, byte < 0x20 && byte != 0x0A || byte == 0x7F { control = byte }
    }
    if isASCII {
      self.isBlank = isBlank
      self.hasNewline = hasNewline
      self.control = control.map { Unicode.Scalar($0) }
    } else {
      self.isBlank = text.allSatisfy(\.isWhitespace)
      self.hasNewline = text.contains(where: \.isNewline)
      self.control = text.unicodeScalars.first { $0.properties.generalCategory == .control && $0 != "\n" }
    }
  }
}
