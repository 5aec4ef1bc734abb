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
    /// The launch screen: the logo on the brand's gradient, over the app as it opens.
    case launch

    public var title: String {
      switch self {
      case .launch: "Launch screen"
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
    /// How it was made, in a designer's words ("every data call failing once").
    public var means: String
    /// Drawn from the scenario's people with nothing in their lists (``Gallery/emptied(_:)``), not its own data:
    /// the inputs show it there (the deep link opens the scenario's own data).
    public var emptyLists = false
  }

  /// A state a screen cannot show, and why, in a designer's words.
  public struct Omission: Sendable, Equatable {
    public var screen: ScreenID
    /// The screen's title as the app shows it.
    public var title: String
    public var who: String
    public var state: State
    public var reason: String
  }

  public var entries: [Entry] = []
  public var omissions: [Omission] = []
  /// The flow table's screens that no role reached in this scenario within the walk's depth.
  public var unreached: [ScreenID] = []

  /// Explores `scenario` as each role in its families (and as the person it starts with) to `depth` steps, then
  /// draws each screen reached in each state it can show, the launch screen, and the first sync ("preparing").
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
    let start = await replay(scenario, table: table, [])
    gallery.entries.append(
      Entry(
        scenario: scenario.name, screen: start.snapshot.screen, role: nil, who: "Anyone", state: .launch,
        inputs: [], view: start.view, now: start.now, means: "the app opening"))
    let emptied = Self.emptied(scenario)
    var preparing = false
    for key in paths.keys.sorted() {
      let (inputs, shown) = paths[key]!
      await gallery.add(key, inputs: inputs, natural: shown, scenario: scenario, emptied: emptied, table: table)
      if key.screen == .dashboard {
        preparing = await gallery.addPreparing(key, inputs: inputs, scenario: scenario, table: table) || preparing
      }
    }
    let reached = Set(paths.keys.map(\.screen)).union(preparing ? [.preparing] : [])
    gallery.unreached = ScreenID.allCases.filter { !reached.contains($0) }
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

  /// What a screen shows in `load`, as a designer would say it.
  static func words(_ load: LoadState) -> String {
    switch load {
    case .loading: "a spinner while the family board is prepared"
    case .loaded: "its content as usual"
    case .empty: "its empty state"
    case .error: "an error"
    case .offlineWithCache: "the copy the phone kept"
    }
  }

  /// The scenario with the same people and families and nothing in their lists: no events, birthdays, tasks,
  /// messages, notices, routes or pickups, for each list's empty state.
  public static func emptied(_ scenario: Scenario) -> Scenario {
    var scenario = scenario
    for index in scenario.configuration.world.accounts.indices {
      scenario.configuration.world.accounts[index].profile.birthday = nil
    }
    for index in scenario.configuration.world.memberships.indices {
      scenario.configuration.world.memberships[index].lastRead = nil
    }
    scenario.configuration.world.events = []
    scenario.configuration.world.tasks = []
    scenario.configuration.world.messages = []
    scenario.configuration.world.notices = []
    scenario.configuration.world.routes = []
    scenario.configuration.world.pickups = []
    return scenario
  }

  /// Whether the screen is empty, or shows a list's empty state beside something else (the tasks' points board).
  static func showsAnEmptyList(_ snapshot: ScreenSnapshot) -> Bool {
    snapshot.load == .empty
      || snapshot.load == .loaded && snapshot.blocks.contains { if case .empty = $0 { true } else { false } }
  }

  /// One phone after `inputs`, from the scenario's start.
  struct Shown {
    var view: Simulator.PhoneView
    var now: Date
    var latency: Double
    /// The acting phone's state, for the first sync's middle (what the phone shows while it runs).
    var state: AppState
    var snapshot: ScreenSnapshot { view.snapshot }
  }

  static func replay(_ scenario: Scenario, table: FlowTable, _ inputs: [String]) async -> Shown {
    let simulator = Simulator(scenario: scenario, flow: Flow(table: table))
    await simulator.start()
    var latency = 0.0
    for line in inputs { latency = await simulator.handle(line).latency }
    let view = await simulator.phoneView(of: simulator.actingUser)!
    return Shown(view: view, now: simulator.now, latency: latency, state: simulator.state)
  }

  /// The screen's natural state (loaded or empty, as the scenario's data has it), then each state made by a means
  /// of the simulator before the input that opens the screen: the other of loaded and empty from the same people
  /// with nothing in their lists, latency, failing data calls, the phone offline.
  mutating func add(
    _ key: Key, inputs: [String], natural: Shown, scenario: Scenario, emptied: Scenario, table: FlowTable
  ) async {
    let state: State = natural.snapshot.load == .empty ? .empty : .loaded
    let who = key.role?.displayName ?? (natural.snapshot.user == nil ? "Signed out" : "No family")
    let title = natural.snapshot.title
    func entry(_ state: State, _ inputs: [String], _ shown: Shown, _ means: String, in scenario: String) -> Entry {
      Entry(
        scenario: scenario, screen: key.screen, role: key.role, who: who, state: state, inputs: inputs,
        view: shown.view, now: shown.now, means: means)
    }
    func omit(_ state: State, _ reason: String) {
      omissions.append(Omission(screen: key.screen, title: title, who: who, state: state, reason: reason))
    }
    entries.append(entry(state, inputs, natural, "the scenario's own data", in: scenario.name))
    guard table[key.screen].load != nil else {
      if state == .loaded { omit(.empty, "Shows no list, so it has no empty state.") }
      for made in [State.loading, .error, .offlineCached, .offlineNothingCached] {
        omit(made, "Shows no data of its own: nothing to wait for, fail or keep offline.")
      }
      return
    }
    if state == .loaded {
      // The same people with nothing in their lists. The deep link cannot replay another world: it opens the
      // scenario's own (the entry says so).
      let shown = await Self.replay(emptied, table: table, inputs)
      if shown.snapshot.screen == key.screen, shown.snapshot.role == key.role, Self.showsAnEmptyList(shown.snapshot) {
        var empty = entry(.empty, inputs, shown, "the same family with nothing in its lists", in: scenario.name)
        empty.emptyLists = true
        entries.append(empty)
      } else if shown.snapshot.screen == key.screen && shown.snapshot.role == key.role {
        omit(.empty, "Even with nothing in the family's lists it shows \(Self.words(shown.snapshot.load)).")
      } else {
        omit(.empty, "Reached only through an item of a list, so never with the list empty.")
      }
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
    let tries: [(State, [String], String)] = [
      (.loading, before + [":latency data 2s", opening], "slow data calls (2 s)"),
      (.error, before + faults + [opening], "every data call failing once"),
      (.offlineCached, inputs + [":offline"], "the phone going offline on the screen"),
      (.offlineNothingCached, before + [":offline", opening], "the phone offline before opening it"),
    ]
    for (made, first, means) in tries {
      var lines = first
      var shown = await Self.replay(scenario, table: table, lines)
      // The dashboard opens on a relaunch by the first sync, whose failure shows "preparing": its own error shows
      // on the way back to it from a module.
      if made == .error, key.screen == .dashboard, shown.snapshot.screen != key.screen {
        for module in ["calendar", "messages", "settings"] {
          let again = inputs + [module] + faults + ["home"]
          let retried = await Self.replay(scenario, table: table, again)
          if retried.snapshot.screen == key.screen {
            (lines, shown) = (again, retried)
            break
          }
        }
      }
      let snapshot = shown.snapshot
      let reason: String? =
        if snapshot.screen != key.screen || snapshot.role != key.role {
          "The app moves on to “\(snapshot.title)” instead, where it is shown."
        } else {
          switch made {
          case .loading: shown.latency > 0 ? nil : "Opens at once: it waits for nothing."
          case .error:
            snapshot.load == .error && snapshot.error != nil
              ? nil : "When loading fails it still shows \(Self.words(snapshot.load)): there is no error to draw."
          case .offlineCached:
            snapshot.load == .offlineWithCache ? nil : "Offline it shows \(Self.words(snapshot.load)), not a kept copy."
          case .offlineNothingCached:
            snapshot.load == .error && snapshot.error?.code == .offline
              ? nil
              : "The phone always has a copy by the time anyone gets here, so offline it shows "
                + "\(Self.words(snapshot.load))."
          case .loaded, .empty, .launch: nil
          }
        }
      if let reason {
        omit(made, reason)
      } else {
        entries.append(entry(made, lines, shown, means, in: scenario.name))
      }
    }
  }

  /// The first sync ("preparing") as `key`'s role enters the family board on a relaunch: its error when the sync
  /// fails, and what the screen shows while the sync runs (the same phone's state, before the failure). Whether
  /// it was drawn.
  mutating func addPreparing(_ key: Key, inputs: [String], scenario: Scenario, table: FlowTable) async -> Bool {
    let who = key.role?.displayName ?? "No family"
    let lines = inputs + [":fault sync.performInitialSetup serviceUnavailable 1", ":relaunch"]
    let failed = await Self.replay(scenario, table: table, lines)
    guard failed.snapshot.screen == .preparing, failed.snapshot.load == .error else { return false }
    var running = failed.state
    running.error = nil
    running.retry = nil
    var view = failed.view
    view.snapshot = ScreenSnapshot(running, flow: Flow(table: table))
    guard view.snapshot.load == .loading else { return false }
    for (state, view, means) in [
      (State.loading, view, "the first sync, while it runs"), (.error, failed.view, "the first sync failing"),
    ] {
      entries.append(
        Entry(
          scenario: scenario.name, screen: .preparing, role: key.role, who: who, state: state, inputs: lines,
          view: view, now: failed.now, means: means))
    }
    return true
  }
}
