import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// `:scenario` and `:as`: another scenario, or another person's phone.
extension Simulator {
  func switchScenario(_ argument: String, into step: inout Step) async {
    guard !argument.isEmpty else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? Say which: :scenario NAME|PATH. Built-in: \(BundledScenarios.names.joined(separator: ", "))"))
      return
    }
    do {
      scenario = try ScenarioCatalog.resolve(argument)
    } catch {
      step.messages.append(.init(kind: .problem, text: error.description))
      step.snapshot = shownSnapshot
      return
    }
    await start()
    step.messages.append(.init(kind: .success, text: "Scenario \(scenario.name): \(scenario.summary)"))
    step.snapshot = shownSnapshot
  }

  func act(as argument: String?, into step: inout Step) async {
    guard let argument else {
      let list = environment.backend.accounts.map { "\($0.profile.id) (\($0.profile.name))" }.joined(separator: ", ")
      step.messages.append(.init(kind: .info, text: "Acting as \(actingUser). People: \(list)"))
      return
    }
    guard let person = person(named: argument, into: &step) else { return }
    await act(as: person, into: &step)
  }

  /// The person `argument` names: an account id, or a first name. `nil` when nobody here is called that, having
  /// said so in `step`.
  func person(named argument: String, into step: inout Step) -> UserProfile? {
    let wanted = argument.lowercased()
    // An id is looked up in the backend's index; only a first name reads every account.
    if let person = environment.backend.account(wanted)?.profile { return person }
    let accounts = environment.backend.accounts.map(\.profile)
    if let person = accounts.first(where: { $0.id == wanted || $0.firstName.lowercased() == wanted }) { return person }
    let ids = accounts.map(\.id).joined(separator: ", ")
    step.messages.append(.init(kind: .problem, text: "? Nobody called “\(argument)” here. People: \(ids)"))
    step.snapshot = shownSnapshot
    return nil
  }

  private func act(as person: UserProfile, into step: inout Step) async {
    actingUser = person.id
    if phones[person.id] == nil {
      await open(await environment.signedInDevice(for: person.id))
    } else {
      await refresh()
    }
    step.messages.append(.init(kind: .success, text: "Now acting as \(person.name), on their phone."))
    step.snapshot = shownSnapshot
  }
}
