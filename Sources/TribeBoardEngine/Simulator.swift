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
  ///
  /// A value that exploration copies into every checkpoint and reads at every step: its parts live in one box,
  /// shared by the copies until one of them changes the app's state (copy on write), so a copy is one reference
  /// count and reading a part copies nothing.
  package struct Phone: Sendable {
    /// Changed only while uniquely referenced (see `state`).
    private final class Parts: @unchecked Sendable {
      let device: MockDevice
      let services: Services
      /// Unchecked at run time, as ``Content``'s box: changed only through `Phone.state` while uniquely referenced.
      @exclusivity(unchecked) var state: AppState

      init(device: MockDevice, services: Services, state: AppState) {
        self.device = device
        self.services = services
        self.state = state
      }
    }

    private var parts: Parts

    init(device: MockDevice, services: Services, state: AppState) {
      parts = Parts(device: device, services: services, state: state)
    }

    package var device: MockDevice { parts.device }
    package var services: Services { parts.services }

    /// The app's screen, read in place (``state`` copies the whole state): for exploration's state keys.
    var screen: Screen { parts.state.screen }
    /// The app's session, read in place.
    var session: Session { parts.state.session }
    /// The code of the error the app shows, read in place.
    var errorCode: AppError.Code? { parts.state.error?.code }
    /// What "Try again" repeats, read in place.
    var retry: Intent? { parts.state.retry }

    package var state: AppState {
      get { parts.state }
      _modify {
        if !isKnownUniquelyReferenced(&parts) {
          parts = Parts(device: parts.device, services: parts.services, state: parts.state)
        }
        yield &parts.state
      }
    }
  }

  public let flow: Flow
  /// Reads the lines typed into intents for `flow`.
  public let parser: InputParser
  public private(set) var scenario: Scenario
  package private(set) var environment: MockEnvironment
  package var phones: [UserID: Phone] = [:]
  /// The inputs since the scenario started that changed the simulation, for `:undo`.
  var history: [String] = []
  /// The person whose phone the input goes to.
  public internal(set) var actingUser: UserID

  public init(scenario: Scenario, flow: Flow = Flow()) {
    self.flow = flow
    parser = InputParser(flow: flow)
    self.scenario = scenario
    environment = MockEnvironment(scenario.configuration)
    actingUser = scenario.configuration.device.user
  }

  /// The acting person's app state.
  public var state: AppState { phones[actingUser]?.state ?? AppState() }

  /// What the acting person's screen shows.
  public var snapshot: ScreenSnapshot { ScreenSnapshot(state, flow: flow) }

  /// Whether each step carries the screen it left showing. Exploration turns it off: it tries many thousands of
  /// inputs and draws a screen only for the few it reports, so its steps' ``Step/snapshot`` is `nil`.
  package var drawsScreens = true
  /// Whether `:save` writes its file. A replayed transcript (`check`, `play`) writes nothing: it says what the
  /// recorded session said, as if the file was written, whatever files exist now.
  package var writesFiles = true

  /// The screen a step shows: ``snapshot``, unless ``drawsScreens`` is off.
  var shownSnapshot: ScreenSnapshot? { drawsScreens ? snapshot : nil }

  /// Opens the scenario: launches the app on the scenario's phone.
  @discardableResult
  public func start() async -> Step {
    environment = MockEnvironment(scenario.configuration)
    phones = [:]
    history = []
    actingUser = scenario.configuration.device.user
    let device = await environment.primaryDevice()
    await open(device)
    var step = Step(input: nil, snapshot: snapshot)
    reportLatency(in: &step)
    return step
  }

  /// Opens the app on a phone just taken up: where the scenario saved it (see ``reopen(_:at:)``), or by a launch.
  private func open(_ device: MockDevice) async {
    if let screen = scenario.screens[device.user], await reopen(device, at: screen) { return }
    await launch(on: device)
  }

  func launch(on device: MockDevice) async {
    let services = environment.services(for: device)
    phones[device.user] = Phone(device: device, services: services, state: await flow.launch(services))
  }

  /// Handles one line: a simulator control (`:help`), or an app action by number or words.
  public func handle(_ line: String) async -> Step {
    await handle(line, recording: true)
  }

  /// Handles one line; `recording`, whether to keep it for `:undo`. Exploration does not: it puts whole
  /// simulations back itself, many thousands of times. `resolved`: what ``parser`` gives for the line in the
  /// acting person's state, when the caller already knows it.
  package func handle(_ line: String, recording: Bool, resolved: InputParser.Resolution? = nil) async -> Step {
    var step = await perform(line, resolved: resolved)
    reportLatency(in: &step)
    if recording, Self.changesTheSimulation(line) { history.append(line) }
    return step
  }

  /// Whether replaying `line` is needed to rebuild the simulation (for `:undo`): app input and the commands that
  /// change the world, the clock, the network or who acts; not the ones that only look or restart.
  package static func changesTheSimulation(_ line: String) -> Bool {
    let input = line.trimmingWhitespaceScalars
    guard input.hasPrefix(":") else { return !input.isEmpty }
    let name = input.dropFirst().prefix { $0 != " " }
    let control = SimulatorControl(rawValue: String(name))
    return control.map { ![.help, .where, .expect, .quit, .reset, .scenario, .undo, .go, .save].contains($0) } ?? false
  }

  /// Starts again and replays `inputs` without showing them; what they printed is dropped.
  func replay(_ inputs: [String]) async {
    await start()
    for input in inputs { _ = await perform(input) }
    _ = environment.backend.takeElapsed()
    history = inputs
  }

  /// With latency set, the calls of a step took simulated time: one deterministic line says so (a terminal shows
  /// it while the step runs; a transcript keeps it).
  private func reportLatency(in step: inout Step) {
    let elapsed = environment.backend.takeElapsed()
    guard elapsed > 0 else { return }
    step.latency = elapsed
    step.messages.insert(.init(kind: .info, text: "Loading… (\(DurationText.describe(elapsed)) simulated)"), at: 0)
  }

  private func perform(_ line: String, resolved: InputParser.Resolution? = nil) async -> Step {
    let input = line.trimmingWhitespaceScalars
    var step = Step(input: line)
    if input.isEmpty {
      step.snapshot = shownSnapshot
      return step
    }
    if input.hasPrefix(":") {
      await control(String(input.dropFirst()), into: &step)
      return step
    }
    await apply(resolved ?? parser.resolve(input, in: state), into: &step)
    return step
  }

  /// Handles a typed intent as if its words were typed (`done 2` for `Intent(.markDone, .item(2))`), without reading
  /// them: the value goes to the flow as it is. The step's input is those words, so transcripts and `:undo` see an
  /// ordinary line, which reads back as the same intent.
  public func handle(_ intent: Intent) async -> Step {
    let phrase = flow.table[state.screen.id].actions.first { $0.id == intent.action }?.phrases.first
    let words = phrase ?? intent.action.rawValue
    let line = intent.argument.map { "\(words) \($0.typed)" } ?? words
    var step = Step(input: line)
    await apply(.intent(intent), into: &step)
    reportLatency(in: &step)
    if step.transition != nil { history.append(line) }
    return step
  }

  /// Sends what an input resolved to on the acting person's phone, and says what became of it in `step`.
  private func apply(_ resolution: InputParser.Resolution, into step: inout Step) async {
    // The error's ways forward name the action that failed, when it is one to correct.
    defer { step.snapshot = drawsScreens ? ScreenSnapshot(state, flow: flow, failed: step.transition?.action) : nil }
    guard var phone = phones[actingUser] else { return }
    let outcome: Flow.Outcome
    let from = phone.state.screen.id
    let role = phone.state.role
    // Read before `phone.state` is lent to the flow below.
    let services = phone.services
    let chosen: Intent
    switch resolution {
    case .intent(let intent):
      // "Try again" repeats an action: count the action it repeats.
      chosen = intent.action == .retry ? phone.state.retry ?? intent : intent
      outcome = await flow.send(intent, to: &phone.state, services: services)
    case .invalid(let action, let error):
      chosen = Intent(action)
      outcome = await flow.reject(action, with: error, to: &phone.state, services: services)
    case .unknown(let reason):
      step.messages.append(.init(kind: .problem, text: "? \(reason) Type a number, an action's words, or :help."))
      Self.forgetLastStep(&phone.state)
      phones[actingUser] = phone
      return
    }
    if case .unavailable(let reason) = outcome {
      step.messages.append(.init(kind: .problem, text: "? \(reason)"))
      Self.forgetLastStep(&phone.state)
    } else {
      step.transition = .init(from: from, action: chosen.action, argument: chosen.argument, role: role)
    }
    phones[actingUser] = phone
  }

  /// A refused input changes nothing, and what the step before it said is not said again: its notes and notice go,
  /// and so does its error unless it can still be retried (its "Try again" stays on the screen).
  static func forgetLastStep(_ state: inout AppState) {
    if !state.notes.isEmpty { state.notes = [] }
    if state.notice != nil { state.notice = nil }
    if state.retry == nil, state.error != nil { state.error = nil }
  }

  /// Refreshes the acting person's screen, after the world or the clock changed under it.
  func refresh() async {
    guard var phone = phones[actingUser] else { return }
    let services = phone.services
    await flow.refresh(&phone.state, services: services)
    phones[actingUser] = phone
  }

  // MARK: Controls

  /// A control's name and its argument (trimmed): the text split at its first space, leading spaces skipped; what
  /// `split(separator: " ", maxSplits: 1)` gives, by bytes when the text is ASCII (exploration types a control at
  /// every other step, and splitting by characters was a tenth of the work of one).
  static func controlWords(_ text: String) -> (name: String, argument: String) {
    let space = UInt8(ascii: " ")
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      let words = text.split(separator: " ", maxSplits: 1)
      return (words.first.map(String.init) ?? "", words.count > 1 ? String(words[1]).trimmingWhitespaceScalars : "")
    }
    guard let start = text.utf8.firstIndex(where: { $0 != space }) else { return ("", "") }
    let rest = text[start...]
    guard let end = rest.utf8.firstIndex(of: space) else { return (String(rest), "") }
    return (String(rest[..<end]), String(rest[rest.utf8.index(after: end)...]).trimmingWhitespaceScalars)
  }

  private func control(_ text: String, into step: inout Step) async {
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
      await setNetwork(online: control == .online, into: &step)
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
      step.snapshot = shownSnapshot
      return
    }
    await start()
    step.messages.append(.init(kind: .success, text: "Scenario \(scenario.name): \(scenario.summary)"))
    step.snapshot = shownSnapshot
  }

  private func act(as argument: String, into step: inout Step) async {
    let accounts = environment.backend.accounts.map(\.profile)
    guard !argument.isEmpty else {
      let list = accounts.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
      step.messages.append(.init(kind: .info, text: "Acting as \(actingUser). People: \(list)"))
      return
    }
    let wanted = argument.lowercased()
    guard let person = accounts.first(where: { $0.id == wanted || $0.firstName.lowercased() == wanted }) else {
      let ids = accounts.map(\.id).joined(separator: ", ")
      step.messages.append(.init(kind: .problem, text: "? Nobody called “\(argument)” here. People: \(ids)"))
      step.snapshot = shownSnapshot
      return
    }
    actingUser = person.id
    if phones[person.id] == nil {
      await open(await environment.signedInDevice(for: person.id))
    } else {
      await refresh()
    }
    step.messages.append(.init(kind: .success, text: "Now acting as \(person.name), on their phone."))
    step.snapshot = shownSnapshot
  }

  private func moveClock(_ argument: String, into step: inout Step) async {
    let clock = environment.clock
    let target =
      ClockArgument.interval(argument).map { clock.now().addingTimeInterval($0) } ?? ClockArgument.date(argument)
    guard let target, ClockArgument.isWithinRange(target, of: scenario.configuration.now) else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? The clock needs an amount like +1s, +30m, +3h, +2d, or a UTC time like 2026-03-05T18:00, "
            + "within ten years of the scenario's start. It is \(DateText.full(clock.now()))."
        ))
      return
    }
    let notes = await runDueRetries(until: target)
    clock.set(target)
    await refresh()
    if var phone = phones[actingUser] {
      phone.state.notes = notes + phone.state.notes
      phones[actingUser] = phone
    }
    let now = clock.now()
    let shown =
      now.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 60) == 0
      ? DateText.full(now) : DateText.precise(now)
    step.messages.append(.init(kind: .success, text: "Clock: \(shown) UTC."))
    step.snapshot = shownSnapshot
  }

  /// Moves the clock through every automatic retry due up to `target`, earliest first, each at its own time, on
  /// whichever phone it is due; returns what the acting phone noted.
  private func runDueRetries(until target: Date) async -> [String] {
    var notes: [String] = []
    while true {
      var earliest: (user: UserID, due: Date)?
      for (user, phone) in phones.sorted(by: { $0.key < $1.key }) {
        guard let due = await phone.device.outbox().nextAttemptAt, due <= target else { continue }
        if earliest == nil || due < earliest!.due { earliest = (user, due) }
      }
      guard let (user, due) = earliest, var phone = phones[user] else { return notes }
      if due > environment.clock.now() { environment.clock.set(due) }
      let services = phone.services
      guard await flow.retryDue(&phone.state, services: services) else { return notes }
      if user == actingUser { notes += phone.state.notes }
      phones[user] = phone
    }
  }

  // MARK: Information

  /// The prompt: who acts, where, in which family and role.
  public var prompt: String {
    let state = state
    var parts: [String] = []
    if let family = state.family { parts.append(family.name) }
    if let user = state.user {
      parts.append(user.firstName)
    } else {
      parts.append("\(actingUser), signed out")
    }
    if let role = state.role { parts.append(role.displayName.lowercased()) }
    parts.append(state.screen.id.rawValue)
    return "[" + parts.joined(separator: " · ") + "] › "
  }

  func whereText() async -> String {
    let state = state
    let who = state.user.map { "\($0.name) (\($0.id))" } ?? "\(actingUser), not signed in"
    let family =
      state.family.map { "\(state.role?.displayName ?? "member") in \($0.name) (code \($0.code))" } ?? "no family"
    var network = "online"
    if let device = phones[actingUser]?.device {
      let waiting = await device.outbox().changes.count
      network = (device.isOnline ? "online" : "offline") + (waiting > 0 ? ", \(waiting.counted("change")) waiting" : "")
    }
    let faults = environment.backend.armedFaults.map(\.summary)
    let latency = environment.backend.latencies.sorted { $0.key < $1.key }
      .map { "\($0.key) \(DurationText.describe($0.value))" }
    return """
      Scenario: \(scenario.name) — \(scenario.summary)
      Acting as: \(who)
      Family: \(family)
      Screen: \(state.screen.id.rawValue)
      Clock: \(DateText.precise(environment.clock.now())) UTC
      Phone: \(network)
      Faults: \(faults.isEmpty ? "none" : faults.joined(separator: "; "))
      Latency: \(latency.isEmpty ? "none" : latency.joined(separator: ", "))
      """
  }

  func help() -> String {
    let state = state
    let visible = flow.actions(in: state)
    var lines = ["Actions on \(state.screen.id.rawValue) (type the number or the words):"]
    for (index, action) in visible.enumerated() {
      lines.append("  \(index + 1). \(action.usage) — \(action.label)")
    }
    let hidden = flow.actionsNotForRole(in: state)
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
package enum ClockArgument {
  package static let range: TimeInterval = 3650 * 86400

  /// "+1s", "+3h", "+2d", "+30m", "-1h": a sign, then a duration (``DurationText``).
  static func interval(_ text: String) -> TimeInterval? {
    guard let sign = text.first, sign == "+" || sign == "-",
      let seconds = DurationText.seconds(String(text.dropFirst()))
    else { return nil }
    return sign == "-" ? -seconds : seconds
  }

  /// "2026-03-05T18:00", "2026-03-05 18:00", with or without a trailing Z.
  static func date(_ text: String) -> Date? {
    DateText.parse(text.hasSuffix("Z") ? String(text.dropLast()) : text)
  }

  static func isWithinRange(_ date: Date, of start: Date) -> Bool {
    abs(date.timeIntervalSince(start)) <= range
  }
}
