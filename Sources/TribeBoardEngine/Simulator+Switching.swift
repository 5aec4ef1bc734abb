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

  func act(as argument: String, into step: inout Step) async {
    let wanted = argument.lowercased()
    // An id is looked up in the backend's index; only a first name reads every account.
    if let person = environment.backend.account(wanted)?.profile {
      await act(as: person, into: &step)
      return
    }
    let accounts = environment.backend.accounts.map(\.profile)
    guard !argument.isEmpty else {
      let list = accounts.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
      step.messages.append(.init(kind: .info, text: "Acting as \(actingUser). People: \(list)"))
      return
    }
    guard let person = accounts.first(where: { $0.id == wanted || $0.firstName.lowercased() == wanted }) else {
      let ids = accounts.map(\.id).joined(separator: ", ")
      step.messages.append(.init(kind: .problem, text: "? Nobody called “\(argument)” here. People: \(ids)"))
      step.snapshot = shownSnapshot
      return
    }
    await act(as: person, into: &step)
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
