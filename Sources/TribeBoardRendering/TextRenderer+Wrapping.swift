import Foundation
import TribeBoardCore
import TribeBoardFlow

/// Width and wrapping: counting columns, and breaking long lines at spaces.
extension TextRenderer {
  /// A message (help, errors, notes: text outside the frame) with every line wider than `width` columns
  /// (``DisplayWidth``: wide characters take two) broken at its last space that fits; a continuation keeps the
  /// line's own indent, so help entries stay readable.
  package static func wrappedMessage(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard DisplayWidth.of(line) > width else { return String(line) }
      let indent = String(repeating: " ", count: min(line.prefix { $0 == " " }.count, width / 2))
      var rest = Substring(line)
      var lines: [Substring] = []
      while DisplayWidth.of(rest) > width {
        // The first character that does not fit (at least one character goes on each line).
        var limit = rest.startIndex
        var used = 0
        while limit < rest.endIndex {
          let next = used + DisplayWidth.of(rest[limit])
          if next > width && limit > rest.startIndex { break }
          used = next
          limit = rest.index(after: limit)
        }
        let space = rest[rest.index(after: rest.startIndex)..<min(rest.index(after: limit), rest.endIndex)]
          .lastIndex(of: " ")
        guard let space, rest[..<space].contains(where: { $0 != " " }) else {
          lines.append(rest[..<limit])
          rest = Substring(indent) + rest[limit...]
          continue
        }
        lines.append(rest[..<space])
        rest = Substring(indent) + rest[rest.index(after: space)...].drop { $0 == " " }
      }
      return (lines + [rest]).joined(separator: "\n")
    }
    .joined(separator: "\n")
  }

  /// `text` with every line wider than `width` columns (``DisplayWidth``; escape sequences take no room) broken
  /// inside the frame: the rest of a content line continues on a new line after `│   `.
  static func wrapped(_ text: String, width: Int) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 64)
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if index > 0 { result += "\n" }
      var visible = 0
      var inEscape = false
      var lastSpace: String.Index?
      var current = ""
      let framed = line.hasPrefix("│")
      for character in line {
        if character == "\u{1B}" {
          inEscape = true
        } else if inEscape {
          if character.isLetter { inEscape = false }
        } else {
          let columns = DisplayWidth.of(character)
          if visible + columns > width && visible > 4 && framed {
            // Break at the last space of the line if there is one, else here.
            if let space = lastSpace {
              let rest = current[current.index(after: space)...]
              current = String(current[..<space])
              result += current + "\n│   "
              current = String(rest)
              visible = 4 + DisplayWidth.of(rest)
            } else {
              result += current + "\n│   "
              current = ""
              visible = 4
            }
            lastSpace = nil
          }
          visible += columns
          if character == " " && visible > 6 { lastSpace = current.endIndex }
        }
        current.append(character)
      }
      result += current
    }
    return result
  }

  /// The columns `text` takes at a terminal (``DisplayWidth``).
  static func displayWidth(_ text: String) -> Int {
    DisplayWidth.of(text)
  }

  /// Breaks `text` into lines of at most `width` columns (``DisplayWidth``), at spaces.
  func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ") {
      let columns = DisplayWidth.of(word)
      if !line.isEmpty && used + 1 + columns > width {
        lines.append(line)
        line = ""
        used = 0
      }
      used += line.isEmpty ? columns : 1 + columns
      line += line.isEmpty ? String(word) : " \(word)"
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
