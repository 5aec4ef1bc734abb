import Foundation
import TribeBoardCore
import TribeBoardFlow

/// Cleaning text for the terminal: control characters shown as `�`, trailing spaces trimmed.
extension TextRenderer {
  /// `text` with control characters (escape sequences, line breaks) shown as `�`, so no content can break out of
  /// the block, colour the terminal, or forge a `> ` input line in a transcript.
  public static func clean(_ text: String) -> String {
    guard Validation.containsControlCharacters(text) else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
  }

  /// `line` without the spaces that end it.
  static func trimmingTrailingSpaces(_ line: String) -> Substring {
    var characters = line[...]
    while characters.last == " " { characters.removeLast() }
    return characters
  }
}
