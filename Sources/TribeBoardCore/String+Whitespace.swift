extension String {
  /// The text without tabs and spaces (Unicode's space separators) at its ends: the whitespace `CharacterSet` means.
  package var trimmingWhitespaceScalars: String {
    trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
  }

  /// The text without whitespace or line breaks (Unicode's `White_Space`) at its ends.
  package var trimmingWhitespaceAndNewlineScalars: String {
    trimming(\.properties.isWhitespace)
  }

  private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
    let last = scalars.lastIndex { !isTrimmed($0) }!
    return String(scalars[first...last])
  }
}
