import Foundation
import TribeBoardCore
import TribeBoardFlow

/// Cleaning text for the terminal: control characters shown as `�`, trailing spaces trimmed.
extension TextRenderer {
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
  ///
  /// Eight bytes at a time: a word with no byte below 0x20, no 0x7F and no 0xC2 holds none (most words of most
  /// texts); only a word with one is looked at byte by byte. Every screen's every text is checked.
  package static func hasControlCharacters(_ text: String) -> Bool {
    func isControl(_ byte: UInt8, after previous: UInt8) -> Bool {
      byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0)
    }
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      /// Whether a byte of `word` is zero.
      func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
      var index = 0
      var previous: UInt8 = 0
      if let base = bytes.baseAddress {
        while index + 8 <= bytes.count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          // A byte below 0x20 (and below 0x80), a DEL, or the first byte of a C1 control's encoding.
          let suspect =
            (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* 0x7F))
            || hasZero(word ^ (ones &* 0xC2))
          if suspect {
            for offset in 0..<8 {
              let byte = bytes[index + offset]
              if isControl(byte, after: previous) { return true }
              previous = byte
            }
          } else {
            // A C1 control split across words: the last word ended with 0xC2 and this one starts with 0x80–0x9F.
            if previous == 0xC2 && bytes[index] < 0xA0 { return true }
            previous = 0  // the word's last byte, as far as C1 controls go: it is not 0xC2
          }
          index += 8
        }
      }
      while index < bytes.count {
        let byte = bytes[index]
        if isControl(byte, after: previous) { return true }
        previous = byte
        index += 1
      }
      return false
    }
    var text = text
    return text.withUTF8(scan)
  }

  /// `line` without the spaces that end it.
  static func trimmingTrailingSpaces(_ line: String) -> Substring {
    var characters = line[...]
    while characters.last == " " { characters.removeLast() }
    return characters
  }
}
