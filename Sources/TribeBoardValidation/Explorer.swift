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
    /// Also let another person's client call the services' HTTP API meanwhile, with the session their open phone
    /// holds (``Explorer/apiCalls(_:acting:phones:)``): with ``people``, a second writer. Needs the server's routes
    /// (``Simulator/apiRoutes``), as `:api` does.
    public var api: Bool
    /// How many simulations walk at once, each on a thread of its own; the report is the same for any number.
    public var workers: Int
    /// One a processor, at most eight: each walker holds a simulation of its own, and the walk takes their answers
    /// one at a time.
    public static let defaultWorkers = min(ProcessInfo.processInfo.activeProcessorCount, 8)

    public init(
      depth: Int = 6, role: Role? = nil, faults: Bool = false, maximumStates: Int = 20_000,
      latency: TimeInterval? = nil, people: Bool = false, api: Bool = false, workers: Int = defaultWorkers
    ) {
      self.depth = depth
      self.role = role
      self.faults = faults
      self.maximumStates = maximumStates
      self.latency = latency
      self.people = people
      self.api = api
      self.workers = workers
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
    /// How many of the transitions were calls of the services' HTTP API (``Options/api``).
    public var apiCalls = 0
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

    /// Where a walker starts to try the state's inputs.
    var start: Walker.Start { Walker.Start(checkpoint: checkpoint!, key: key, depth: depth) }
  }

  /// An input to try, and the action it chooses (`nil` for a simulator command).
  struct Input {
    var text: String
    var action: ActionID?
  }

  /// Walks breadth first, one depth at a time: the states at a depth are shared among ``Options/workers``
  /// walkers, each with a simulation of its own, and what each found is taken in the order a single walker
  /// would have found it, as it comes, so the report is the same whatever the number of walkers.
  public func run() async -> Report {
    let clock = ContinuousClock()
    let start = clock.now
    var report = Report()
    var prefix: [String] = []
    if let role = options.role, let member = scenario.configuration.world.memberships.first(where: { $0.role == role })
    {
      prefix = [":as \(member.userID)"]
    }
    var walkers: [Walker] = []
    for _ in 0..<max(1, options.workers) { walkers.append(await Walker(self, prefix: prefix)) }
    let simulator = walkers[0].simulator
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
    /// Where each screen was first reached: the step is taken again after the walk, drawn, to compare with a replay.
    var firstReached: [ScreenID: (parent: Simulator.Checkpoint, input: String, key: Simulator.StateKey)] = [:]
    report.reached[simulator.state.screen.id] = prefix
    var level = nodes[0].depth < options.depth ? [0] : []
    let claims = Claims(nodes[0].key)
    var runsBefore = 0
    explore: while !level.isEmpty {
      var next: [Int] = []
      // The states of a depth go to the walkers in small runs, each walker taking the next run not taken, while the
      // walk takes their answers in order: it stops at the state bound having tried little more than it needed.
      let size = max(1, min(8, level.count / (walkers.count * 4)))
      let runs = stride(from: 0, to: level.count, by: size).map { level[$0..<min($0 + size, level.count)] }
      let work = Work(runs.map { $0.map { nodes[$0].start } }, first: runsBefore)
      runsBefore += runs.count
      async let walking: Void = work.walk(by: walkers, claims: claims)
      for (number, run) in runs.enumerated() {
        let expansions = await work.answers(of: number)
        for (index, expansion) in zip(run, expansions) {
          if let screen = expansion.deadEnd { report.deadEnds.append((screen, path(index))) }
          for outcome in expansion.outcomes {
            report.transitions += 1
            if outcome.input.hasPrefix(":api ") { report.apiCalls += 1 }
            // A state the walker found among those reached before needs no second look.
            let isNew = outcome.mayBeNew && seen.insert(outcome.key).inserted
            let broken = outcome.broken(newState: isNew)
            let firstOfScreen = isNew && outcome.screen.map { report.reached[$0] == nil } ?? false
            if firstOfScreen || !broken.isEmpty {
              let inputs = path(index) + [outcome.input]
              for sentence in broken where !report.violations.contains(where: { $0.invariant == sentence }) {
                report.violations.append(Violation(invariant: sentence, inputs: inputs))
              }
              if firstOfScreen, let screen = outcome.screen, let parent = nodes[index].checkpoint {
                report.reached[screen] = inputs
                firstReached[screen] = (parent, outcome.input, outcome.key)
              }
            }
            guard isNew else { continue }
            let depth = nodes[index].depth + 1
            nodes.append(
              Node(checkpoint: outcome.checkpoint, key: outcome.key, parent: index, input: outcome.input, depth: depth)
            )
            if outcome.checkpoint != nil { next.append(nodes.count - 1) }
            guard seen.count < options.maximumStates else {
              report.truncated = true
              work.stop()
              await walking
              break explore
            }
          }
          nodes[index].checkpoint = nil
        }
      }
      await walking
      level = next
    }
    report.states = seen.count
    let elapsed = clock.now - start
    report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    for screen in ScreenID.allCases {
      guard let inputs = report.reached[screen], let first = firstReached[screen] else { continue }
      // The walk draws no screens; take the screen's first step again, drawn, to compare with a replay.
      let text = await walkers[0].drawn(first.input, from: first.parent)
      if let broken = await replayDiffers(inputs, text: text, key: first.key) {
        report.violations.append(Violation(invariant: broken, inputs: inputs))
      }
    }
    return report
  }
}
