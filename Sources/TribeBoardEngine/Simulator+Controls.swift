import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// The simulator's commands: a `:` line a person typed read into a ``SimulatorCommand``, and each command run.
extension Simulator {
  // MARK: Reading what a person typed

  /// A control's name and its argument (trimmed): the text split at its first space, leading spaces skipped.
  package static func controlWords(_ text: String) -> (name: String, argument: String) {
    let words = text.unicodeScalars.drop { $0 == " " }
    guard let space = words.firstIndex(of: " ") else { return (String(words), "") }
    return (String(words[..<space]), String(words[space...]).trimmingWhitespaceScalars)
  }

  /// Why a line typed is no command: what to say, and whether the screen is shown again under it.
  public struct Refusal: Error, Equatable {
    public var message: String
    public var showsScreen: Bool
  }

  /// The command `text` (a `:` line without its colon) names, read as a person typed it; or why it names none.
  /// What depends on the simulation as it is (a person named, the clock's range, a journey's steps) is judged when
  /// the command runs, so a command sent as a value is judged the same way.
  public func command(from text: String) -> Result<SimulatorCommand, Refusal> {
    let (name, argument) = Self.controlWords(text)
    guard let command = SimulatorCommandName(rawValue: name) else {
      let names = SimulatorCommandName.allCases.map { ":\($0.rawValue)" }
      let guess = NameSuggestion.didYouMean(":\(name)", in: names)
      return .failure(
        Refusal(
          message: "? “:\(name)” is not a simulator command\(guess). Commands: \(names.joined(separator: " "))",
          showsScreen: true))
    }
    let named = argument.isEmpty ? nil : argument
    switch command {
    case .help: return .success(.help)
    case .where: return .success(.whereAmI)
    case .quit: return .success(.quit)
    case .reset: return .success(.reset)
    case .relaunch: return .success(.relaunch)
    case .undo: return .success(.undo)
    case .as: return .success(.act(as: named))
    case .offline, .online: return .success(.network(online: command == .online, of: named))
    case .scenario: return .success(.scenario(argument))
    case .expect: return .success(.expect(argument))
    case .save: return .success(.save(argument))
    case .clock:
      if let seconds = ClockArgument.interval(argument) { return .success(.clock(.by(seconds))) }
      if let date = ClockArgument.date(argument) {
        return .success(.clock(.to(date, dateAlone: ClockArgument.isDateAlone(argument))))
      }
      return .failure(Refusal(message: clockProblem, showsScreen: false))
    case .fault:
      return faultCommand(argument.split(separator: " ").map(String.init))
    case .latency:
      return latencyCommand(argument.split(separator: " ").map(String.init))
    case .go:
      let parts = argument.split(separator: "@", maxSplits: 1).map(String.init)
      var step: Int?
      if parts.count == 2 {
        // A step that is not a number is refused as the journey's own steps say.
        guard let number = Int(parts[1]) else {
          let usage = Refusal(message: "? Usage: \(SimulatorCommandName.go.usage)", showsScreen: false)
          return .failure(goProblem(journey: parts[0], step: parts[1]) ?? usage)
        }
        step = number
      }
      return .success(.go(journey: parts.first ?? "", step: step))
    case .api:
      guard let call = APICall(words: argument) else {
        return .failure(Refusal(message: "? Usage: \(SimulatorCommandName.api.usage)", showsScreen: true))
      }
      return .success(.api(call))
    }
  }

  /// What `:fault` took: a list, a clear, or a fault to arm (`OPERATION ERROR [WHEN] [on ACCOUNT]`).
  private func faultCommand(_ words: [String]) -> Result<SimulatorCommand, Refusal> {
    switch words.first {
    case nil: return .success(.listFaults)
    case "clear" where words.count == 1: return .success(.disarm(nil))
    case "clear": return .success(.disarm(words.dropFirst().joined(separator: " ")))
    default:
      let accounts = environment.backend.accounts.map(\.profile.id)
      switch FaultArgument.parse(words, accounts: accounts) {
      case .success(let request): return .success(.arm(request))
      case .failure(let problem): return .failure(Self.faultProblem(problem.message))
      }
    }
  }

  /// What `:latency` took: a list, a clear, or `SERVICE[.OPERATION] DURATION`.
  private func latencyCommand(_ words: [String]) -> Result<SimulatorCommand, Refusal> {
    if words.isEmpty { return .success(.listLatency) }
    if words == ["clear"] { return .success(.clearLatency) }
    guard words.count == 2, Self.latencyTargets.contains(words[0]), let seconds = DurationText.seconds(words[1]) else {
      return .failure(Self.latencyUsage(typed: words[0]))
    }
    if let refusal = Self.latencyTooLong(seconds, typed: words[1]) { return .failure(refusal) }
    return .success(.latency(words[0], seconds: seconds))
  }

  // MARK: Running a command

  /// Runs `command`, as a value (from the page or the control API): the step's input is its line, which reads back
  /// as the same command, so a transcript, `:undo` and a replay see an ordinary line. `typed`: the words a person
  /// typed for it, kept as the input instead.
  public func handle(_ command: SimulatorCommand, as typed: String? = nil) async -> Step {
    let line = typed ?? command.line
    var step = Step(input: line)
    await run(command, into: &step)
    finish(&step)
    if Self.changesTheSimulation(line) { history.append(line) }
    return step
  }

  /// Reads `text` (a `:` line without its colon) and runs the command it names, or says why it names none.
  func control(_ text: String, into step: inout Step) async {
    switch command(from: text) {
    case .success(let command):
      await run(command, into: &step)
    case .failure(let refusal):
      step.messages.append(.init(kind: .problem, text: refusal.message))
      if refusal.showsScreen { step.snapshot = shownSnapshot }
    }
  }

  func run(_ command: SimulatorCommand, into step: inout Step) async {
    switch command {
    case .help:
      step.messages.append(.init(kind: .info, text: help()))
    case .whereAmI:
      step.messages.append(.init(kind: .info, text: await whereText()))
    case .quit:
      step.quit = true
    case .reset:
      await start()
      step.messages.append(.init(kind: .success, text: "Scenario \(scenario.name) started again."))
      step.snapshot = shownSnapshot
    case .relaunch:
      if let device = phones[actingUser]?.device { await launch(on: device) }
      step.messages.append(.init(kind: .success, text: "The app was closed and opened again."))
      step.snapshot = shownSnapshot
    case .scenario(let name):
      await switchScenario(name, into: &step)
    case .act(let person):
      await act(as: person, into: &step)
    case .clock(let move):
      await moveClock(move, into: &step)
    case .listFaults:
      listFaults(into: &step)
    case .arm(let request):
      arm(request, into: &step)
    case .disarm(let id):
      disarm(id, into: &step)
    case .network(let online, let person):
      await setNetwork(online: online, of: person, into: &step)
    case .listLatency:
      listLatency(into: &step)
    case .clearLatency:
      clearLatency(into: &step)
    case .latency(let target, let seconds):
      setLatency(target, seconds: seconds, into: &step)
    case .expect(let text):
      await expect(text, into: &step)
    case .undo:
      await undo(into: &step)
    case .go(let journey, let number):
      await go(to: journey, step: number, into: &step)
    case .save(let text):
      await save(text, into: &step)
    case .api(let call):
      await api(call, into: &step)
    }
  }
}
