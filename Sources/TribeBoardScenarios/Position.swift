import Yams

/// A 1-based line and column in a scenario file.
struct Position: Comparable, Hashable, CustomStringConvertible {
  var line: Int
  var column: Int

  static let start = Position(line: 1, column: 1)

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Where a composed node starts. Yams marks are already 1-based (libyaml's 0-based marks plus one).
  init(_ node: Node) {
    self = node.mark.map { Position(line: $0.line, column: $0.column) } ?? .start
  }

  /// The position of the `offset`-th character of `text`.
  init(characterOffset offset: Int, in text: String) {
    var line = 1
    var column = 1
    for character in text.prefix(offset) {
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    self.init(line: line, column: column)
  }

  static func < (lhs: Position, rhs: Position) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`.
  var description: String { "\(line):\(column)" }
}

/// A value read from a scenario, with the place it was written.
struct Located<Value> {
  var value: Value
  var position: Position
}
