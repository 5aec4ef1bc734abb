import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// Every screen of the flow table in every state it can show, for each role that reaches it: what `tribeboard
/// gallery` draws. Nothing is listed by hand: the screens and the shortest inputs to each come from exploring the
/// scenario as each of its roles, and each state is made by the simulator's own means (a fault, the phone offline,
/// latency) before the input that opens the screen. A state is kept only if the screen really shows it.
public struct Gallery: Sendable {
  /// A view state of a screen, as the app's state contract names them (``LoadState``), with the two offline ones
  /// apart.
  public enum State: String, CaseIterable, Sendable {
    case loaded
    case empty
    /// The new screen's title over skeletons, for as long as its calls take (simulated latency).
    case loading
    /// The load failed: the error says why and offers its recoveries.
    case error
    /// Offline after the screen was loaded once: the copy the phone kept, with its time.
    case offlineCached = "offline-cached"
    /// Offline on a screen the phone never loaded: nothing to show but the error.
    case offlineNothingCached = "offline-nothing-cached"

    public var title: String {
      switch self {
      case .loaded: "Loaded"
      case .empty: "Empty"
      case .loading: "Loading"
      case .error: "Error"
      case .offlineCached: "Offline, from the cache"
      case .offlineNothingCached: "Offline, nothing cached"
      }
    }
  }

  /// One screen in one state, as one role sees it.
  public struct Entry: Sendable {
    public var scenario: String
    public var screen: ScreenID
    /// The role of the person whose phone shows it; `nil` before they sign in or join a family.
    public var role: Role?
    /// The role's name, or "Signed out" or "No family".
    public var who: String
    public var state: State
    /// What to type, from the scenario's start, to see it (the deep link replays them).
    public var inputs: [String]
    public var view: Simulator.PhoneView
    public var now: Date
  }

  /// A state a screen cannot show, and why.
  public struct Omission: Sendable, Equatable {
    public var screen: ScreenID
    public var who: String
    public var state: State
    public var reason: String
  }

  public var entries: [Entry] = []
  public var omissions: [Omission] = []
  /// The flow table's screens that no role reached in this scenario within the walk's depth.
  public var unreached: [ScreenID] = []

  /// Explores `scenario` as each role in its families (and as the person it starts with) to `depth` steps, then
  /// draws each screen reached in each state it can show.
  public static func build(_ scenario: Scenario, table: FlowTable = .app, depth: Int = 4) async -> Gallery {
    let roles: [Role?] =
      [nil]
      + Role.allCases.filter { role in
        scenario.configuration.world.memberships.contains { $0.role == role }
      }
    // The shortest inputs to each screen as each role, and what they show; read in the table's order, so a tie
    // between two walks goes the same way on every run.
    var paths: [Key: (inputs: [String], shown: Shown)] = [:]
    for role in roles {
      let explorer = Explorer(
        scenario: scenario, flow: Flow(table: table), reference: table,
        options: .init(depth: depth, role: role, maximumStates: 4_000))
      let report = await explorer.run()
      for inputs in ScreenID.allCases.compactMap({ report.reached[$0] }) {
        let shown = await replay(scenario, table: table, inputs)
        let key = Key(screen: shown.snapshot.screen, role: shown.snapshot.role)
        if let known = paths[key], known.inputs.count <= inputs.count { continue }
        paths[key] = (inputs, shown)
      }
    }
    var gallery = Gallery()
    let reached = Set(paths.keys.map(\.screen))
    gallery.unreached = ScreenID.allCases.filter { !reached.contains($0) }
    for key in paths.keys.sorted() {
      let (inputs, shown) = paths[key]!
      await gallery.add(key, inputs: inputs, natural: shown, scenario: scenario, table: table)
    }
    return gallery
  }

  struct Key: Hashable, Comparable {
    var screen: ScreenID
    var role: Role?

    static func < (lhs: Key, rhs: Key) -> Bool {
      let left = ScreenID.allCases.firstIndex(of: lhs.screen)!
      let right = ScreenID.allCases.firstIndex(of: rhs.screen)!
      if left != right { return left < right }
      return (lhs.role.flatMap { Role.allCases.firstIndex(of: $0) } ?? -1)
        < (rhs.role.flatMap { Role.allCases.firstIndex(of: $0) } ?? -1)
    }
  }

  static func words(_ load: LoadState) -> String {
    switch load {
    case .loading: "the family board being prepared"
    case .loaded: "what it loaded"
    case .empty: "its empty state"
    case .error: "the error"
    case .offlineWithCache: "the copy the phone kept"
    }
  }

  /// One phone after `inputs`, from the scenario's start.
  struct Shown {
    var view: Simulator.PhoneView
    var now: Date
    var latency: Double
    var snapshot: ScreenSnapshot { view.snapshot }
  }

  static func replay(_ scenario: Scenario, table: FlowTable, _ inputs: [String]) async -> Shown {
    let simulator = Simulator(scenario: scenario, flow: Flow(table: table))
    await simulator.start()
    var latency = 0.0
    for line in inputs { latency = await simulator.handle(line).latency }
    let view = await simulator.phoneView(of: simulator.actingUser)!
    return Shown(view: view, now: simulator.now, latency: latency)
  }

  /// The screen's natural state (loaded or empty, as the scenario's data has it), then each state made by a means
  /// of the simulator before the input that opens the screen.
  mutating func add(_ key: Key, inputs: [String], natural: Shown, scenario: Scenario, table: FlowTable) async {
    let state: State = natural.snapshot.load == .empty ? .empty : .loaded
    let who = key.role?.displayName ?? (natural.snapshot.user == nil ? "Signed out" : "No family")
    func entry(_ state: State, _ inputs: [String], _ shown: Shown) -> Entry {
      Entry(
        scenario: scenario.name, screen: key.screen, role: key.role, who: who, state: state, inputs: inputs,
        view: shown.view, now: shown.now)
    }
    entries.append(entry(state, inputs, natural))
    let other: State = state == .empty ? .loaded : .empty
    omissions.append(
      Omission(
        screen: key.screen, who: who, state: other,
        reason: "this scenario's data has it \(state == .empty ? "empty" : "with something to show")"))
    guard table[key.screen].load != nil else {
      for made in [State.loading, .error, .offlineCached, .offlineNothingCached] {
        omissions.append(Omission(screen: key.screen, who: who, state: made, reason: "the screen loads nothing"))
      }
      return
    }
    // The input that opens the screen; a screen the person starts on (after `:as`) opens again on a relaunch.
    var before = inputs
    var opening = ":relaunch"
    if let last = inputs.last, !last.hasPrefix(":") {
      before.removeLast()
      opening = last
    }
    let faults = MockOperation.allCases.filter { $0.service == "data" }.map {
      ":fault \($0.rawValue) serviceUnavailable 1"
    }
    let tries: [(State, [String])] = [
      (.loading, before + [":latency data 2s", opening]),
      (.error, before + faults + [opening]),
      (.offlineCached, inputs + [":offline"]),
      (.offlineNothingCached, before + [":offline", opening]),
    ]
    for (made, lines) in tries {
      let shown = await Self.replay(scenario, table: table, lines)
      let snapshot = shown.snapshot
      let reason: String? =
        if snapshot.screen != key.screen || snapshot.role != key.role {
          "it leaves for \(snapshot.screen.rawValue)"
        } else {
          switch made {
          case .loading: shown.latency > 0 ? nil : "its calls take no time"
          case .error:
            snapshot.load == .error && snapshot.error != nil ? nil : "a failing call shows \(Self.words(snapshot.load))"
          case .offlineCached:
            snapshot.load == .offlineWithCache ? nil : "offline it shows \(Self.words(snapshot.load))"
          case .offlineNothingCached:
            snapshot.load == .error && snapshot.error?.code == .offline
              ? nil : "offline it shows \(Self.words(snapshot.load)), as the phone kept a copy on the way here"
          case .loaded, .empty: nil
          }
        }
      if let reason {
        omissions.append(Omission(screen: key.screen, who: who, state: made, reason: reason))
      } else {
        entries.append(entry(made, lines, shown))
      }
    }
  }
}
