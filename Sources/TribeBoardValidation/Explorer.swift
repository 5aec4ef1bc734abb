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
/// The inputs at a state are the actions the screen offers (with sample values for those that take one),
/// `:relaunch`, and after a step that said something, words no screen knows; with faults, also `:offline`,
/// `:online`, a week on the clock and a jump past the nearest deadline; with ``Options/latency``, slow calls;
/// with ``Options/people``, a second person acting (`:as`). A violation is reported with the
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
    /// Also try every input slow: a move that makes each data call take this long (and one that makes them answer
    /// at once again); with faults, while calls are slow, the clock jumps to a second before each deadline ahead,
    /// so a slow call crosses it.
    public var latency: TimeInterval?
    /// Also let a second person act: `:as` one account of each role in the scenario's families, and one account
    /// without a family, besides the acting person.
    public var people: Bool

    public init(
      depth: Int = 6, role: Role? = nil, faults: Bool = false, maximumStates: Int = 20_000,
      latency: TimeInterval? = nil, people: Bool = false
    ) {
      self.depth = depth
      self.role = role
      self.faults = faults
      self.maximumStates = maximumStates
      self.latency = latency
      self.people = people
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
  /// Who may act besides the person the walk starts as, with ``Options/people``.
  let people: [UserID]

  public init(scenario: Scenario, flow: Flow = Flow(), reference: FlowTable = .app, options: Options = Options()) {
    self.scenario = scenario
    self.flow = flow
    self.reference = reference
    self.options = options
    people = options.people ? Self.people(of: scenario) : []
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
      for input in inputs(before, actions: actions, backend: checkpoint.backend, acting: checkpoint.actingUser) {
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
        let signsOut = Self.signsOut(step, from: before)
        let after = isNew || signsOut || !waiting.isEmpty || before.error != nil ? simulator.state : nil
        broken += ruleViolations(simulator, step, before: before, from: checkpoint, to: next)
        if Self.saidSomething(before) {
          broken += await repeatedFeedback(
            simulator, input, before: before, said: after ?? simulator.state, from: checkpoint, to: next)
        }
        if let after {
          broken += violations(simulator, step, state: after, checkpoint: next, newState: isNew, signsOut: signsOut)
          broken += lostChanges(waiting: waiting, after: next, notes: after.notes)
          broken += unfollowedRecovery(before, offered: actions, input, step, after: after)
          if isNew { broken += await askedThenRefused(simulator, asked: after, at: next) }
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
}
