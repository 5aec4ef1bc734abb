extension String {
  /// The words of the text (split at whitespace) joined by single spaces; printable ASCII already so comes back as is.
  public var collapsingWhitespace: String {
    isCollapsedPrintableASCII ? self : split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Whether the text is printable ASCII (0x20–0x7E: one character a byte, and a space the only whitespace), with no
  /// space at either end and no two in a row.
  private var isCollapsedPrintableASCII: Bool {
    var previous: UInt8 = 0x20
    for byte in utf8 {
      guard byte >= 0x20 && byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
      previous = byte
    }
    return previous != 0x20
  }
}
