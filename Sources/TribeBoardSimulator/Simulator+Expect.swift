extension Simulator {
  /// The keys `:expect` understands.
  static let expectationKeys = ["screen", "error", "role", "user", "family", "notice"]

  /// Checks `key=value` pairs against the current screen; a mismatch marks the step failed.
  func expect(_ argument: String, into step: inout Step) {
    let snapshot = snapshot
    guard let pairs = Self.pairs(argument), !pairs.isEmpty else {
      step.messages.append(.init(kind: .problem, text: "? Usage: \(SimulatorControl.expect.usage)"))
      step.failedExpectation = "malformed :expect \(argument)"
      return
    }
    var mismatches: [String] = []
    for (key, expected) in pairs {
      let actual: String
      switch key {
      case "screen": actual = snapshot.screen.rawValue
      case "error": actual = snapshot.error?.code.rawValue ?? "none"
      case "role": actual = snapshot.role?.rawValue ?? "none"
      case "user": actual = snapshot.user?.id ?? "none"
      case "family": actual = snapshot.family?.name ?? "none"
      case "notice": actual = snapshot.notice ?? "none"
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
