/// Building HTML text: every piece of text from a scenario or a person goes through ``escape(_:)``, here and only
/// here, so markup typed into a task title shows as the characters typed.
public enum HTML {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by their character references: safe in element content and
  /// in quoted attribute values.
  public static func escape(_ text: String) -> String {
    var text = text
    // Most texts have nothing to escape: looked for in the bytes themselves (a tenth of a page step went to
    // `utf8.contains(where:)`, which steps through the string's index).
    let clean = text.withUTF8 { bytes in
      for byte in bytes where needsEscape(byte) { return false }
      return true
    }
    guard !clean else { return text }
    return text.withUTF8 { bytes in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + 32)
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
        default: out.append(byte)
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    // All five are at or below `>`, where letters are not.
    byte <= UInt8(ascii: ">")
      && (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))
  }

  /// A string usable as an element id or a name in a URL: ASCII letters and digits kept, any other character
  /// (each Unicode scalar) `-`. Read from the bytes: a phone's drawing makes several a step, and asking each scalar
  /// for its Unicode properties was most of their cost.
  public static func slug(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        out.append(byte)
      case 0x80..<0xC0: continue  // the rest of a scalar whose first byte made its `-`
      default: out.append(UInt8(ascii: "-"))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
