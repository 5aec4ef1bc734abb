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
      /// Changed only through `Phone.state` while uniquely referenced.
      var state: AppState

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
  public internal(set) var scenario: Scenario {
    didSet { environmentIsUnused = false }
  }
  /// The mock world, built from the scenario: by `init`, then again by every ``start()``, except the first when
  /// nothing has used the one `init` built, so a big world is indexed once.
  package private(set) var environment: MockEnvironment {
    get {
      environmentIsUnused = false
      return unusedEnvironment
    }
    set {
      environmentIsUnused = false
      unusedEnvironment = newValue
    }
  }
  /// ``environment``'s storage. Read only through ``environment``, which records the read.
  private var unusedEnvironment: MockEnvironment
  /// Whether ``environment`` is the one `init` built, for the scenario as it is now, and nothing has read it.
  private var environmentIsUnused = true
  package var phones: [UserID: Phone] = [:]
  /// This simulator's own device and services for each person whose phone came from another simulator's
  /// checkpoint (``adopting(_:)``).
  var adoptedPhones: [UserID: Phone] = [:]
  /// The inputs since the scenario started that changed the simulation, for `:undo`.
  var history: [String] = []
  /// The person whose phone the input goes to.
  public internal(set) var actingUser: UserID

  /// How each phone reaches its services: in-process unless told otherwise.
  public let transport: ServiceTransport

  public init(scenario: Scenario, flow: Flow = Flow(), transport: ServiceTransport = .inProcess) {
    self.flow = flow
    self.transport = transport
    parser = InputParser(flow: flow)
    self.scenario = scenario
    unusedEnvironment = MockEnvironment(scenario.configuration)
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
  /// The files `:save` wrote (or, replaying, would have written) in this session, whatever scenario it moved to: a
  /// second `:save` to one of them needs `--force`, replayed or not, so a replayed recording refuses what the
  /// session refused.
  var savedPaths: Set<String> = []

  /// The screen a step shows: ``snapshot``, unless ``drawsScreens`` is off.
  var shownSnapshot: ScreenSnapshot? { drawsScreens ? snapshot : nil }

  /// Opens the scenario: launches the app on the scenario's phone.
  @discardableResult
  public func start() async -> Step {
    if !environmentIsUnused { environment = MockEnvironment(scenario.configuration) }
    phones = [:]
    history = []
    actingUser = scenario.configuration.device.user
    let device = await environment.primaryDevice()
    await open(device)
    var step = Step(input: nil, snapshot: snapshot)
    finish(&step)
    return step
  }

  /// Opens the app on a phone just taken up: where the scenario saved it (see ``reopen(_:at:)``), or by a launch.
  func open(_ device: MockDevice) async {
    if let screen = scenario.screens[device.user],
      await environment.backend.resuming({ await reopen(device, at: screen) })
    {
      return
    }
    await launch(on: device)
  }

  func launch(on device: MockDevice) async {
    let services = transport.services(environment, for: device)
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
    finish(&step)
    if recording, Self.changesTheSimulation(line) { history.append(line) }
    return step
  }

  /// Whether replaying `line` is needed to rebuild the simulation (for `:undo`): app input and the commands that
  /// change the world, the clock, the network or who acts; not the ones that only look or restart.
  package static func changesTheSimulation(_ line: String) -> Bool {
    let input = line.trimmingWhitespaceScalars
    guard input.hasPrefix(":") else { return !input.isEmpty }
    let name = input.dropFirst().prefix { $0 != " " }
    let control = SimulatorCommandName(rawValue: String(name))
    return control.map { ![.help, .where, .expect, .quit, .reset, .scenario, .undo, .go, .save].contains($0) } ?? false
  }

  /// Starts again and replays `inputs` without showing them; what they printed is dropped.
  func replay(_ inputs: [String]) async {
    await start()
    for input in inputs { _ = await perform(input) }
    _ = environment.backend.takeElapsed()
    history = inputs
  }

  /// Stamps a step with the clock and the phone's network after it, and with the simulated time its calls took:
  /// with latency set, one deterministic line says so (a terminal shows it while the step runs; a transcript keeps
  /// it).
  func finish(_ step: inout Step) {
    step.clock = environment.clock.now()
    step.isOnline = phones[actingUser].map(\.device.isOnline)
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
    let resolution = resolved ?? parser.resolve(input, in: state)
    // A newcomer's `help` or `?` where no action takes those words: the simulator's help, as `:help` gives it.
    if case .unknown = resolution, Self.asksForHelp(input) {
      await control("help", into: &step)
      return step
    }
    await apply(resolution, into: &step)
    return step
  }

  /// Whether `input` (trimmed) is `help` or `?`, however capitalised.
  static func asksForHelp(_ input: String) -> Bool {
    input == "?" || input.lowercased() == "help"
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
    finish(&step)
    if step.transition != nil { history.append(line) }
    return step
  }

  /// Runs `action` on the item whose identity is `item`, wherever the acting person's screen now lists it: the
  /// intent names the number the screen gives that item, and the step's input is those words ("done 3"), which name
  /// the same item when replayed, since a list keeps its numbers while the person stays on it. An item no longer on
  /// the screen is refused, and nothing changes.
  public func handle(_ action: ActionID, onItem item: String) async -> Step {
    let number = snapshot.blocks.lazy.compactMap { block -> Int? in
      guard case .item(let shown) = block, shown.id == item else { return nil }
      return shown.number
    }.first
    guard let number else {
      var step = Step(input: nil, snapshot: shownSnapshot)
      step.messages.append(.init(kind: .problem, text: "? That item is no longer on this screen; nothing was changed."))
      finish(&step)
      return step
    }
    return await handle(Intent(action, .item(number)))
  }

  /// Sends what an input resolved to on the acting person's phone, and says what became of it in `step`.
  private func apply(_ resolution: InputParser.Resolution, into step: inout Step) async {
    // The error's ways forward name the action that failed, when it is one to correct.
    defer { step.snapshot = drawsScreens ? ScreenSnapshot(state, flow: flow, failed: step.transition?.action) : nil }
    // Out of `phones` while the flow changes it, so its state changes in place rather than being copied.
    guard var phone = phones.removeValue(forKey: actingUser) else { return }
    defer { phones[actingUser] = phone }
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
      return
    }
    if case .unavailable(let reason) = outcome {
      step.messages.append(.init(kind: .problem, text: "? \(reason)"))
      Self.forgetLastStep(&phone.state)
    } else {
      step.transition = .init(from: from, action: chosen.action, argument: chosen.argument, role: role)
    }
  }

  /// A refused input changes nothing, and what the step before it said is not said again: its notes and notice go,
  /// and so does its error unless it can still be retried (its "Try again" stays on the screen).
  static func forgetLastStep(_ state: inout AppState) {
    if !state.notes.isEmpty { state.notes = [] }
    if state.notice != nil { state.notice = nil }
    if state.retry == nil, state.error != nil { state.error = nil }
  }

  /// Refreshes every open phone's screen, after someone outside the simulation (a client of the services' HTTP API)
  /// changed the world under them.
  package func refreshOpenPhones() async {
    for user in openPhones {
      guard var phone = phones[user] else { continue }
      let services = phone.services
      await flow.refresh(&phone.state, services: services)
      phones[user] = phone
    }
  }

  /// Refreshes the acting person's screen, after the world or the clock changed under it.
  func refresh() async {
    guard var phone = phones[actingUser] else { return }
    let services = phone.services
    await flow.refresh(&phone.state, services: services)
    phones[actingUser] = phone
  }
}
