import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// The simulator's failure controls: faults, the phone's network, and service latency.
extension Simulator {
  func fault(_ argument: String, into step: inout Step) {
    let backend = environment.backend
    let words = argument.split(separator: " ").map(String.init)
    switch words.first {
    case nil:
      let faults = backend.armedFaults
      step.messages.append(
        .init(
          kind: .info,
          text: faults.isEmpty
            ? "No faults armed." : (["Armed faults:"] + faults.map { "  \($0.summary)" }).joined(separator: "\n")))
    case "clear" where words.count == 1:
      backend.clearFaults()
      step.messages.append(.init(kind: .success, text: "No faults armed."))
    case "clear":
      let ids = backend.armedFaults.map(\.id)
      if words.count == 2, backend.disarm(words[1]) {
        step.messages.append(.init(kind: .success, text: "Fault \(words[1]) disarmed."))
      } else {
        let armed = ids.isEmpty ? "no fault is armed" : "armed: \(ids.joined(separator: ", "))"
        step.messages.append(
          .init(kind: .problem, text: "? No fault \(words.dropFirst().joined(separator: " ")); \(armed)."))
      }
    default:
      let accounts = environment.backend.accounts.map(\.profile.id)
      switch FaultArgument.parse(words, now: environment.clock.now(), accounts: accounts) {
      case .success(let fault):
        let armed = backend.inject(fault)
        step.messages.append(.init(kind: .success, text: "Armed \(armed.summary)."))
      case .failure(let problem):
        step.messages.append(
          .init(kind: .problem, text: "? \(problem.message)\n  Usage: \(SimulatorControl.fault.usage)"))
      }
    }
  }

  /// `:offline [PERSON]` and `:online [PERSON]`: the network of the phone in hand, or of the person's own phone
  /// (taken up, signed in, if nobody used it yet); other phones keep theirs, and the phone in hand stays in hand.
  func setNetwork(online: Bool, of argument: String, into step: inout Step) async {
    var user = actingUser
    if !argument.isEmpty {
      guard let person = person(named: argument, into: &step) else { return }
      user = person.id
      if phones[user] == nil { await open(await environment.signedInDevice(for: user)) }
    }
    guard var phone = phones[user] else { return }
    phone.device.isOnline = online
    let services = phone.services
    if online {
      await flow.reconnected(&phone.state, services: services)
    } else {
      await flow.refresh(&phone.state, services: services)
    }
    phones[user] = phone
    // The person by name, as `:as` names them.
    let name = name(of: user)
    step.messages.append(
      .init(
        kind: .success,
        text: online ? "\(name)'s phone is back online." : "\(name)'s phone is offline; other phones are not."))
    step.snapshot = shownSnapshot
  }

  /// `:latency`, `:latency clear`, `:latency SERVICE[.OPERATION] DURATION`.
  func latency(_ argument: String, into step: inout Step) {
    let backend = environment.backend
    let words = argument.split(separator: " ").map(String.init)
    if words.isEmpty {
      let set = backend.latencies.sorted { $0.key < $1.key }
      step.messages.append(
        .init(
          kind: .info,
          text: set.isEmpty
            ? "No latency set: every call answers at once."
            : "Latency: " + set.map { "\($0.key) \(DurationText.describe($0.value))" }.joined(separator: ", ")))
      return
    }
    if words == ["clear"] {
      for key in backend.latencies.keys { backend.setLatency(0, for: key) }
      step.messages.append(.init(kind: .success, text: "No latency set: every call answers at once."))
      return
    }
    let keys = MockOperation.services + MockOperation.allCases.map(\.rawValue)
    guard words.count == 2, keys.contains(words[0]), let seconds = DurationText.seconds(words[1]) else {
      let guess = keys.contains(words[0]) ? "" : NameSuggestion.didYouMean(words[0], in: keys)
      step.messages.append(
        .init(
          kind: .problem,
          text:
            "? Usage: \(SimulatorControl.latency.usage)\(guess)\n  SERVICE is auth, data or sync (or one operation, "
            + "as :fault lists them); the duration is \(DurationText.help); 0s removes it."))
      return
    }
    guard seconds <= MockBackend.maximumLatency else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? A call can take at most a day (1d) of simulated time; \(words[1]) is more."))
      return
    }
    backend.setLatency(seconds, for: words[0])
    step.messages.append(
      .init(
        kind: .success,
        text: seconds > 0
          ? "Calls to \(words[0]) now take \(DurationText.describe(seconds)) of simulated time."
          : "Calls to \(words[0]) answer at once."))
  }
}

/// Reads the words of `:fault OPERATION ERROR [WHEN] [on ACCOUNT]`.
enum FaultArgument {
  struct Problem: Error {
    var message: String
  }

  static func parse(_ words: [String], now: Date, accounts: [String]) -> Result<Fault, Problem> {
    var words = words[...]
    let typedOperation = words.popFirst() ?? ""
    guard let operation = MockOperation(rawValue: typedOperation) else {
      let names = MockOperation.allCases.map(\.rawValue)
      let guess = NameSuggestion.didYouMean(typedOperation, in: names)
      return .failure(Problem(message: "Name an operation\(guess): \(names.joined(separator: ", "))."))
    }
    let typedCode = words.popFirst() ?? ""
    guard let code = AppError.Code(rawValue: typedCode) else {
      let names = AppError.Code.allCases.map(\.rawValue)
      let guess = NameSuggestion.didYouMean(typedCode, in: names)
      return .failure(
        Problem(message: "Name an error after the operation\(guess): \(names.joined(separator: ", ")).")
      )
    }
    var fault = Fault(operation: operation, error: code)
    // One schedule a fault: a second one would silently replace the first.
    var scheduledBy: String?
    while let word = words.popFirst() {
      if word != "on" {
        let said = Int(word) == nil ? word : "a count"
        if let earlier = scheduledBy {
          return .failure(
            Problem(
              message:
                "A fault has one schedule: “\(earlier)” and “\(said)” can't both apply. Give one of times N, call N, "
                + "after WHEN or chance P% (or arm two faults)."))
        }
        scheduledBy = said
      }
      switch word {
      case "on":
        guard let account = words.popFirst(), accounts.contains(account) else {
          return .failure(Problem(message: "After 'on', name whose phone: \(accounts.joined(separator: ", "))."))
        }
        fault.account = account
      case "times", "next", "call":
        guard let number = words.popFirst().flatMap(Int.init), number > 0, number < 1_000_000 else {
          return .failure(Problem(message: "After '\(word)', give a whole number from 1."))
        }
        fault.schedule = word == "call" ? .nth(number) : .next(number)
      case "after":
        guard let text = words.popFirst(),
          let date = DurationText.seconds(text).map({ now.addingTimeInterval($0) }) ?? ClockArgument.date(text)
        else {
          return .failure(Problem(message: "After 'after', give \(DurationText.help), or a UTC time."))
        }
        fault.schedule = .after(date)
      case "chance":
        guard let text = words.popFirst(), text.hasSuffix("%"), let percent = Int(text.dropLast()),
          (1...100).contains(percent)
        else {
          return .failure(Problem(message: "After 'chance', give a percentage from 1% to 100%."))
        }
        fault.schedule = .probability(Double(percent) / 100)
      default:
        guard let number = Int(word), number > 0, number < 1_000_000 else {
          return .failure(Problem(message: "“\(word)” is not understood here."))
        }
        fault.schedule = .next(number)
      }
    }
    return .success(fault)
  }
}
