import Foundation

extension String {
  /// The text without the whitespace `CharacterSet.whitespaces` holds at its ends (tab and the space separators):
  /// what `trimmingCharacters(in: .whitespaces)` gives, scalar by scalar.
  package var trimmingWhitespaceScalars: String { trimming(Self.isWhitespace) }

  /// The text without whitespace or line breaks at its ends: what `trimmingCharacters(in: .whitespacesAndNewlines)`
  /// gives, scalar by scalar.
  package var trimmingWhitespaceAndNewlineScalars: String {
    trimming { Self.isWhitespace($0) || Self.isNewline($0) }
  }

  private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
    let last = scalars.lastIndex { !isTrimmed($0) }!
    return String(scalars[first...last])
  }

  /// Whether `CharacterSet.newlines` holds `scalar` (a test checks every scalar against it).
  package static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether `CharacterSet.whitespaces` holds `scalar` (a test checks every scalar against it).
  package static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
    case 0x200B: zeroWidthSpaceIsWhitespace
    default: false
    }
  }

  /// Foundation on Linux counts U+200B ZERO WIDTH SPACE as whitespace (it was a space separator in old Unicode
  /// versions); Apple's Foundation does not.
  private static let zeroWidthSpaceIsWhitespace = CharacterSet.whitespaces.contains("\u{200B}")
}
