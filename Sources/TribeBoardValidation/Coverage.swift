import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardScenarios
import TribeBoardTranscripts

/// What a set of journeys exercises of the flow table: its transitions, the screens each role reached, and the
/// error catalogue. Everything is counted against the one flow table and permission matrix.
public struct Coverage: Sendable {
  /// An action taken on a screen that led to a screen.
  public struct Transition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var from: ScreenID
    public var action: ActionID
    public var to: ScreenID

    public init(from: ScreenID, action: ActionID, to: ScreenID) {
      self.from = from
      self.action = action
      self.to = to
    }

    public var description: String { "\(from.rawValue) —\(action.rawValue)→ \(to.rawValue)" }

    public static func < (a: Transition, b: Transition) -> Bool {
      (a.from.rawValue, a.action.rawValue, a.to.rawValue) < (b.from.rawValue, b.action.rawValue, b.to.rawValue)
    }
  }

  /// A screen as seen in a role; `nil` for the screens before a family (sign-in, family setup…).
  public struct RoleScreen: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var role: Role?
    public var screen: ScreenID

    public init(role: Role?, screen: ScreenID) {
      self.role = role
      self.screen = screen
    }

    public var description: String { "\(role?.rawValue ?? "no family") on \(screen.rawValue)" }

    public static func < (a: RoleScreen, b: RoleScreen) -> Bool {
      (a.role?.rawValue ?? "", a.screen.rawValue) < (b.role?.rawValue ?? "", b.screen.rawValue)
    }
  }

  public let table: FlowTable
  public private(set) var transitions: Set<Transition> = []
  /// Steps that led somewhere the table does not declare for their action: a sign the table is out of date.
  public private(set) var undeclared: Set<Transition> = []
  public private(set) var roleScreens: Set<RoleScreen> = []
  public private(set) var errors: Set<AppError.Code> = []
  /// What each role did with each capability in the journeys.
  public private(set) var observed: [Capability: [Role: Observation]] = [:]

  /// What a role met of a capability: it used it, or it was refused (both can happen; using it wins).
  public enum Observation: Sendable {
    case refused, reached
  }
  public private(set) var journeys = 0
  public private(set) var steps = 0

  public init(table: FlowTable = .app) {
    self.table = table
  }

  /// Every transition the table declares.
  public var declaredTransitions: Set<Transition> {
    var all: Set<Transition> = []
    for spec in table.screens.values {
      for action in spec.actions {
        for target in action.targets { all.insert(Transition(from: spec.id, action: action.id, to: target)) }
      }
    }
    return all
  }

  /// Every screen each role may be on, by the permission matrix; the screens before a family without a role.
  public var declaredRoleScreens: Set<RoleScreen> {
    var all: Set<RoleScreen> = []
    for spec in table.screens.values {
      guard spec.needsFamily else {
        all.insert(RoleScreen(role: nil, screen: spec.id))
        continue
      }
      for role in Role.allCases where spec.requires.map({ Permissions.allows(role, $0) }) ?? true {
        all.insert(RoleScreen(role: role, screen: spec.id))
      }
    }
    return all
  }

  /// Runs every journey of `scenario` and counts what they reach.
  public mutating func run(_ scenario: Scenario) async {
    let declared = declaredTransitions
    for journey in scenario.journeys {
      journeys += 1
      let simulator = Simulator(scenario: scenario, flow: Flow(table: table))
      record(await simulator.start(), simulator)
      for input in journey.steps {
        let step = await simulator.handle(input)
        steps += 1
        record(step, simulator)
        if let transition = step.transition { observe(transition, step) }
        if let transition = step.transition, let to = step.snapshot?.screen,
          transition.action != .retry, transition.action != .refresh
        {
          let taken = Transition(from: transition.from, action: transition.action, to: to)
          if declared.contains(taken) {
            transitions.insert(taken)
          } else if taken.from != taken.to || step.snapshot?.error == nil {
            undeclared.insert(taken)
          }
        }
        if step.quit { break }
      }
    }
  }

  private mutating func record(_ step: Step, _ simulator: Simulator) {
    guard let snapshot = step.snapshot else { return }
    roleScreens.insert(
      RoleScreen(role: table[snapshot.screen].needsFamily ? snapshot.role : nil, screen: snapshot.screen))
    if let error = snapshot.error { errors.insert(error.code) }
    if case .failed(let error, _) = simulator.state.content.sync { errors.insert(error.code) }
  }

  /// Counts a step's use or refusal of a capability: the action's own permission, and the permission of the
  /// screen it led to.
  private mutating func observe(_ transition: Step.Transition, _ step: Step) {
    guard let snapshot = step.snapshot else { return }
    if let role = transition.role,
      let capability = table[transition.from].actions.first(where: { $0.id == transition.action })?.requires
    {
      note(capability, role, snapshot.error?.code == .permissionDenied ? .refused : .reached)
    }
    // A refusal the backend made, for a capability the action itself did not name.
    if let error = snapshot.error, let role = transition.role,
      let capability = Capability.allCases.first(where: { Self.isRefusal(error, of: $0, role) })
    {
      note(capability, role, .refused)
    }
    if let role = snapshot.role, snapshot.error == nil, let capability = table[snapshot.screen].requires {
      note(capability, role, .reached)
    }
  }

  /// Whether `error` is the refusal of `capability` to `role` (whatever ways forward its screen offered).
  private static func isRefusal(_ error: AppError?, of capability: Capability, _ role: Role) -> Bool {
    guard let error, error.code == .permissionDenied else { return false }
    return error.message == AppError.denied(capability, role: role).message
  }

  private mutating func note(_ capability: Capability, _ role: Role, _ observation: Observation) {
    if observed[capability]?[role] == .reached { return }
    observed[capability, default: [:]][role] = observation
  }

  /// The permission matrix beside what the journeys met: `✓`/`—` as declared, then `reached`, `refused` or `·`
  /// (never tried); `⚠` where what happened disagrees with the matrix.
  public func observedMatrix() -> (table: String, differences: [String]) {
    let roles = Role.allCases
    var lines = [
      "| Module | Capability | " + roles.map(\.displayName).joined(separator: " | ") + " |",
      "|---|---|" + roles.map { _ in ":-:|" }.joined(),
    ]
    var differences: [String] = []
    for module in Module.allCases {
      for capability in Capability.allCases where capability.module == module {
        let cells = roles.map { role -> String in
          let declared = Permissions.allows(role, capability)
          let mark = declared ? "✓" : "—"
          guard let seen = observed[capability]?[role] else { return "\(mark) ·" }
          let word = seen == .reached ? "reached" : "refused"
          guard (seen == .reached) != declared else { return "\(mark) \(word)" }
          differences.append(
            "\(role.displayName) was \(word) “\(capability.summary)”, which the matrix "
              + (declared ? "allows" : "refuses"))
          return "\(mark) \(word) ⚠"
        }
        lines.append("| \(module.displayName) | \(capability.summary) | " + cells.joined(separator: " | ") + " |")
      }
    }
    return (lines.joined(separator: "\n") + "\n", differences)
  }

  /// One line of the report: covered, declared, percentage, and what was not covered.
  public struct Line: Sendable {
    public var name: String
    public var covered: Int
    public var declared: Int
    public var missing: [String]

    public var percent: Double { declared == 0 ? 100 : Double(covered) * 100 / Double(declared) }
  }

  /// Transitions, role × screen pairs and errors.
  public var lines: [Line] {
    let transitionsDeclared = declaredTransitions
    let pairsDeclared = declaredRoleScreens
    let codes = Set(AppError.Code.allCases)
    return [
      Line(
        name: "transitions", covered: transitions.intersection(transitionsDeclared).count,
        declared: transitionsDeclared.count,
        missing: transitionsDeclared.subtracting(transitions).sorted().map(\.description)),
      Line(
        name: "role × screen", covered: roleScreens.intersection(pairsDeclared).count, declared: pairsDeclared.count,
        missing: pairsDeclared.subtracting(roleScreens).sorted().map(\.description)),
      Line(
        name: "errors", covered: errors.count, declared: codes.count,
        missing: codes.subtracting(errors).map(\.rawValue).sorted()),
    ]
  }

  /// The report as text: a table, then what was not covered.
  public func report() -> String {
    var text = "Coverage of \(journeys) journeys, \(steps) steps\n\n"
    text += "| measure | covered | of | % |\n|---|--:|--:|--:|\n"
    for line in lines {
      text += "| \(line.name) | \(line.covered) | \(line.declared) | \(String(format: "%.1f", line.percent)) |\n"
    }
    for line in lines where !line.missing.isEmpty {
      text += "\nNot exercised, \(line.name):\n" + line.missing.map { "  \($0)" }.joined(separator: "\n") + "\n"
    }
    if !undeclared.isEmpty {
      text += "\nSteps that led where the flow table does not say:\n"
      text += undeclared.sorted().map { "  \($0)" }.joined(separator: "\n") + "\n"
    }
    return text
  }
}
