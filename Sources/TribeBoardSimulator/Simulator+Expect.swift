extension Simulator {
  /// The keys `:expect` understands.
  static let expectationKeys = ["screen", "error", "role", "user", "family", "notice"]

  /// Checks `key=value` pairs against the current screen; a mismatch marks the step failed.
  func expect(_ argument: String, into step: inout Step) {
    // What the screen's snapshot would say, without building its content.
    let state = state
    guard let pairs = Self.pairs(argument), !pairs.isEmpty else {
      step.messages.append(.init(kind: .problem, text: "? Usage: \(SimulatorControl.expect.usage)"))
      step.failedExpectation = "malformed :expect \(argument)"
      return
    }
    var mismatches: [String] = []
    for (key, expected) in pairs {
      let actual: String
      switch key {
      case "screen": actual = flow.table[state.screen.id].id.rawValue
      case "error": actual = state.error.map(\.code.rawValue) ?? "none"
      case "role": actual = state.role.map(\.rawValue) ?? "none"
      case "user": actual = state.user.map(\.id) ?? "none"
      case "family": actual = state.family.map(\.name) ?? "none"
      case "notice": actual = state.notice ?? "none"
      default:
        mismatches.append("unknown key ‘\(key)’ (keys: \(Self.expectationKeys.joined(separator: ", ")))")
        continue
      }
      if actual != expected { mismatches.append("\(key) is \(actual), expected \(expected)") }
    }
    if mismatches.isEmpty {
      step.messages.append(.init(kind: .success, text: "✓ as expected: \(argument)"))
    } else {
      let text = "✗ expectation failed: " + mismatches.joined(separator: "; ")
      step.messages.append(.init(kind: .problem, text: text))
      step.failedExpectation = text
    }
  }

  /// Splits `a=b c="d e"` into pairs; `nil` when malformed.
  static func pairs(_ text: String) -> [(String, String)]? {
    // ASCII text is read byte by byte: the same answer (only CR LF makes one character of two bytes, and neither
    // is a delimiter), without walking characters.
    text.utf8.allSatisfy { $0 < 0x80 } ? asciiPairs(Array(text.utf8)) : characterPairs(text)
  }

  /// ``pairs(_:)`` over the bytes of ASCII text.
  static func asciiPairs(_ bytes: [UInt8]) -> [(String, String)]? {
    let space = UInt8(ascii: " ")
    let quote = UInt8(ascii: "\"")
    var pairs: [(String, String)] = []
    var index = 0
    while true {
      while index < bytes.count && bytes[index] == space { index += 1 }
      if index == bytes.count { return pairs }
      guard let equals = bytes[index...].firstIndex(of: UInt8(ascii: "=")) else { return nil }
      let key = bytes[index..<equals]
      index = equals + 1
      var value: [UInt8] = []
      if index < bytes.count && bytes[index] == quote {
        index += 1
        var closed = false
        while index < bytes.count {
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "\\"), index < bytes.count {
            value.append(bytes[index])
            index += 1
          } else if byte == quote {
            closed = true
            break
          } else {
            value.append(byte)
          }
        }
        if !closed { return nil }
      } else {
        let end = bytes[index...].firstIndex(of: space) ?? bytes.count
        value = Array(bytes[index..<end])
        index = end
      }
      if key.isEmpty || key.contains(space) { return nil }
      pairs.append((String(decoding: key, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }
  }

  /// ``pairs(_:)`` character by character, for any text.
  static func characterPairs(_ text: String) -> [(String, String)]? {
    var pairs: [(String, String)] = []
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " }
      if rest.isEmpty { return pairs }
      guard let equals = rest.firstIndex(of: "=") else { return nil }
      let key = String(rest[..<equals])
      rest = rest[rest.index(after: equals)...]
      var value = ""
      if rest.first == "\"" {
        rest = rest.dropFirst()
        var closed = false
        while let character = rest.first {
          rest = rest.dropFirst()
          if character == "\\", let next = rest.first {
            value.append(next)
            rest = rest.dropFirst()
          } else if character == "\"" {
            closed = true
            break
          } else {
            value.append(character)
          }
        }
        if !closed { return nil }
      } else {
        value = String(rest.prefix { $0 != " " })
        rest = rest.drop { $0 != " " }
      }
      if key.isEmpty || key.contains(" ") { return nil }
      pairs.append((key, value))
    }
  }
}
