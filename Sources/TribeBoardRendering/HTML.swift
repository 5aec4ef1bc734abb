/// Building HTML text: every piece of text from a scenario or a person goes through ``escape(_:)``, here and only
/// here, so markup typed into a task title shows as the characters typed.
public enum HTML {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by their character references: safe in element content and
  /// in quoted attribute values.
  public static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "&" || scalar == "<" || scalar == ">" || scalar == "\"" || scalar == "'"
  }

  /// A string usable as an element id or a name in a URL: ASCII letters and digits kept, any other character
  /// (each Unicode scalar) `-`.
  public static func slug(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? scalar : "-"
        }))
  }
}
