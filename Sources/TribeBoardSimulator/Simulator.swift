import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// A running scenario: the mock world, each person's phone and app, and the simulator's controls.
///
/// Drive it in-process: ``start()``, then ``handle(_:)`` one input line at a time; each returns a ``Step``.
/// The REPL, `play`, `check` and the tests all go through this type.
public final class Simulator {
  /// One person's phone and the app running on it.
  struct Phone {
    var device: MockDevice
    var services: Services
    var state: AppState
  }

  public let flow: Flow
  public private(set) var scenario: Scenario
  private var environment: MockEnvironment
  private var phones: [UserID: Phone] = [:]
  /// The person whose phone the input goes to.
  public private(set) var actingUser: UserID

  public init(scenario: Scenario, flow: Flow = Flow()) {
    self.flow = flow
    self.scenario = scenario
    environment = MockEnvironment(scenario.configuration)
    actingUser = scenario.configuration.device.user
  }

  /// The acting person's app state.
  public var state: AppState { phones[actingUser]?.state ?? AppState() }

  /// What the acting person's screen shows.
  public var snapshot: ScreenSnapshot { ScreenSnapshot(state, flow: flow) }

  /// Opens the scenario: launches the app on the scenario's phone.
  @discardableResult
  public func start() async -> Step {
    environment = MockEnvironment(scenario.configuration)
    phones = [:]
    actingUser = scenario.configuration.device.user
    let device = await environment.primaryDevice()
    await launch(on: device)
    return Step(input: nil, snapshot: snapshot)
  }

  private func launch(on device: MockDevice) async {
    let services = environment.services(for: device)
    phones[device.user] = Phone(device: device, services: services, state: await flow.launch(services))
  }

  /// Handles one line: a simulator control (`:help`), or an app action by number or words.
  public func handle(_ line: String) async -> Step {
    let input = line.trimmingCharacters(in: .whitespaces)
    var step = Step(input: line)
    if input.isEmpty {
      step.snapshot = snapshot
      return step
    }
    if input.hasPrefix(":") {
      await control(String(input.dropFirst()), into: &step)
      return step
    }
    guard var phone = phones[actingUser] else { return step }
    switch flow.resolve(input, in: phone.state) {
    case .intent(let intent):
      if case .unavailable(let reason) = await flow.send(intent, to: &phone.state, services: phone.services) {
        step.messages.append(.init(kind: .problem, text: "? \(reason)"))
      }
      phones[actingUser] = phone
    case .unknown(let reason):
      step.messages.append(.init(kind: .problem, text: "? \(reason) Type a number, an action's words, or :help."))
    }
    step.snapshot = snapshot
    return step
  }

  /// Refreshes the acting person's screen, after the world or the clock changed under it.
  func refresh() async {
    guard var phone = phones[actingUser] else { return }
    await flow.refresh(&phone.state, services: phone.services)
    phones[actingUser] = phone
  }

  // MARK: Controls

  private func control(_ text: String, into step: inout Step) async {
    let words = text.split(separator: " ", maxSplits: 1)
    let name = words.first.map(String.init) ?? ""
    let argument = words.count > 1 ? String(words[1]).trimmingCharacters(in: .whitespaces) : ""
    guard let control = SimulatorControl(rawValue: name) else {
      let names = SimulatorControl.allCases.map { ":\($0.rawValue)" }.joined(separator: " ")
      step.messages.append(.init(kind: .problem, text: "? “:\(name)” is not a simulator command. Commands: \(names)"))
      step.snapshot = snapshot
      return
    }
    switch control {
    case .help:
      step.messages.append(.init(kind: .info, text: help()))
    case .where:
      step.messages.append(.init(kind: .info, text: whereText()))
    case .quit:
      step.quit = true
    case .reset:
      await start()
      step.messages.append(.init(kind: .success, text: "Scenario \(scenario.name) started again."))
      step.snapshot = snapshot
    case .relaunch:
      if let device = phones[actingUser]?.device { await launch(on: device) }
      step.messages.append(.init(kind: .success, text: "The app was closed and opened again."))
      step.snapshot = snapshot
    case .scenario:
      await switchScenario(argument, into: &step)
    case .as:
      await act(as: argument, into: &step)
    case .clock:
      await moveClock(argument, into: &step)
    case .fault:
      await fault(argument, into: &step)
    case .expect:
      expect(argument, into: &step)
    }
  }

  private func switchScenario(_ argument: String, into step: inout Step) async {
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
      step.snapshot = snapshot
      return
    }
    await start()
    step.messages.append(.init(kind: .success, text: "Scenario \(scenario.name): \(scenario.summary)"))
    step.snapshot = snapshot
  }

  private func act(as argument: String, into step: inout Step) async {
    let accounts = await environment.backend.world.accounts.map(\.profile)
    guard !argument.isEmpty else {
      let list = accounts.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
      step.messages.append(.init(kind: .info, text: "Acting as \(actingUser). People: \(list)"))
      return
    }
    let wanted = argument.lowercased()
    guard let person = accounts.first(where: { $0.id == wanted || $0.firstName.lowercased() == wanted }) else {
      let ids = accounts.map(\.id).joined(separator: ", ")
      step.messages.append(.init(kind: .problem, text: "? Nobody called “\(argument)” here. People: \(ids)"))
      step.snapshot = snapshot
      return
    }
    actingUser = person.id
    if phones[person.id] == nil {
      await launch(on: await environment.signedInDevice(for: person.id))
    } else {
      await refresh()
    }
    step.messages.append(.init(kind: .success, text: "Now acting as \(person.name), on their phone."))
    step.snapshot = snapshot
  }

  private func moveClock(_ argument: String, into step: inout Step) async {
    let clock = environment.clock
    let target =
      ClockArgument.interval(argument).map { clock.now().addingTimeInterval($0) } ?? ClockArgument.date(argument)
    guard let target, ClockArgument.isWithinRange(target, of: scenario.configuration.now) else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? The clock needs an amount like +3h, +2d, +30m, or a UTC time like 2026-03-05T18:00, "
            + "within ten years of the scenario's start. It is \(DateText.full(clock.now()))."
        ))
      return
    }
    clock.set(target)
    await refresh()
    step.messages.append(.init(kind: .success, text: "Clock: \(DateText.full(clock.now())) UTC."))
    step.snapshot = snapshot
  }

  private func fault(_ argument: String, into step: inout Step) async {
    let backend = environment.backend
    let words = argument.split(separator: " ").map(String.init)
    if words.first == "clear" {
      await backend.clearFaults()
      step.messages.append(.init(kind: .success, text: "No faults armed."))
      return
    }
    if words.isEmpty {
      let faults = await backend.armedFaults
      let list = faults.map {
        "\($0.operation.rawValue) → \($0.error.rawValue) (\($0.times.map { "\($0)×" } ?? "always"))"
      }
      step.messages.append(
        .init(kind: .info, text: faults.isEmpty ? "No faults armed." : "Armed faults: " + list.joined(separator: "; ")))
      return
    }
    let operation = MockOperation(rawValue: words[0])
    let code = words.count > 1 ? AppError.Code(rawValue: words[1]) : nil
    let times = words.count > 2 ? Int(words[2]) : nil
    guard let operation, let code, words.count <= 3, words.count < 3 || (times ?? 0) > 0 else {
      step.messages.append(
        .init(
          kind: .problem,
          text: """
            ? Usage: \(SimulatorControl.fault.usage)
              Operations: \(MockOperation.allCases.map(\.rawValue).joined(separator: ", "))
              Errors: \(AppError.Code.allCases.map(\.rawValue).joined(separator: ", "))
            """))
      return
    }
    await backend.inject(Fault(operation: operation, error: code, times: times))
    let count = times.map { "the next \($0) time\($0 == 1 ? "" : "s")" } ?? "every time"
    step.messages.append(.init(kind: .success, text: "\(operation.rawValue) will fail with \(code.rawValue) \(count)."))
  }

  // MARK: Information

  /// The prompt: who acts, where, in which family and role.
  public var prompt: String {
    let state = state
    var parts: [String] = []
    if let family = state.family { parts.append(family.name) }
    if let user = state.session?.user {
      parts.append(user.firstName)
    } else {
      parts.append("\(actingUser), signed out")
    }
    if let role = state.role { parts.append(role.displayName.lowercased()) }
    parts.append(state.screen.id.rawValue)
    return "[" + parts.joined(separator: " · ") + "] › "
  }

  func whereText() -> String {
    let state = state
    let who = state.session.map { "\($0.user.name) (\($0.user.id))" } ?? "\(actingUser), not signed in"
    let family =
      state.family.map { "\(state.role?.displayName ?? "member") in \($0.name) (code \($0.code))" } ?? "no family"
    return """
      Scenario: \(scenario.name) — \(scenario.summary)
      Acting as: \(who)
      Family: \(family)
      Screen: \(state.screen.id.rawValue)
      Clock: \(DateText.full(environment.clock.now())) UTC
      """
  }

  func help() -> String {
    let state = state
    let visible = flow.actions(in: state)
    var lines = ["Actions on \(state.screen.id.rawValue) (type the number or the words):"]
    for (index, action) in visible.enumerated() {
      lines.append("  \(index + 1). \(action.usage) — \(action.label)")
    }
    let hidden = flow.table[state.screen.id].actions.filter { action in
      !visible.contains { $0.id == action.id } && action.requires.map { !state.allows($0) } ?? false
        && (action.condition?.test(state) ?? true)
    }
    if !hidden.isEmpty {
      lines.append("Not for your role: " + hidden.map(\.usage).joined(separator: ", "))
    }
    lines.append("Simulator commands:")
    for control in SimulatorControl.allCases {
      lines.append("  \(control.usage)")
      lines.append("      \(control.summary)")
    }
    return lines.joined(separator: "\n")
  }
}

/// Reads the `:clock` argument. The clock stays within ten years of the scenario's start, so demos stay in a
/// calendar people recognise.
enum ClockArgument {
  static let range: TimeInterval = 3650 * 86400

  /// "+3h", "+2d", "+30m", "-1h": a sign, whole digits, a unit.
  static func interval(_ text: String) -> TimeInterval? {
    guard let sign = text.first, sign == "+" || sign == "-", let unit = text.last else { return nil }
    let digits = text.dropFirst().dropLast()
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let amount = Int(digits)
    else { return nil }
    let seconds: Int
    switch unit {
    case "m": seconds = 60
    case "h": seconds = 3600
    case "d": seconds = 86400
    default: return nil
    }
    return TimeInterval((sign == "-" ? -1 : 1) * amount * seconds)
  }

  /// "2026-03-05T18:00", "2026-03-05 18:00", with or without a trailing Z.
  static func date(_ text: String) -> Date? {
    DateText.parse(text.hasSuffix("Z") ? String(text.dropLast()) : text)
  }

  static func isWithinRange(_ date: Date, of start: Date) -> Bool {
    abs(date.timeIntervalSince(start)) <= range
  }
}
