import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

/// Model-based testing: a breadth-first walk over every input from every reachable state of a scenario, with its
/// mocks, faults and clock, states deduplicated, checking the app's invariants after every step.
///
/// The inputs at a state are the actions the screen offers (with sample values for those that take one) and
/// `:relaunch`; with faults, also `:offline`, `:online` and a week on the clock. A violation is reported with the
/// shortest input sequence that breaks it (breadth first finds the shortest).
public struct Explorer {
  public struct Options: Sendable {
    public var depth: Int
    /// Start by acting as the first member holding this role.
    public var role: Role?
    /// Also explore the network going and coming, and the clock jumping a week.
    public var faults: Bool
    /// Stop after this many states (a bound on time and memory).
    public var maximumStates: Int

    public init(depth: Int = 6, role: Role? = nil, faults: Bool = false, maximumStates: Int = 20_000) {
      self.depth = depth
      self.role = role
      self.faults = faults
      self.maximumStates = maximumStates
    }
  }

  /// A broken invariant and the shortest inputs that break it.
  public struct Violation: Equatable, Sendable {
    public var invariant: String
    public var inputs: [String]
  }

  public struct Report: Sendable {
    public var states = 0
    public var transitions = 0
    public var seconds = 0.0
    /// The shortest inputs that reach each screen.
    public var reached: [ScreenID: [String]] = [:]
    /// States where the screen offers nothing to do: the person is stuck.
    public var deadEnds: [(screen: ScreenID, inputs: [String])] = []
    public var violations: [Violation] = []
    /// Whether the walk stopped at the state bound before the depth was exhausted.
    public var truncated = false

    public var neverReached: [ScreenID] { ScreenID.allCases.filter { reached[$0] == nil } }
  }

  public let scenario: Scenario
  public let flow: Flow
  /// The table the invariants hold the app to: the design, even when `flow` runs a table under test.
  public let reference: FlowTable
  public let options: Options

  public init(scenario: Scenario, flow: Flow = Flow(), reference: FlowTable = .app, options: Options = Options()) {
    self.scenario = scenario
    self.flow = flow
    self.reference = reference
    self.options = options
  }

  /// A state the walk reached: where it is put aside, and how it was reached (the input from its parent).
  private struct Node {
    /// Where the state is put aside: dropped once every input from the state was tried, and not kept for a state at
    /// the depth bound, whose inputs are not tried (so the walk holds only the checkpoints still to be tried).
    var checkpoint: Simulator.Checkpoint?
    var key: Simulator.StateKey
    var parent: Int
    var input: String
    var depth: Int
  }

  /// An input to try, and the action it chooses (`nil` for a simulator command).
  struct Input {
    var text: String
    var action: ActionID?
  }

  public func run() async -> Report {
    let clock = ContinuousClock()
    let start = clock.now
    var report = Report()
    let simulator = Simulator(scenario: scenario, flow: flow)
    await simulator.start()
    simulator.drawsScreens = false
    var prefix: [String] = []
    if let role = options.role, let member = scenario.configuration.world.memberships.first(where: { $0.role == role })
    {
      prefix = [":as \(member.userID)"]
      _ = await simulator.handle(prefix[0])
    }
    let first = simulator.checkpoint()
    var nodes = [Node(checkpoint: first, key: simulator.key(first), parent: -1, input: "", depth: 0)]
    func path(_ index: Int) -> [String] {
      var inputs: [String] = []
      var index = index
      while index > 0 {
        inputs.append(nodes[index].input)
        index = nodes[index].parent
      }
      return prefix + inputs.reversed()
    }
    var seen: Set<Simulator.StateKey> = [nodes[0].key]
    var shown: [ScreenID: (text: String, key: Simulator.StateKey)] = [:]
    note(simulator, prefix, into: &report)
    var resolutions = Resolutions(flow: flow)
    var head = 0
    explore: while head < nodes.count {
      let index = head
      head += 1
      let node = nodes[index]
      guard node.depth < options.depth, let checkpoint = node.checkpoint else { continue }
      nodes[index].checkpoint = nil
      simulator.restore(checkpoint)
      let before = simulator.state
      let actions = flow.actions(in: before)
      let ids = actions.map(\.id)
      if actions.isEmpty {
        report.deadEnds.append((before.screen.id, path(index)))
      }
      let waiting = waitingChanges(checkpoint)
      var fresh = true
      let answers = resolutions.answers(in: before, listed: ids)
      for input in inputs(before, actions: actions, backend: checkpoint.backend) {
        if !fresh { simulator.restore(checkpoint) }
        fresh = false
        let resolved = input.action.map { _ in resolutions.resolve(input.text, in: before, at: answers) }
        let step = await simulator.handle(input.text, recording: false, resolved: resolved)
        report.transitions += 1
        let next = simulator.checkpoint()
        let key = simulator.key(next, earlier: node.key)
        let isNew = seen.insert(key).inserted
        // A state seen before, reached by a step that signs no one out, from a state with no error and no waiting
        // change, has no invariant to check: look at the app's state only otherwise (it is a large value to copy).
        var broken: [String] = []
        let after =
          isNew || step.transition?.action == .signOut || !waiting.isEmpty || before.error != nil
          ? simulator.state : nil
        broken += ruleViolations(simulator, step, before: before, from: checkpoint, to: next)
        if let after {
          broken += violations(simulator, step, state: after, checkpoint: next, newState: isNew)
          broken += lostChanges(waiting: waiting, after: next, notes: after.notes)
          broken += unfollowedRecovery(before, offered: actions, input, step, after: after)
        }
        if isNew || !broken.isEmpty {
          let inputs = path(index) + [input.text]
          for sentence in broken where !report.violations.contains(where: { $0.invariant == sentence }) {
            report.violations.append(Violation(invariant: sentence, inputs: inputs))
          }
          if let after, isNew, report.reached[after.screen.id] == nil {
            note(simulator, inputs, into: &report)
            // The walk draws no screens; take the step again, drawn, to compare with a replay later.
            simulator.restore(checkpoint)
            simulator.drawsScreens = true
            let drawn = await simulator.handle(input.text, recording: false, resolved: resolved)
            simulator.drawsScreens = false
            shown[after.screen.id] = (drawn.text(style: .plain), key)
          }
        }
        guard isNew else { continue }
        let depth = node.depth + 1
        nodes.append(
          Node(checkpoint: depth < options.depth ? next : nil, key: key, parent: index, input: input.text, depth: depth)
        )
        guard seen.count < options.maximumStates else {
          report.truncated = true
          break explore
        }
      }
    }
    report.states = seen.count
    let elapsed = clock.now - start
    report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    for screen in ScreenID.allCases {
      guard let inputs = report.reached[screen], let explored = shown[screen] else { continue }
      if let broken = await replayDiffers(inputs, text: explored.text, key: explored.key) {
        report.violations.append(Violation(invariant: broken, inputs: inputs))
      }
    }
    return report
  }

  private func note(_ simulator: Simulator, _ inputs: [String], into report: inout Report) {
    let screen = simulator.state.screen.id
    if report.reached[screen] == nil { report.reached[screen] = inputs }
  }

  /// What a person can type here: each offered action (with sample values), and the simulator's moves.
  /// `state`: the acting person's; `actions`, what its screen offers; `backend`, the backend as it is now.
  func inputs(_ state: AppState, actions: [FlowAction], backend: MockBackend.Snapshot) -> [Input] {
    var inputs: [Input] = []
    for action in actions {
      let phrase = action.phrases[0]
      guard action.argument != nil else {
        inputs.append(Input(text: phrase, action: action.id))
        continue
      }
      inputs += samples(for: action.id, state: state, backend: backend).map {
        Input(text: "\(phrase) \($0)", action: action.id)
      }
    }
    inputs.append(Input(text: ":relaunch", action: nil))
    if options.faults {
      inputs += [":offline", ":online", ":clock +8d"].map { Input(text: $0, action: nil) }
      if let deadline = Self.nextDeadline(state, backend: backend) {
        inputs.append(Input(text: ":clock +\(deadline)s", action: nil))
      }
    }
    return inputs
  }

  /// Seconds from `state`'s time to one past the nearest deadline ahead of the acting person, within the week the
  /// walk's other jump skips: their visit's end, their access token's, their code's, their sign-in lock's.
  static func nextDeadline(_ state: AppState, backend: MockBackend.Snapshot) -> Int? {
    var deadlines: [Date] = []
    if let end = state.membership?.expiresAt { deadlines.append(end) }
    if let access = state.session.auth?.expiresAt { deadlines.append(access) }
    if case .awaitingCode(let challenge) = state.session {
      deadlines.append(challenge.expiresAt)
      if let lock = backend.signInLocks[challenge.user.id] { deadlines.append(lock) }
    }
    let ahead = deadlines.map { $0.timeIntervalSince(state.now) }.filter { $0 >= 0 && $0 < 7 * 86400 }
    return ahead.min().map { Int($0.rounded(.down)) + 1 }
  }

  /// What the words of the inputs mean, resolved once for each different thing resolving reads rather than once
  /// for each state: the screen, the actions it lists (``Flow/actions(in:)``, which the walk works out anyway),
  /// the words, the state's time, and whether each of the screen's other actions whose words could match holds
  /// its condition (``InputParser/resolve(_:in:)`` lets an action hidden from the role match, to explain the
  /// refusal).
  /// Most states differ only in what resolving does not read (the world, the phone's memory, the loaded content),
  /// so most inputs are found here. Resolving must read nothing else of the state; debug builds check every answer
  /// found here against resolving again.
  struct Resolutions {
    /// What resolving reads of a state, besides the words: the same for every input tried from the state.
    struct Reading: Hashable {
      var screen: ScreenID
      var listed: [ActionID]
      /// The state's time: reading a value may depend on it (a date given relative to now).
      var now: Date
    }

    struct Entry {
      /// The screen's actions, not listed, whose words could match the text.
      var others: [FlowAction]
      /// The answers, by which of `others` hold their condition (bit `i` for `others[i]`).
      var answers: [UInt64: InputParser.Resolution]
    }

    let parser: InputParser
    private var flow: Flow { parser.flow }
    /// By reading, then by the words typed.
    private var entries: [Reading: [String: Entry]] = [:]

    init(flow: Flow) {
      parser = InputParser(flow: flow)
    }

    /// Where the answers for `state` are kept, found once for all the inputs tried from it; `listed`, the ids of
    /// `flow.actions(in: state)`.
    mutating func answers(in state: AppState, listed ids: [ActionID]) -> Dictionary<Reading, [String: Entry]>.Index {
      let reading = Reading(screen: state.screen.id, listed: ids, now: state.now)
      if let index = entries.index(forKey: reading) { return index }
      entries[reading] = [:]
      return entries.index(forKey: reading)!
    }

    /// `parser.resolve(text, in: state)`; `place`, what ``answers(in:listed:)`` gave for `state`.
    mutating func resolve(
      _ text: String, in state: AppState, at place: Dictionary<Reading, [String: Entry]>.Index
    ) -> InputParser.Resolution {
      if let entry = entries.values[place][text] {
        let holding = Self.holding(entry.others, in: state)
        if let known = entry.answers[holding] {
          assert(known == parser.resolve(text, in: state), "exploration resolved “\(text)” unlike InputParser")
          return known
        }
        let resolution = parser.resolve(text, in: state)
        entries.values[place][text]!.answers[holding] = resolution
        return resolution
      }
      let listed = entries.keys[place].listed
      let lowered = text.collapsingWhitespace.lowercased()
      let others = flow.table[state.screen.id].actions.filter { action in
        !listed.contains(action.id) && action.phrases.contains { InputParser.typed(lowered, matches: $0, of: action) }
      }
      precondition(others.count <= 64, "more unlisted actions match “\(text)” than exploration can tell apart")
      let resolution = parser.resolve(text, in: state)
      entries.values[place][text] = Entry(
        others: others, answers: [Self.holding(others, in: state): resolution])
      return resolution
    }

    /// Which of `others` hold their condition in `state`, as bits.
    private static func holding(_ others: [FlowAction], in state: AppState) -> UInt64 {
      var bits: UInt64 = 0
      for (index, action) in others.enumerated() where action.condition?.test(state) ?? true {
        bits |= 1 << UInt64(index)
      }
      return bits
    }
  }

  /// The journeys that reach each screen the walk reached, by its shortest inputs, each ending in an expectation
  /// of the screen: `reach-calendar`, `reach-event-detail`, … Recorded with `check --update`, they become golden
  /// transcripts.
  public static func journeys(_ report: Report) -> [Journey] {
    ScreenID.allCases.compactMap { screen in
      guard let inputs = report.reached[screen] else { return nil }
      return Journey(name: journeyName(screen), steps: inputs + [":expect screen=\(screen.rawValue)"])
    }
  }

  /// `reach-` and the screen's name in lowercase words: `reach-event-detail`.
  static func journeyName(_ screen: ScreenID) -> String {
    var name = "reach"
    for character in screen.rawValue {
      if character.isUppercase {
        name += "-\(character.lowercased())"
      } else if name.hasSuffix("reach") {
        name += "-\(character)"
      } else {
        name.append(character)
      }
    }
    return name
  }

  private func samples(for action: ActionID, state: AppState, backend: MockBackend.Snapshot) -> [String] {
    switch action {
    case .nameFamily: return ["The Explorers", "X"]
    case .familyCode: return (backend.families.prefix(1).map(\.code)) + ["ZZZZZZ"]
    case .enterCode: return backend.accounts.compactMap(\.mfaCode).prefix(1) + ["000000"]
    case .assign, .with: return state.content.members.prefix(2).map { $0.profile.firstName }
    case .changeRole: return ["adult", "child"]
    case .when, .due: return [DateText.typed(state.now.addingTimeInterval(86400))]
    case .points: return ["3"]
    case .title, .place, .send, .post: return ["Sample"]
    case .toggle: return ["messages"]
    default: return ["1", "2"]
    }
  }

  /// The invariants after a step; each broken one as a sentence. Those that depend only on the state reached are
  /// checked the first time it is reached (`newState`), by the shortest inputs: a state seen before passed them.
  func violations(
    _ simulator: Simulator, _ step: Step, state: AppState, checkpoint: Simulator.Checkpoint, newState: Bool
  ) -> [String] {
    var broken: [String] = []
    if step.transition?.action == .signOut {
      if state.session != .signedOut { broken.append("the app still holds a session after signing out") }
      if simulator.phones[simulator.actingUser]?.device.token != nil {
        broken.append("the phone keeps its token after signing out")
      }
    }
    guard newState else { return broken }
    let screen = state.screen.id
    if screen.needsFamily, state.family == nil || state.user == nil {
      broken.append("a family screen (\(screen.rawValue)) shows without a signed-in member")
    }
    if let requires = reference[screen].requires, screen.needsFamily, !state.allows(requires) {
      broken.append(
        "\(state.role?.displayName ?? "someone without a role") is on \(screen.rawValue), which needs “\(requires.summary)”"
      )
    }
    if screen.needsFamily, let membership = state.membership,
      !membership.isActive(at: simulator.environment.clock.now())
    {
      broken.append("a visitor whose access ended is still on \(screen.rawValue)")
    }
    let codes = checkpoint.backend.families.map(\.code)
    if codes.count > 1, Set(codes).count != codes.count { broken.append("two families share a family code") }
    if let phone = checkpoint.phoneKeys.first(where: { $0.user == checkpoint.actingUser }) {
      let ids = phone.memory.outbox.changes.map(\.id)
      if ids.count > 1, Set(ids).count != ids.count { broken.append("a waiting change is queued twice") }
    }
    let now = simulator.environment.clock.now()
    for user in checkpoint.backend.peopleInSeveralFamilies(at: now) {
      broken.append("\(user) is an active member of more than one family")
    }
    if let shown = Flow.familyContentWithoutAccess(state, at: now) { broken.append(shown) }
    let listed = flow.actions(in: state)
    let body = flow.table[screen].body(state)
    if let offered = flow.itemActionsWithoutItems(state, offered: listed, body: body) { broken.append(offered) }
    for text in flow.textShown(state, body: body) {
      if let miscount = Flow.miscountedNoun(in: text) { broken.append("a count disagrees with its noun: \(miscount)") }
    }
    if let error = state.error {
      let offered = listed
      for recovery in error.recovery where !Flow.offers(recovery, among: offered) {
        broken.append("\(error.code.rawValue) on \(screen.rawValue) offers “\(recovery.label)”, which the screen lacks")
      }
      // What ``Flow/recoveryActions(in:failed:)`` names is empty only when the screen offers nothing.
      if offered.isEmpty {
        broken.append("\(error.code.rawValue) on \(screen.rawValue) names no way forward")
      }
    }
    return broken
  }

  /// The rules a step keeps whether or not the state it reaches is new: wrong verification codes are forgotten only
  /// by a successful sign-in or the end of a lockout; a success notice only when something changed (the backend,
  /// the changes waiting on the acting phone or its session; not the count of changes the phone has made, which
  /// every submitted change moves). `before`, the acting person's state before the step.
  func ruleViolations(
    _ simulator: Simulator, _ step: Step, before: AppState, from: Simulator.Checkpoint, to: Simulator.Checkpoint
  ) -> [String] {
    var broken: [String] = []
    let now = simulator.environment.clock.now()
    let forgotten = to.backend.wrongCodesForgotten(since: from.backend, signedIn: [], at: now)
    if !forgotten.isEmpty {
      let signedIn: Set<UserID> =
        before.session.auth == nil ? Set(simulator.state.session.auth.map { [$0.user.id] } ?? []) : []
      for user in to.backend.wrongCodesForgotten(since: from.backend, signedIn: signedIn, at: now) {
        broken.append("\(user)'s wrong verification codes were forgotten without a sign-in or a lockout ending")
      }
    }
    if step.transition != nil, let notice = simulator.phones[simulator.actingUser]?.state.notice,
      !FlowTable.noChangeNotices.contains(notice), to.backend == from.backend
    {
      let phone = { (checkpoint: Simulator.Checkpoint) in
        checkpoint.phoneKeys.first { $0.user == checkpoint.actingUser }
      }
      let (earlier, later) = (phone(from), phone(to))
      if let earlier, let later, earlier.memory.isSame(apartFromChangesMade: later.memory),
        earlier.session == later.session
      {
        broken.append("“\(notice)” is shown, but nothing changed")
      }
    }
    return broken
  }

  /// The changes each phone holds, waiting to be sent, at `checkpoint` (before a step).
  private func waitingChanges(_ checkpoint: Simulator.Checkpoint) -> [(user: UserID, changes: [PendingChange])] {
    var waiting: [(user: UserID, changes: [PendingChange])] = []
    for phone in checkpoint.phoneKeys where !phone.memory.outbox.changes.isEmpty {
      waiting.append((phone.user, phone.memory.outbox.changes))
    }
    return waiting
  }

  /// No accepted change lost: a change a phone held, waiting, before a step is after it still waiting, applied by
  /// the backend (or settled by its conflict rules), or refused with a note that says so.
  ///
  /// `after`: the simulation after the step; `actingNotes`, what the step noted on the acting phone.
  private func lostChanges(
    waiting: [(user: UserID, changes: [PendingChange])], after: Simulator.Checkpoint, notes actingNotes: [String]
  ) -> [String] {
    guard !waiting.isEmpty else { return [] }
    let applied = after.backend.appliedChanges
    var broken: [String] = []
    for (user, changes) in waiting {
      let phone = after.phoneKeys.first { $0.user == user }
      let still = Set(phone?.memory.outbox.changes.map(\.id) ?? [])
      let notes = user == after.actingUser ? actingNotes : []
      for change in changes where !still.contains(change.id) && !applied.contains(change.id) {
        guard !notes.contains(where: { $0.hasPrefix("Not synced: \(change.summary).") }) else { continue }
        broken.append("the waiting change “\(change.summary)” was lost: neither sent nor still waiting")
      }
    }
    return broken
  }

  /// Every recovery offered leads somewhere: choosing the action an error names as the way forward is not
  /// refused, and does not end on a screen with nothing to do.
  private func unfollowedRecovery(
    _ before: AppState, offered: [FlowAction], _ input: Input, _ step: Step, after: AppState
  ) -> [String] {
    guard let error = before.error, let action = input.action,
      let chosen = offered.first(where: { $0.id == action }),
      error.recovery.contains(where: { Flow.follows($0, chosen) })
        || !error.recovery.contains(where: { recovery in offered.contains { Flow.follows(recovery, $0) } })
    else { return [] }
    // Only an input that may be one of the ways the error names is worth working those out.
    for named in flow.recoveryActions(in: before) where named.id == action {
      let offers = "\(error.code.rawValue) on \(before.screen.id.rawValue) names “\(named.label)”"
      if step.transition == nil { return ["\(offers), but “\(input.text)” is refused"] }
      if flow.actions(in: after).isEmpty {
        return ["\(offers), but “\(input.text)” leads to \(after.screen.id.rawValue), which offers nothing to do"]
      }
    }
    return []
  }

  /// Replay is identical: the inputs typed from the start, in a fresh simulation, show the text the walk saw and
  /// leave the same state. `nil` when they do.
  private func replayDiffers(_ inputs: [String], text: String, key: Simulator.StateKey) async -> String? {
    let fresh = Simulator(scenario: scenario, flow: flow)
    await fresh.start()
    var last: Step?
    for input in inputs { last = await fresh.handle(input) }
    guard let last else { return nil }
    let replayed = last.text(style: .plain)
    if replayed != text {
      let explored = text.split(separator: "\n", omittingEmptySubsequences: false)
      let again = replayed.split(separator: "\n", omittingEmptySubsequences: false)
      let line =
        (0..<min(explored.count, again.count)).first { explored[$0] != again[$0] } ?? min(explored.count, again.count)
      let said = line < explored.count ? String(explored[line]) : "(nothing)"
      let says = line < again.count ? String(again[line]) : "(nothing)"
      return "replaying the inputs from the start shows different text than exploring did, "
        + "from line \(line + 1) of the last step: “\(says)” instead of “\(said)”"
    }
    if fresh.key(fresh.checkpoint()) != key {
      return "replaying the inputs from the start leaves a different state than exploring did"
    }
    return nil
  }
}
