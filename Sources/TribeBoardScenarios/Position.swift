/// A 1-based line and column in a scenario file.
struct Position: Comparable, Hashable, CustomStringConvertible {
  var line: Int
  var column: Int

  static let start = Position(line: 1, column: 1)

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Where a node starts.
  init(_ node: Node) {
    self = node.position
  }

  /// The position of the byte at `offset` in UTF-8 `bytes` (lines end at `\n`; columns count Unicode scalars).
  init(byteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
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
