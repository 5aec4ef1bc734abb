extension String {
  /// The words of the text (split at whitespace characters) joined by single spaces: what
  /// `split(whereSeparator: \.isWhitespace).joined(separator: " ")` gives, without building the words when the text
  /// is printable ASCII already in that form (most input is), and without the generic `joined`.
  public var collapsingWhitespace: String {
    if isCollapsedPrintableASCII { return self }
    var result = ""
    for word in split(whereSeparator: \.isWhitespace) {
      if !result.isEmpty { result += " " }
      result += String(word)
    }
    return result
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

extension [String] {
  /// The strings with `separator` between them, as `joined(separator:)` gives them, without the generic code's
  /// run-time conformance lookup on the start-up path (`Benchmarks/README.md`, *Shortcuts*).
  public func concatenated(separator: String) -> String {
    var result = ""
    for (index, string) in enumerated() {
      if index > 0 { result += separator }
      result += string
    }
    return result
  }
}
