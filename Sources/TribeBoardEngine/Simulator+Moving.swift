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

  /// Why `:go` can't go to `step` (as typed) of the journey named `name`, if it can't: no such journey, or no
  /// such step.
  func goProblem(journey name: String, step: String?) -> Refusal? {
    let names = scenario.journeys.map(\.name)
    guard let journey = scenario.journey(named: name) else {
      let known = names.isEmpty ? "this scenario has no journeys" : "journeys: \(names.joined(separator: ", "))"
      let guess = name.isEmpty ? "" : NameSuggestion.didYouMean(name, in: names)
      return Refusal(message: "? Usage: \(SimulatorCommandName.go.usage)\(guess); \(known).", showsScreen: false)
    }
    guard let step else { return nil }
    guard let number = Int(step), (0...journey.steps.count).contains(number) else {
      return Refusal(
        message: "? \(name) has steps 0 to \(journey.steps.count); “\(step)” is not one.", showsScreen: false)
    }
    return nil
  }

  /// `:go JOURNEY` or `:go JOURNEY@STEP` (1-based, counting the journey's steps as written; all of them when `nil`).
  func go(to name: String, step number: Int?, into step: inout Step) async {
    if let refusal = goProblem(journey: name, step: number.map(String.init)) {
      step.messages.append(.init(kind: .problem, text: refusal.message))
      return
    }
    guard let journey = scenario.journey(named: name) else { return }
    let count = number ?? journey.steps.count
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
    words += SimulatorCommandName.allCases.map { ":\($0.rawValue)" }
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
