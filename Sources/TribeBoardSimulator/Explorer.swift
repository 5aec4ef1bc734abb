import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

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

  public func run() async -> Report {
    let clock = ContinuousClock()
    let start = clock.now
    var report = Report()
    let simulator = Simulator(scenario: scenario, flow: flow)
    await simulator.start()
    var prefix: [String] = []
    if let role = options.role, let member = scenario.configuration.world.memberships.first(where: { $0.role == role })
    {
      prefix = [":as \(member.userID)"]
      _ = await simulator.handle(prefix[0])
    }
    var seen: Set<String> = []
    var queue: [(Simulator.Checkpoint, [String])] = [(await simulator.checkpoint(), prefix)]
    seen.insert(simulator.fingerprint(queue[0].0))
    note(simulator, prefix, into: &report)
    var head = 0
    while head < queue.count {
      let (checkpoint, path) = queue[head]
      head += 1
      guard path.count - prefix.count < options.depth else { continue }
      await simulator.restore(checkpoint)
      let inputs = await self.inputs(simulator)
      if flow.actions(in: simulator.state).isEmpty {
        report.deadEnds.append((simulator.state.screen.id, path))
      }
      for input in inputs {
        await simulator.restore(checkpoint)
        let step = await simulator.handle(input)
        report.transitions += 1
        let inputs = path + [input]
        for broken in await violations(simulator, step)
        where !report.violations.contains(where: { $0.invariant == broken }) {
          report.violations.append(Violation(invariant: broken, inputs: inputs))
        }
        let next = await simulator.checkpoint()
        guard seen.insert(simulator.fingerprint(next)).inserted else { continue }
        note(simulator, inputs, into: &report)
        guard seen.count < options.maximumStates else {
          report.truncated = true
          break
        }
        queue.append((next, inputs))
      }
      if report.truncated { break }
    }
    report.states = seen.count
    let elapsed = clock.now - start
    report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return report
  }

  private func note(_ simulator: Simulator, _ inputs: [String], into report: inout Report) {
    let screen = simulator.state.screen.id
    if report.reached[screen] == nil { report.reached[screen] = inputs }
  }

  /// What a person can type here: each offered action (with sample values), and the simulator's moves.
  func inputs(_ simulator: Simulator) async -> [String] {
    let state = simulator.state
    let world = await simulator.environment.backend.world
    var inputs: [String] = []
    for action in flow.actions(in: state) {
      let phrase = action.phrases[0]
      guard action.argument != nil else {
        inputs.append(phrase)
        continue
      }
      inputs += samples(for: action.id, state: state, world: world).map { "\(phrase) \($0)" }
    }
    inputs.append(":relaunch")
    if options.faults { inputs += [":offline", ":online", ":clock +8d"] }
    return inputs
  }

  private func samples(for action: ActionID, state: AppState, world: MockWorld) -> [String] {
    switch action {
    case .nameFamily: return ["The Explorers", "X"]
    case .familyCode: return (world.families.prefix(1).map(\.code)) + ["ZZZZZZ"]
    case .enterCode: return world.accounts.compactMap(\.mfaCode).prefix(1) + ["000000"]
    case .assign, .with: return state.content.members.prefix(2).map { $0.profile.firstName }
    case .changeRole: return ["adult", "child"]
    case .when, .due: return [DateText.typed(state.now.addingTimeInterval(86400))]
    case .points: return ["3"]
    case .title, .place, .send, .post: return ["Sample"]
    case .toggle: return ["messages"]
    default: return ["1", "2"]
    }
  }

  /// The invariants after a step; each broken one as a sentence.
  func violations(_ simulator: Simulator, _ step: Step) async -> [String] {
    var broken: [String] = []
    let state = simulator.state
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
    if step.transition?.action == .signOut {
      if state.session != .signedOut { broken.append("the app still holds a session after signing out") }
      if simulator.phones[simulator.actingUser]?.device.token != nil {
        broken.append("the phone keeps its token after signing out")
      }
    }
    let codes = await simulator.environment.backend.world.families.map(\.code)
    if Set(codes).count != codes.count { broken.append("two families share a family code") }
    if let device = simulator.phones[simulator.actingUser]?.device {
      let ids = await device.outbox().changes.map(\.id)
      if Set(ids).count != ids.count { broken.append("a waiting change is queued twice") }
    }
    if let error = state.error {
      for recovery in error.recovery where !flow.offers(recovery, in: state) {
        broken.append("\(error.code.rawValue) on \(screen.rawValue) offers “\(recovery.label)”, which the screen lacks")
      }
    }
    return broken
  }
}
