import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// The simulator's control commands: a `:` line split into its name and argument, and sent to the command.
extension Simulator {
  // MARK: Controls

  /// A control's name and its argument (trimmed): the text split at its first space, leading spaces skipped.
  package static func controlWords(_ text: String) -> (name: String, argument: String) {
    let words = text.unicodeScalars.drop { $0 == " " }
    guard let space = words.firstIndex(of: " ") else { return (String(words), "") }
    return (String(words[..<space]), String(words[space...]).trimmingWhitespaceScalars)
  }

  func control(_ text: String, into step: inout Step) async {
    let (name, argument) = Self.controlWords(text)
    guard let control = SimulatorControl(rawValue: name) else {
      let names = SimulatorControl.allCases.map { ":\($0.rawValue)" }.joined(separator: " ")
      let guess = NameSuggestion.didYouMean(":\(name)", in: SimulatorControl.allCases.map { ":\($0.rawValue)" })
      step.messages.append(
        .init(kind: .problem, text: "? “:\(name)” is not a simulator command\(guess). Commands: \(names)"))
      step.snapshot = shownSnapshot
      return
    }
    switch control {
    case .help:
      step.messages.append(.init(kind: .info, text: help()))
    case .where:
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
    case .scenario:
      await switchScenario(argument, into: &step)
    case .as:
      await act(as: argument, into: &step)
    case .clock:
      await moveClock(argument, into: &step)
    case .fault:
      fault(argument, into: &step)
    case .offline, .online:
      await setNetwork(online: control == .online, of: argument, into: &step)
    case .latency:
      latency(argument, into: &step)
    case .expect:
      await expect(argument, into: &step)
    case .undo:
      await undo(into: &step)
    case .go:
      await go(to: argument, into: &step)
    case .save:
      await save(argument, into: &step)
    case .api:
      await api(argument, into: &step)
    }
  }
}
