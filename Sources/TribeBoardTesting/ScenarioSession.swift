@_exported import TribeBoardCore
@_exported import TribeBoardFlow
@_exported import TribeBoardScenarios
@_exported import TribeBoardSimulator

/// A scenario running in-process, for another package's tests: load it, send input lines or typed intents, read
/// the screen and the app's state, assert, and compare what it showed against a golden transcript.
///
/// ```swift
/// let session = try await ScenarioSession(builtIn: "family-admin")
/// try await session.send("tasks")
/// try session.expect(screen: .tasks, error: nil)
/// ```
public final class ScenarioSession {
  /// The simulator underneath, for what this type does not wrap.
  public let simulator: Simulator
  /// Every step so far, the launch first.
  public private(set) var steps: [Step] = []

  /// Opens `scenario`: the app launches on its device, as `tribeboard` would.
  public init(_ scenario: Scenario) async {
    simulator = Simulator(scenario: scenario)
    steps = [await simulator.start()]
  }

  /// Opens a built-in scenario by name (`family-admin`).
  public convenience init(builtIn name: String) async throws(ScenarioError) {
    await self.init(try BundledScenarios.scenario(named: name))
  }

  /// Opens a scenario written in YAML; `source` names it in diagnostics.
  public convenience init(yaml: String, source: String = "test.yaml") async throws(ScenarioError) {
    await self.init(try ScenarioLoader.parse(yaml, source: source))
  }

  /// Sends one line as typed in the REPL: an action's number or words, or a simulator command (`:clock +1h`).
  @discardableResult
  public func send(_ line: String) async -> Step {
    let step = await simulator.handle(line)
    steps.append(step)
    return step
  }

  /// Sends a typed intent: an action of the current screen by its stable key, with its value if it takes one
  /// (`send(Intent(.markDone, .item(2)))`). The value goes to the flow as it is, unread; a value of the wrong kind is
  /// refused before anything changes. The transcript shows the words that ask for it (`done 2`).
  @discardableResult
  public func send(_ intent: Intent) async -> Step {
    let step = await simulator.handle(intent)
    steps.append(step)
    return step
  }

  /// Sends an action of the current screen by its stable key, with its value if it takes one.
  @discardableResult
  public func send(_ action: ActionID, _ argument: Intent.Argument? = nil) async -> Step {
    await send(Intent(action, argument))
  }

  /// The flow the session runs.
  public var flow: Flow { simulator.flow }
  /// The acting person's app state.
  public var state: AppState { simulator.state }
  /// The acting person's screen.
  public var screen: ScreenID { state.screen.id }
  /// What the screen shows: title, content, actions, error.
  public var snapshot: ScreenSnapshot { simulator.snapshot }
  /// The keys of the actions the screen offers, in order.
  public var actions: [String] { snapshot.actions.map(\.key) }

  /// What the session showed so far, as a transcript.
  public var transcript: String { Transcript.format(steps) }

  /// A check that did not hold: what was expected against what was found.
  public struct Mismatch: Error, CustomStringConvertible {
    public var description: String
  }

  /// Checks the screen, the error code (`nil`: no error), the role and the user; only what is given is checked.
  public func expect(
    screen expectedScreen: ScreenID? = nil, error: AppError.Code?? = .none, role: Role?? = .none,
    user: UserID? = nil
  ) throws(Mismatch) {
    var checks: [StepExpectation.Check] = []
    if let expectedScreen { checks.append(.screen(expectedScreen)) }
    if case .some(let code) = error { checks.append(.error(code)) }
    if case .some(let expectedRole) = role { checks.append(.role(expectedRole)) }
    if let user { checks.append(.user(user)) }
    let problems = checks.compactMap { simulator.stateMismatch($0) }
    guard problems.isEmpty else { throw Mismatch(description: problems.joined(separator: "; ")) }
  }

  /// Checks what a journey's `expect` step can check, world facts included:
  /// `try await session.expect(.task(title: "Put the bins out", status: .done, assignee: nil), .sync(.upToDate))`.
  public func expect(_ checks: StepExpectation.Check...) async throws(Mismatch) {
    let problems = await simulator.mismatches(StepExpectation(checks: checks))
    guard problems.isEmpty else { throw Mismatch(description: problems.joined(separator: "; ")) }
  }

  /// The line diff between `golden` (a transcript's text, after any header lines naming its scenario) and what this
  /// session showed; `nil` when they match.
  public func difference(from golden: String) -> String? {
    let actual = transcript
    let body = String(TranscriptHeader.body(of: golden))
    guard actual != body else { return nil }
    return LineDiff.unified(expected: body, actual: actual)
  }
}
