/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji shown as emoji take
/// two, marks and invisible characters none, everything else one (as `wcwidth` counts, per grapheme cluster).
package enum DisplayWidth {
  /// The columns `text` takes (escape sequences are not expected: measure text before styling it).
  package static func of(_ text: some StringProtocol) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// The columns one character (grapheme cluster) takes: 0, 1 or 2.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
    let properties = first.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if properties.isDefaultIgnorableCodePoint && first.value != 0x3164 && first.value != 0xFFA0 { return 0 }
    if isWide(first.value) || properties.isEmojiPresentation { return 2 }
    // A text-style emoji made emoji by VARIATION SELECTOR-16 (❤️), or one joined with others (👩‍👧).
    if properties.isEmoji && scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) { return 2 }
    return 1
  }

  /// Whether `value` is East Asian Wide or Fullwidth (Unicode's EastAsianWidth.txt, W and F, by block).
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1B000...0x1B2FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default: false
    }
  }

  /// The longest start of `text` that takes at most `columns` columns.
  package static func prefix(_ text: String, columns: Int) -> String {
    var width = 0
    var end = text.startIndex
    for index in text.indices {
      let next = width + of(text[index])
      if next > columns { break }
      width = next
      end = text.index(after: index)
    }
    return String(text[..<end])
  }
}
