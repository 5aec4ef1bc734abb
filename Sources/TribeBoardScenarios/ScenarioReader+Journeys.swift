import Foundation
import TribeBoardCore

extension ScenarioReader {
  /// The keys a step written as a mapping may have: `expect: { … }` or `note: TEXT`.
  static let stepKeys = ["expect", "note"]

  /// The keys an `expect` step may check, in the order the REPL documents them (``ExpectationKey`` declares them).
  static var expectKeys: [String] { ExpectationKey.allCases.map(\.rawValue) }

  static let expectSchema = YAMLObject.Schema("in 'expect'", keys: expectKeys)

  /// The schema of each expectation key whose value is a mapping (`task: { title: …, status: … }`).
  /// The mapping schemas of the keys whose value is a mapping (`task: { title, status }`), in case order. An array of
  /// pairs, not a dictionary keyed by the enum (see ``ExpectationKey/value``).
  static let expectFieldSchemas: [(key: ExpectationKey, schema: YAMLObject.Schema)] = ExpectationKey.allCases.filter {
    !$0.fields.isEmpty
  }
  .map { key in
    (
      key,
      YAMLObject.Schema(
        "in '\(key.rawValue)'", keys: key.fields.map(\.name),
        required: key.fields.filter(\.required).map { ($0.name, $0.summary) })
    )
  }

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
      var locations: [Journey.Location] = []
      var notes: [Int: [String]] = [:]
      var complete = true
      for item in items {
        if let note = readNote(item) {
          if let note { notes[steps.count, default: []].append(note) } else { complete = false }
        } else if let step = readStep(item, earlier: steps) {
          steps.append(step)
          locations.append(Journey.Location(line: item.position.line, column: item.position.column))
        } else {
          complete = false
        }
      }
      if steps.isEmpty && !items.isEmpty && complete {
        reader.report("journey '\(written)' has only notes; add at least one step of input", at: value)
        complete = false
      }
      if let name, complete {
        journeys.append(Journey(name: name.value, steps: steps, locations: locations, notes: notes))
      }
    }
    return journeys
  }

  /// A step: a line of REPL input as typed, or `expect: { key: value, … }`, written as `:expect key=value …`
  /// (`note:` steps are read by ``readNote(_:)`` first). `earlier` holds the journey's steps before it, where a
  /// task or family an expectation names may be made.
  private mutating func readStep(_ node: Node, earlier: [String]) -> String? {
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
      if case .failure(let unknown) = SimulatorCommandName.named(inLine: step) {
        let names = SimulatorCommandName.allCases.map { ":\($0.rawValue)" }
        reader.report(
          "unknown simulator command \(NodeReader.quoted(":" + unknown.name)) in a step"
            + Suggestions.didYouMean(":" + unknown.name, in: names)
            + "; the commands are \(names.joined(separator: ", "))",
          at: node)
        return nil
      }
      if case .success(.expect) = SimulatorCommandName.named(inLine: step) {
        return readExpectLine(step, at: node, earlier: earlier) ? step : nil
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
            "unknown key \(name) in a step\(Suggestions.didYouMean(key.scalar?.string ?? "", in: Self.stepKeys)); "
              + "a step is a line of REPL input, expect: { key: value, … } or note: TEXT", at: key)
        }
      }
      guard let checks, mapping.count == 1 else { return nil }
      return readExpect(checks, earlier: earlier)
    case .sequence:
      reader.report(
        "a step must be a line of REPL input or expect: { … }; found \(NodeReader.describe(node))", at: node)
      return nil
    }
  }

  /// A pair of an expectation as written: `task.status` and `done`, with where the value is written.
  typealias ExpectPair = (key: String, value: String, position: Position)

  /// `expect: { key: value, … }`, as the `:expect key=value …` line that checks it.
  private mutating func readExpect(_ node: Node, earlier: [String]) -> String? {
    guard let expectation = reader.object(node, Self.expectSchema, subject: "'expect'") else { return nil }
    if expectation.keysInOrder.isEmpty {
      reader.report("'expect' needs at least one of \(Self.expectKeys.joined(separator: ", "))", at: node)
      return nil
    }
    var pairs: [ExpectPair] = []
    var complete = true
    for key in expectation.keysInOrder {
      guard let valueNode = expectation[key.value] else {
        reader.report("'\(key.value)' needs a value to expect", at: key.position)
        complete = false
        continue
      }
      guard let expectationKey = ExpectationKey(rawValue: key.value),
        let schema = Self.expectFieldSchemas.first(where: { $0.key == expectationKey })?.schema
      else {
        var values = [valueNode]
        if case .sequence = valueNode, ExpectationKey(rawValue: key.value)?.takesAList == true {
          values = reader.list(valueNode, key: key.value) ?? []
          if values.isEmpty { reader.report("'\(key.value)' needs at least one text to look for", at: valueNode) }
        }
        for node in values {
          guard let text = reader.text(node, key: key.value, singleLine: true) else {
            complete = false
            continue
          }
          pairs.append((key.value, text.value, text.position))
        }
        if values.isEmpty { complete = false }
        continue
      }
      guard let object = reader.object(valueNode, schema, subject: "'\(key.value)'") else {
        complete = false
        continue
      }
      var fields: [ExpectPair] = []
      for field in object.keysInOrder {
        guard let fieldNode = object[field.value] else {
          reader.report("'\(field.value)' needs a value to expect", at: field.position)
          complete = false
          continue
        }
        guard let text = reader.text(fieldNode, key: field.value, singleLine: true) else {
          complete = false
          continue
        }
        fields.append(("\(key.value).\(field.value)", text.value, text.position))
      }
      // A missing required field was reported by the schema.
      if expectationKey.fields.contains(where: { $0.required && object[$0.name] == nil }) {
        complete = false
      } else {
        pairs += fields
      }
    }
    // With no pair left, every key's problem is reported already.
    guard !pairs.isEmpty else { return nil }
    let valid = checkExpectation(pairs, at: Position(node), earlier: earlier)
    return complete && valid ? StepExpectation.line(pairs.map { ($0.key, $0.value) }) : nil
  }

  /// Checks an `:expect key=value …` step written as a line; whether it holds no mistake.
  private mutating func readExpectLine(_ line: String, at node: Node, earlier: [String]) -> Bool {
    let argument = line.drop { $0 == " " || $0 == "\t" }.dropFirst(":expect".count)
    guard let pairs = StepExpectation.pairs(String(argument)) else {
      reader.report(
        "this :expect step is not key=value pairs; put \"…\" around a value with spaces, or write "
          + "expect: { key: value, … }", at: node)
      return false
    }
    return checkExpectation(pairs.map { ($0.0, $0.1, Position(node)) }, at: Position(node), earlier: earlier)
  }

  /// Reports what is wrong with an expectation's pairs: the values ``StepExpectation/read(_:)`` refuses, and names
  /// the scenario's world does not have. Returns whether all is well.
  private mutating func checkExpectation(_ pairs: [ExpectPair], at position: Position, earlier: [String]) -> Bool {
    var valid = true
    if case .failure(let problems) = StepExpectation.read(pairs.map { ($0.key, $0.value) }) {
      for problem in problems.problems {
        reader.report(problem.message, at: problem.pair.map { pairs[$0].position } ?? position)
      }
      valid = false
    }
    for pair in pairs where pair.value != StepExpectation.none {
      guard let problem = worldProblem(key: pair.key, value: pair.value, earlier: earlier) else { continue }
      reader.report(problem, at: pair.position)
      valid = false
    }
    return valid
  }

  /// What is wrong with a name an expectation looks up in the world (an account, a person, a task, a family), or
  /// `nil`. A task or family that is not in the world at the start may be made by an earlier step of the journey:
  /// then its name must appear in one.
  private func worldProblem(key: String, value: String, earlier: [String]) -> String? {
    switch key {
    case "user", "task.assignee":
      guard accountPositions[value] == nil else { return nil }
      return "unknown account \(NodeReader.quoted(value)) in '\(key)'\(Suggestions.didYouMean(value, in: accountIDs)); "
        + (accountIDs.isEmpty ? "no accounts are defined" : "accounts are: \(Suggestions.list(accountIDs))")
    case "member.name":
      let people = world.accounts.map(\.profile)
      let wanted = value.lowercased()
      if people.contains(where: { [$0.id, $0.firstName, $0.name].contains { $0.lowercased() == wanted } }) {
        return nil
      }
      let names = people.map(\.firstName) + people.map(\.id)
      return "nobody called \(NodeReader.quoted(value)) in this scenario\(Suggestions.didYouMean(value, in: names)); "
        + "name an account by id, first name or full name: \(Suggestions.list(people.map(\.id)))"
    case "task.title", "family":
      let what = key == "family" ? "family" : "task"
      let known = key == "family" ? world.families.map(\.name) : world.tasks.map(\.title)
      let wanted = StepExpectation.comparable(value)
      if known.contains(where: { StepExpectation.comparable($0) == wanted })
        || earlier.contains(where: { Self.bytes(of: StepExpectation.comparable($0), contain: wanted) })
      {
        return nil
      }
      return "no \(what) \(NodeReader.quoted(value)) in the scenario's world, and no earlier step of this journey "
        + "writes it\(Suggestions.didYouMean(value, in: known))"
    default:
      return nil
    }
  }

  /// Whether `text`'s UTF-8 holds `part`'s: a plain byte search, with no locale and no character comparison.
  static func bytes(of text: String, contain part: String) -> Bool {
    let haystack = Array(text.utf8)
    let needle = Array(part.utf8)
    guard let first = needle.first else { return true }
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == first {
      if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
    }
    return false
  }
}
