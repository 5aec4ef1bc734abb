import Foundation
import TribeBoardAPI
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

/// One simulation served to the browser: the engine, the phones on show, the simulator's recent messages, a
/// recording, and the windows watching it. Steps run one at a time, in the order they arrive, so every window sees
/// the same story and no step is lost or applied twice.
package actor LiveSimulation {
  /// Steps run on the server's event loop, where the page's socket is read and written: a step then never crosses
  /// threads, which on a small machine costs more than the step itself.
  package nonisolated var unownedExecutor: UnownedSerialExecutor { BrowserServer.loopSerial.asUnownedSerialExecutor() }

  let id: String
  private let simulator: Simulator
  /// Where scenario files may be read from (`:scenario FILE`); `nil` for built-in scenarios only.
  let folder: URL?
  /// How the recording's header names the scenario: a built-in name, or the path as given.
  private var scenarioReference: String
  /// Bumped by every change; windows compare it with theirs.
  package private(set) var version = 0
  /// The simulator's messages of the last steps, oldest first.
  private(set) var log: [Step.Message] = []
  /// The people whose phone is drawn, in the order they were added; the acting one always is.
  private var shown: [UserID] = []
  /// The steps recorded since "Record", the opening one first; `nil` when not recording.
  private var recording: [Step]?
  /// The journey step the simulation stands on after a `:go` (for the address), until the next input.
  private(set) var position: String?
  private var watchers: [UUID: AsyncStream<Int>.Continuation] = [:]
  /// Whether the server stopped or dropped this simulation: its windows' events end.
  private var isClosed = false
  /// When someone last did something here or had it open, for dropping idle simulations.
  private(set) var lastUsed = ContinuousClock.now

  static let logLength = 40

  package init(id: String, scenario: Scenario, reference: String, folder: URL?) async {
    self.id = id
    simulator = Simulator(scenario: scenario)
    self.folder = folder
    scenarioReference = reference
    let opening = await simulator.start()
    note(opening)
    shown = [simulator.actingUser]
  }

  var scenario: Scenario { simulator.scenario }
  var isRecording: Bool { recording != nil }
  var hasWatchers: Bool { !watchers.isEmpty }

  /// What happened when the person acting on `phone` (or the one in hand) typed or clicked `line`.
  package struct Outcome: Sendable {
    package var steps: [Step]
    /// Whether the scenario changed, so the page's static parts (journeys, people) must be drawn again.
    package var switchedScenario: Bool
  }

  /// Runs `line` as the REPL would, on `phone`'s person (taking up their phone first, as `:as` does, when they are
  /// not the one in hand). Lines the browser answers itself: `:save` (use "Download scenario"), `:quit`, and
  /// `:scenario` with a file outside the folder served.
  package func handle(_ line: String, phone: UserID? = nil) async -> Outcome {
    await handle(.line(line), phone: phone)
  }

  /// Runs `command` (a control of the page or the control API) as ``handle(_:phone:)-(String,_)`` runs its line.
  package func handle(_ command: SimulatorCommand, phone: UserID? = nil) async -> Outcome {
    await handle(.command(command), phone: phone)
  }

  /// Runs what a person chose on `phone` (see ``handle(_:phone:)-(String,_)``): an item's action acts on the item it
  /// names, wherever the list now shows it; a form's fields are set in order and its submit sent, stopping at the
  /// first one refused, whose error the form shows at that field.
  package func handle(_ choice: BrowserInput.Choice, phone: UserID? = nil) async -> Outcome {
    lastUsed = .now
    var steps: [Step] = []
    if let phone, phone != simulator.actingUser, simulator.openPhones.contains(phone) {
      steps.append(record(await simulator.handle(.act(as: phone))))
    }
    switch choice {
    case .line(let line):
      let typed = line.trimmingWhitespaceScalars
      // A command typed is read as the engine reads it; one it can't read, the engine says why.
      if typed.hasPrefix(":"), case .success(let command) = simulator.command(from: String(typed.dropFirst())) {
        return await handle(command, typed: typed, after: steps)
      }
      return await handle(nil, typed: typed, after: steps)
    case .command(let command):
      return await handle(command, typed: nil, after: steps)
    case .unreadable(let problem):
      var step = Step(input: nil)
      step.messages.append(.init(kind: .problem, text: problem))
      steps.append(step)
      note(step)
    case .onItem(let action, let item):
      steps.append(record(await simulator.handle(action, onItem: item)))
    case .form(let lines):
      for line in lines {
        let step = await run(line)
        steps.append(step)
        if step.snapshot?.error != nil || step.messages.contains(where: { $0.kind == .problem }) { break }
      }
    }
    if !shown.contains(simulator.actingUser) { shown.append(simulator.actingUser) }
    position = nil
    changed()
    return Outcome(steps: steps, switchedScenario: false)
  }

  /// Runs `command`, or the line `typed` when it is no command the engine reads; `typed`, the words a person typed
  /// for the command, which the step keeps as its input (a control's command keeps its own line).
  private func handle(_ command: SimulatorCommand?, typed: String?, after earlier: [Step]) async -> Outcome {
    var steps = earlier
    let before = simulator.scenario.name
    if let command, let refusal = refusal(of: command) {
      var step = Step(input: typed ?? command.line)
      step.messages.append(.init(kind: .problem, text: refusal))
      steps.append(step)
      note(step)
    } else if let command {
      steps.append(record(await simulator.handle(command, as: typed)))
    } else {
      steps.append(await run(typed ?? ""))
    }
    let succeeded = steps.last?.messages.allSatisfy { $0.kind != .problem } ?? false
    var switchedTo: String?
    if case .scenario(let name) = command, !name.isEmpty, succeeded { switchedTo = name }
    let switched = switchedTo != nil || command == .reset || simulator.scenario.name != before
    if switched {
      shown = [simulator.actingUser]
      position = nil
      if let switchedTo { scenarioReference = switchedTo }
    }
    if case .go(let journey, _) = command, !journey.isEmpty, succeeded {
      position = command?.words
    } else if Simulator.changesTheSimulation(command?.line ?? typed ?? "") {
      position = nil
    }
    if !shown.contains(simulator.actingUser) { shown.append(simulator.actingUser) }
    changed()
    return Outcome(steps: steps, switchedScenario: switched)
  }

  private func run(_ line: String) async -> Step {
    record(await simulator.handle(line))
  }

  /// Keeps a step: the screen it left, the log, the recording.
  private func record(_ step: Step) -> Step {
    lastScreen = step.snapshot.map { (simulator.actingUser, $0) }
    note(step)
    // A step without input (an item no longer shown) changed nothing and is no line of a transcript.
    if step.input != nil { recording?.append(step) }
    return step
  }

  /// Why the browser does not pass a simulator command to the simulator, if it does not.
  private func refusal(of command: SimulatorCommand) -> String? {
    switch command {
    case .save:
      return "? The browser writes nothing on the server: use “Download scenario” to save the world as a file."
    case .quit:
      return "? Close the tab to leave; the simulation stays here for the next visit."
    case .scenario(let name) where ScenarioCatalog.isPath(name):
      return ScenarioFiles.check(name, in: folder)
    default:
      return nil
    }
  }

  private func note(_ step: Step) {
    var messages = step.messages
    if let input = step.input { messages.insert(.init(kind: .info, text: "> " + input), at: 0) }
    log += messages
    if log.count > Self.logLength { log.removeFirst(log.count - Self.logLength) }
    logLines.append(messages, keeping: Self.logLength)
  }

  /// The log's messages as drawn, each drawn once.
  private var logLines = BrowserPage.LogLines()

  /// The screen the last step drew and whose phone it was: what that phone shows until something else happens.
  private var lastScreen: (user: UserID, snapshot: ScreenSnapshot)?

  /// Removes `user`'s phone from the page (the phone in hand stays); the simulation is unchanged.
  func hide(_ user: UserID) {
    lastUsed = .now
    guard user != simulator.actingUser else { return }
    shown.removeAll { $0 == user }
    changed()
  }

  /// Starts a recording: the scenario starts again, and every step from its opening screen on is kept.
  func startRecording() async {
    lastUsed = .now
    let opening = await simulator.start()
    log = []
    logLines = .init()
    lastScreen = opening.snapshot.map { (simulator.actingUser, $0) }
    note(opening)
    shown = [simulator.actingUser]
    position = nil
    recording = [opening]
    changed()
  }

  func stopRecording() {
    recording = nil
    changed()
  }

  /// The recording as a transcript file that `tribeboard check` replays; `nil` when not recording.
  func transcript() -> String? {
    guard let recording, let first = recording.first else { return nil }
    var text = TranscriptHeader(scenario: scenarioReference).text + Transcript.format(first) + "\n"
    for step in recording.dropFirst() { text += Transcript.format(step) + "\n" }
    return text
  }

  /// The world as `:save` would write it.
  func savedScenario() async -> String {
    ScenarioWriter.yaml(await simulator.savedScenario())
  }

  /// The phones on show, the one in hand first.
  func phoneViews() async -> [Simulator.PhoneView] {
    var views: [Simulator.PhoneView] = []
    for user in simulator.openPhones where shown.contains(user) {
      let drawn = lastScreen.flatMap { $0.user == user ? $0.snapshot : nil }
      if let view = await simulator.phoneView(of: user, shown: drawn) { views.append(view) }
    }
    return views
  }

  /// What the controls show of the simulation.
  struct Facts: Sendable {
    var scenario: Scenario
    var now: Date
    var acting: UserID
    var people: [UserProfile]
    var open: [UserID]
    var shown: [UserID]
    /// Armed faults: the id `:fault clear` takes, and the fault in words.
    var faults: [(id: String, summary: String)]
    var recordingSteps: Int?
  }

  func facts() -> Facts {
    Facts(
      scenario: simulator.scenario, now: simulator.now, acting: simulator.actingUser, people: simulator.people,
      open: simulator.openPhones, shown: shown, faults: simulator.armedFaults.map { ($0.id, $0.summary) },
      recordingSteps: recording.map { $0.count - 1 })
  }

  // MARK: Drawing

  /// The page's changing parts as last drawn, and the version they show.
  struct Drawing: Sendable {
    var version: Int
    var regions: BrowserPage.Regions
  }

  private var drawing: Drawing?
  private var phoneDrawings = BrowserPage.PhoneDrawings()
  private var controlDrawings = BrowserPage.ControlDrawings()

  /// The page's changing parts now, drawn once per version; with the drawing before, so an answer to a window that
  /// has it can leave out what did not change.
  func rendered(base: String) async -> (now: Drawing, before: Drawing?) {
    if let drawing, drawing.version == version { return (drawing, nil) }
    let regions = BrowserPage.regions(
      facts: facts(), views: await phoneViews(), log: logLines.html, base: base, drawn: &phoneDrawings,
      controls: &controlDrawings)
    let before = drawing
    drawing = Drawing(version: version, regions: regions)
    return (drawing!, before)
  }

  /// What a window is sent: the version, the page's address, and the parts of the page it lacks.
  package struct Update: Sendable {
    package var version: Int
    /// The query part of the page's address (`?scenario=…&go=…`) for the window's location bar.
    package var address: String
    /// The parts that changed since the version the window said it shows (`known`), or every part when it did not
    /// say or shows one older than the drawing before.
    package var regions: [(name: String, html: String)]
  }

  /// The page as it is now, for a window that shows version `known`.
  package func update(base: String, known: Int?) async -> Update {
    let (drawing, before) = await rendered(base: base)
    let shown: BrowserPage.Regions? =
      known == drawing.version
      ? drawing.regions : known != nil && known == before?.version ? before?.regions : nil
    let previous = shown?.named
    var regions: [(name: String, html: String)] = []
    for (index, (name, html)) in drawing.regions.named.enumerated() where previous?[index].1 != html {
      regions.append((name, html))
    }
    return Update(version: drawing.version, address: address(), regions: regions)
  }

  /// Runs `line` (see ``handle(_:phone:)``) and answers with the page as it is after it, in one turn of the actor.
  package func step(_ choice: BrowserInput.Choice, phone: UserID?, base: String, known: Int?) async -> (
    Outcome, Update
  ) {
    let outcome = await handle(choice, phone: phone)
    return (outcome, await update(base: base, known: known))
  }

  /// The query part of the page's address: the scenario and, after a `:go`, the journey step.
  private func address() -> String {
    "?scenario=\(simulator.scenario.name.queryEscaped)"
      + (position.map { "&go=\($0.queryEscaped)" } ?? "")
  }

  // MARK: The services over HTTP

  /// The mock world as it is now (a reset or a scenario switch makes a new one).
  var environment: MockEnvironment { simulator.environment }

  /// Runs `call`, a call of the services' HTTP API, in this simulation's turn, so it never interleaves with a page's
  /// step. After one that may have changed the world (`changing`), every open phone loads its screen again and the
  /// windows watching are told, as they are after a step on the page: an HTTP client is one more phone.
  func serve<T: Sendable>(changing: Bool, _ call: @Sendable (MockEnvironment) async throws -> T) async throws -> T {
    lastUsed = .now
    let result: Result<T, any Error>
    do {
      result = .success(try await call(simulator.environment))
    } catch {
      result = .failure(error)
    }
    if changing {
      await simulator.refreshOpenPhones()
      lastScreen = nil
      changed()
    }
    // The simulated time this call (and the loads it caused) took is the client's: the next step on the page or
    // through the control API says only what its own calls took.
    _ = simulator.environment.backend.takeElapsed()
    return try result.get()
  }

  /// Runs `call` while recording: made as `:api` makes it when the recording is replayed, and kept in the recording
  /// as that line, so the recording holds every change an API client made.
  func serveRecorded(_ call: APICall) async -> Result<BrowserServer.APIAnswer, Wire.Problem> {
    lastUsed = .now
    let result = await BrowserServer.answer(to: call, in: simulator.environment)
    _ = record(await simulator.step(for: call, answered: BrowserServer.status(of: result)))
    changed()
    return result
  }

  // MARK: Watching

  /// Versions as they change, for a window's server-sent events; ends when the simulation is dropped.
  func watch() -> AsyncStream<Int> {
    lastUsed = .now
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(version)
    // Once closed, a window that comes back (an event stream reconnects by itself) is told at once that it ends,
    // so a stopping server does not wait for it.
    guard !isClosed else {
      continuation.finish()
      return stream
    }
    let key = UUID()
    watchers[key] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { await self?.stopWatching(key) }
    }
    return stream
  }

  private func stopWatching(_ key: UUID) {
    watchers[key] = nil
    lastUsed = .now
  }

  /// Ends every window's events (the server is stopping, or the simulation is dropped).
  func close() {
    isClosed = true
    for watcher in watchers.values { watcher.finish() }
    watchers = [:]
  }

  private func changed() {
    version += 1
    for watcher in watchers.values { watcher.yield(version) }
  }
}
