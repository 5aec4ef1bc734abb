import CYaml

extension YAMLDocument {
  /// A diagnostic for the error libyaml stopped at while parsing `bytes`, worded for a scenario's author.
  static func diagnostic(for parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, file: String) -> Diagnostic {
    let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
    func at(_ position: Position, _ message: String) -> Diagnostic {
      Diagnostic(file: file, line: position.line, column: position.column, message: message)
    }
    func position(_ mark: yaml_mark_t) -> Position {
      Position(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
    switch parser.error {
    case YAML_READER_ERROR:
      let position = Position(byteOffset: Int(parser.problem_offset), in: bytes)
      if problem.contains("UTF-8") {
        return at(position, "the file is not UTF-8 text (an invalid byte is here); save it as UTF-8")
      }
      let value = parser.problem_value
      let character = value >= 0 ? " (U+\(String(value, radix: 16, uppercase: true)))" : ""
      return at(position, "the file holds a character YAML does not allow\(character): \(problem); remove it")
    case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
      let problemAt = position(parser.problem_mark)
      let context = parser.context.map { (text: String(cString: $0), position: position(parser.context_mark)) }
      return at(problemAt, syntaxMessage(problem: problem, context: context, at: problemAt, in: bytes))
    case YAML_MEMORY_ERROR:
      return at(.start, "could not read the YAML: out of memory")
    default:
      return at(.start, "could not read the YAML: \(problem)")
    }
  }

  private static func syntaxMessage(
    problem: String, context: (text: String, position: Position)?, at position: Position,
    in bytes: UnsafeBufferPointer<UInt8>
  ) -> String {
    if problem.hasPrefix("Maximum nesting level reached") {
      return "the YAML is nested too deeply (libyaml stops at 1000 levels); scenario files need only a few levels"
    }
    var message = "YAML syntax error: \(problem)"
    if let context {
      message +=
        context.position == position ? " (\(context.text))" : " (\(context.text) that starts at \(context.position))"
    }
    if restOfLine(at: position, in: bytes).first == UInt8(ascii: "\t") {
      message += "; YAML does not allow tabs for indentation, use spaces"
    }
    return message
  }

  /// The bytes of `position`'s line from its column on.
  private static func restOfLine(at position: Position, in bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
    var index = 0
    var line = 1
    while line < position.line, let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
      index = newline + 1
      line += 1
    }
    guard line == position.line else { return [] }
    var column = 1
    while column < position.column, index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      index += 1
      while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
      column += 1
    }
    let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    return ArraySlice(bytes[index..<end])
  }
}
