import TribeBoardCore
import TribeBoardMocks
import TribeBoardScenarios

/// Moving around a demo: one step back, or straight to a journey's step.
extension Simulator {
  func undo(into step: inout Step) async {
    guard let last = history.last else {
      step.messages.append(.init(kind: .problem, text: "? There is nothing to undo since the scenario started."))
      return
    }
    await replay(Array(history.dropLast()))
    step.messages.append(.init(kind: .success, text: "Undid “\(last)”."))
    step.snapshot = shownSnapshot
  }

  /// `:go JOURNEY` or `:go JOURNEY@STEP` (1-based, counting the journey's steps as written).
  func go(to argument: String, into step: inout Step) async {
    let parts = argument.split(separator: "@", maxSplits: 1).map(String.init)
    let names = scenario.journeys.map(\.name)
    guard let name = parts.first, let journey = scenario.journey(named: name) else {
      let typed = parts.first ?? ""
      let known = names.isEmpty ? "this scenario has no journeys" : "journeys: \(names.joined(separator: ", "))"
      let guess = typed.isEmpty ? "" : NameSuggestion.didYouMean(typed, in: names)
      step.messages.append(.init(kind: .problem, text: "? Usage: \(SimulatorControl.go.usage)\(guess); \(known)."))
      return
    }
    var count = journey.steps.count
    if parts.count == 2 {
      guard let number = Int(parts[1]), (0...journey.steps.count).contains(number) else {
        step.messages.append(
          .init(kind: .problem, text: "? \(name) has steps 0 to \(journey.steps.count); “\(parts[1])” is not one."))
        return
      }
      count = number
    }
    await replay(Array(journey.steps.prefix(count)))
    let last = count == 0 ? "its start" : "step \(count) of \(journey.steps.count) (“\(journey.steps[count - 1])”)"
    step.messages.append(.init(kind: .success, text: "Journey \(name) at \(last). Carry on from here."))
    step.snapshot = shownSnapshot
  }
}

/// What Tab offers at the prompt, drawn from the flow table and the scenario.
extension Simulator {
  /// The words of the actions on this screen, then the simulator's commands with their arguments: account ids
  /// for `:as`, scenario names, operations and errors for `:fault`, journeys for `:go`.
  public func completions() -> [String] {
    var words = flow.actions(in: state).flatMap { action in
      action.phrases.map { action.argument == nil ? $0 : "\($0) " }
    }
    words += SimulatorControl.allCases.map { ":\($0.rawValue)" }
    words += scenario.configuration.world.accounts.map { ":as \($0.profile.id)" }
    words += BundledScenarios.names.map { ":scenario \($0)" }
    words += scenario.journeys.map { ":go \($0.name)" }
    words += MockOperation.allCases.map { ":fault \($0.rawValue) " }
    words += MockOperation.services.map { ":latency \($0) " }
    // After an operation, its errors: the whole line is completed, so each pairing is a candidate.
    for operation in MockOperation.allCases {
      words += AppError.Code.allCases.map { ":fault \(operation.rawValue) \($0.rawValue)" }
    }
    return words
  }
}
