import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// The simulator's failure controls: faults, the phone's network, and service latency.
extension Simulator {
  static func faultProblem(_ message: String) -> Refusal {
    Refusal(message: "? \(message)\n  Usage: \(SimulatorCommandName.fault.usage)", showsScreen: false)
  }

  func listFaults(into step: inout Step) {
    let faults = environment.backend.armedFaults
    step.messages.append(
      .init(
        kind: .info,
        text: faults.isEmpty
          ? "No faults armed." : (["Armed faults:"] + faults.map { "  \($0.summary)" }).joined(separator: "\n")))
  }

  /// Disarms the fault `id`, or every fault when `nil`.
  func disarm(_ id: String?, into step: inout Step) {
    let backend = environment.backend
    guard let id else {
      backend.clearFaults()
      step.messages.append(.init(kind: .success, text: "No faults armed."))
      return
    }
    let ids = backend.armedFaults.map(\.id)
    if backend.disarm(id) {
      step.messages.append(.init(kind: .success, text: "Fault \(id) disarmed."))
    } else {
      let armed = ids.isEmpty ? "no fault is armed" : "armed: \(ids.joined(separator: ", "))"
      step.messages.append(.init(kind: .problem, text: "? No fault \(id); \(armed)."))
    }
  }

  /// Arms the fault `request` asks for, its time judged from now; refused as `:fault` refuses the words.
  func arm(_ request: SimulatorCommand.FaultRequest, into step: inout Step) {
    switch fault(for: request) {
    case .success(let fault):
      let armed = environment.backend.inject(fault)
      step.messages.append(.init(kind: .success, text: "Armed \(armed.summary)."))
    case .failure(let refusal):
      step.messages.append(.init(kind: .problem, text: refusal.message))
    }
  }

  /// The fault `request` makes, now: its account one of this world's, its counts and chance in bounds.
  func fault(for request: SimulatorCommand.FaultRequest) -> Result<Fault, Refusal> {
    var fault = Fault(operation: request.operation, error: request.error, account: request.account)
    if let account = request.account {
      let accounts = environment.backend.accounts.map(\.profile.id)
      guard accounts.contains(account) else {
        return .failure(Self.faultProblem("After 'on', name whose phone: \(accounts.joined(separator: ", "))."))
      }
    }
    switch request.schedule {
    case .always: break
    case .next(let count), .call(let count):
      guard count > 0, count < 1_000_000 else {
        let word = if case .call = request.schedule { "call" } else { "times" }
        return .failure(Self.faultProblem("After '\(word)', give a whole number from 1."))
      }
      if case .call = request.schedule { fault.schedule = .nth(count) } else { fault.schedule = .next(count) }
    case .after(let seconds): fault.schedule = .after(environment.clock.now().addingTimeInterval(seconds))
    case .at(let date): fault.schedule = .after(date)
    case .chance(let percent):
      guard (1...100).contains(percent) else {
        return .failure(Self.faultProblem("After 'chance', give a percentage from 1% to 100%."))
      }
      fault.schedule = .probability(Double(percent) / 100)
    }
    return .success(fault)
  }

  /// `:offline [PERSON]` and `:online [PERSON]`: the network of the phone in hand, or of the person's own phone
  /// (taken up, signed in, if nobody used it yet); other phones keep theirs, and the phone in hand stays in hand.
  func setNetwork(online: Bool, of named: String?, into step: inout Step) async {
    var user = actingUser
    if let named {
      guard let person = person(named: named, into: &step) else { return }
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

  /// What `:latency` takes as a target: a service, or one operation.
  static let latencyTargets = MockOperation.services + MockOperation.allCases.map(\.rawValue)

  static func latencyUsage(typed target: String) -> Refusal {
    let guess = latencyTargets.contains(target) ? "" : NameSuggestion.didYouMean(target, in: latencyTargets)
    return Refusal(
      message: "? Usage: \(SimulatorCommandName.latency.usage)\(guess)\n  SERVICE is auth, data or sync (or one "
        + "operation, as :fault lists them); the duration is \(DurationText.help); 0s removes it.",
      showsScreen: false)
  }

  static func latencyTooLong(_ seconds: TimeInterval, typed: String) -> Refusal? {
    guard seconds > MockBackend.maximumLatency else { return nil }
    return Refusal(
      message: "? A call can take at most a day (1d) of simulated time; \(typed) is more.", showsScreen: false)
  }

  /// `:latency`: what is set.
  func listLatency(into step: inout Step) {
    let set = environment.backend.latencies.sorted { $0.key < $1.key }
    step.messages.append(
      .init(
        kind: .info,
        text: set.isEmpty
          ? "No latency set: every call answers at once."
          : "Latency: " + set.map { "\($0.key) \(DurationText.describe($0.value))" }.joined(separator: ", ")))
  }

  /// `:latency clear`.
  func clearLatency(into step: inout Step) {
    let backend = environment.backend
    for key in backend.latencies.keys { backend.setLatency(0, for: key) }
    step.messages.append(.init(kind: .success, text: "No latency set: every call answers at once."))
  }

  /// `:latency SERVICE[.OPERATION] DURATION`.
  func setLatency(_ target: String, seconds: TimeInterval, into step: inout Step) {
    let refusal =
      !Self.latencyTargets.contains(target) || seconds < 0
      ? Self.latencyUsage(typed: target) : Self.latencyTooLong(seconds, typed: DurationText.typed(seconds))
    if let refusal {
      step.messages.append(.init(kind: .problem, text: refusal.message))
      return
    }
    environment.backend.setLatency(seconds, for: target)
    step.messages.append(
      .init(
        kind: .success,
        text: seconds > 0
          ? "Calls to \(target) now take \(DurationText.describe(seconds)) of simulated time."
          : "Calls to \(target) answer at once."))
  }
}

/// Reads the words of `:fault OPERATION ERROR [WHEN] [on ACCOUNT]`.
enum FaultArgument {
  struct Problem: Error {
    var message: String
  }

  static func parse(_ words: [String], accounts: [String]) -> Result<SimulatorCommand.FaultRequest, Problem> {
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
    var fault = SimulatorCommand.FaultRequest(operation: operation, error: code)
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
        fault.schedule = word == "call" ? .call(number) : .next(number)
      case "after":
        let text = words.popFirst() ?? ""
        if let seconds = DurationText.seconds(text) {
          fault.schedule = .after(seconds)
        } else if let date = ClockArgument.date(text) {
          fault.schedule = .at(date)
        } else {
          return .failure(Problem(message: "After 'after', give \(DurationText.help), or a UTC time."))
        }
      case "chance":
        guard let text = words.popFirst(), text.hasSuffix("%"), let percent = Int(text.dropLast()),
          (1...100).contains(percent)
        else {
          return .failure(Problem(message: "After 'chance', give a percentage from 1% to 100%."))
        }
        fault.schedule = .chance(percent)
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
