import Foundation
import TribeBoardCore

extension ScenarioReader {
  /// The keys an `expect` step may check, in the order the REPL documents them.
  static let expectKeys = ["screen", "error", "role", "user", "family", "notice"]

  /// `journeys`: a mapping from journey name to its steps, in file order.
  mutating func readJourneys(_ node: Node) -> [Journey] {
    guard case .mapping(let mapping) = node else {
      reader.report(
        "'journeys' must be a mapping from journey name to a list of steps; found \(NodeReader.describe(node))",
        at: node)
      return []
    }
    var journeys: [Journey] = []
    for (key, value) in mapping {
      let name = reader.identifier(key, what: "journey name")
      let written = key.scalar?.string ?? "journey"
      guard let items = reader.list(value, key: written) else { continue }
      if items.isEmpty {
        reader.report("journey '\(written)' has no steps; add at least one", at: value)
      }
      var steps: [String] = []
      var notes: [Int: [String]] = [:]
      var complete = true
      for item in items {
        if let note = readNote(item) {
          if let note { notes[steps.count, default: []].append(note) } else { complete = false }
        } else if let step = readStep(item) {
          steps.append(step)
        } else {
          complete = false
        }
      }
      if steps.isEmpty && !items.isEmpty && complete {
        reader.report("journey '\(written)' has only notes; add at least one step of input", at: value)
        complete = false
      }
      if let name, complete { journeys.append(Journey(name: name.value, steps: steps, notes: notes)) }
    }
    return journeys
  }

  /// A step: a line of REPL input as typed, or `expect: { key: value, … }`, written as `:expect key=value …`
  /// (`note:` steps are read by ``readNote(_:)`` first).
  private mutating func readStep(_ node: Node) -> String? {
    switch node {
    case .scalar(let scalar):
      let step = scalar.string
      let check = TextCheck(step)
      if check.isBlank {
        reader.report("a step must not be empty; write the input line as typed in the REPL", at: node)
        return nil
      }
      if check.hasNewline {
        reader.report("a step is a single line of REPL input; split it into several steps", at: node)
        return nil
      }
      if case .failure(let unknown) = SimulatorCommand.named(inLine: step) {
        let names = SimulatorCommand.allCases.map { ":\($0.rawValue)" }
        reader.report(
          "unknown simulator command \(NodeReader.quoted(":" + unknown.name)) in a step"
            + Suggestions.didYouMean(":" + unknown.name, in: names)
            + "; the commands are \(names.joined(separator: ", "))",
          at: node)
        return nil
      }
      return step
    case .mapping(let mapping):
      var checks: Node?
      for (key, value) in mapping {
        if key.scalar?.string == "expect" {
          checks = value
        } else {
          let name = key.scalar.map { NodeReader.quoted($0.string) } ?? NodeReader.describe(key)
          reader.report(
            "unknown key \(name) in a step\(Suggestions.didYouMean(key.scalar?.string ?? "", in: ["expect", "note"])); "
              + "a step is a line of REPL input, expect: { key: value, … } or note: TEXT", at: key)
        }
      }
      guard let checks, mapping.count == 1 else { return nil }
      let expectSchema = YAMLObject.Schema("in 'expect'", keys: Self.expectKeys)
      guard let expectation = reader.object(checks, expectSchema, subject: "'expect'") else { return nil }
      if expectation.keysInOrder.isEmpty {
        reader.report("'expect' needs at least one of \(Self.expectKeys.joined(separator: ", "))", at: checks)
        return nil
      }
      var line = ":expect"
      var complete = true
      for key in expectation.keysInOrder {
        guard let valueNode = expectation[key.value] else {
          reader.report("'\(key.value)' needs a value to expect", at: key.position)
          complete = false
          continue
        }
        let value: String?
        switch key.value {
        case "error":
          value = reader.choice(valueNode, key: "error", among: AppError.Code.allCases.map(\.rawValue) + ["none"])
        case "role": value = reader.choice(valueNode, key: "role", among: Role.allCases.map(\.rawValue) + ["none"])
        default: value = reader.text(valueNode, key: key.value, singleLine: true)?.value
        }
        guard let value else {
          complete = false
          continue
        }
        line += " \(key.value)=\(Self.quotedIfNeeded(value))"
      }
      return complete ? line : nil
    case .sequence:
      reader.report(
        "a step must be a line of REPL input or expect: { … }; found \(NodeReader.describe(node))", at: node)
      return nil
    }
  }

  /// `value`, or `"value"` with `\` and `"` escaped when it holds whitespace or a quote.
  static func quotedIfNeeded(_ value: String) -> String {
    guard value.contains(where: { $0.isWhitespace || $0 == "\"" }) else { return value }
    let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\""
  }
}
