/// Building HTML text: every piece of text from a scenario or a person goes through ``escape(_:)``, here and only
/// here, so markup typed into a task title shows as the characters typed.
public enum HTML {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by their character references: safe in element content and
  /// in quoted attribute values.
  public static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
      return text
    }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }

  /// A string usable as an element id or a name in a URL: letters, digits and `-` kept, anything else `-`.
  public static func slug(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar -> Character in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "-"
      })
  }
}
