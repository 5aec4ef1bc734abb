import Synchronization
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// A scenario: the world the mocks start from, and the journeys a demo or a test can replay in it.
///
/// Scenarios are written in YAML (see ``ScenarioLoader``); the built-in ones travel inside the binary
/// (see ``BundledScenarios``).
public struct Scenario: Equatable, Sendable {
  /// The scenario's name, such as `existing-user`; the file name without extension unless the file says otherwise.
  public var name: String
  /// A one-line description, shown by `tribeboard list`.
  public var summary: String
  /// Where the scenario came from: the file path as given, or `built-in:NAME`.
  public var source: String
  /// What the mocks start from: the world, the device, the clock, the seed and the faults.
  public var configuration: MockConfiguration
  /// The journeys the file defines, in file order.
  public var journeys: [Journey] {
    get { journeyStore.journeys }
    set { journeyStore = JourneyStore(newValue) }
  }
  /// The journeys' names, in file order: ``journeys``' names, without reading journeys not read yet (`list`).
  public var journeyNames: [String] { journeyStore.names }
  private var journeyStore: JourneyStore
  /// Where each phone's app reopens (a saved world's `screen:`), by the phone's person; a phone without one opens
  /// where a launch takes it.
  public var screens: [UserID: SavedScreen]

  public init(
    name: String, summary: String, source: String, configuration: MockConfiguration, journeys: [Journey] = [],
    screens: [UserID: SavedScreen] = [:]
  ) {
    self.name = name
    self.summary = summary
    self.source = source
    self.configuration = configuration
    self.journeyStore = JourneyStore(journeys)
    self.screens = screens
  }

  /// A scenario whose journeys are read the first time they are asked for: see
  /// ``ScenarioLoader/parse(_:source:limits:lazyJourneys:)``.
  init(
    name: String, summary: String, source: String, configuration: MockConfiguration,
    journeyNames: [String], readingJourneys read: @escaping () -> [Journey], screens: [UserID: SavedScreen]
  ) {
    self.init(name: name, summary: summary, source: source, configuration: configuration, screens: screens)
    journeyStore = JourneyStore(reading: JourneyReading(read: read), names: journeyNames)
  }

  /// The journey called `name`, if the scenario defines one.
  public func journey(named name: String) -> Journey? {
    journeys.first { $0.name == name }
  }
}

/// A scenario's journeys, or how to read them when first asked for. Shared by the copies of a scenario, so they are
/// read once; compared by the journeys.
private final class JourneyStore: Equatable, Sendable {
  private enum State {
    case read([Journey])
    /// The journeys to read, and their names (read already).
    case pending(JourneyReading, names: [String])
  }

  private let state: Mutex<State>

  init(_ journeys: [Journey]) {
    state = Mutex(.read(journeys))
  }

  init(reading read: JourneyReading, names: [String]) {
    state = Mutex(.pending(read, names: names))
  }

  var names: [String] {
    state.withLock { state in
      switch state {
      case .read(let journeys): journeys.map(\.name)
      case .pending(_, let names): names
      }
    }
  }

  var journeys: [Journey] {
    state.withLock { state in
      switch state {
      case .read(let journeys):
        return journeys
      case .pending(let reading, _):
        let journeys = reading.read()
        state = .read(journeys)
        return journeys
      }
    }
  }

  static func == (left: JourneyStore, right: JourneyStore) -> Bool {
    left === right || left.journeys == right.journeys
  }
}

/// How to read a scenario's journeys. `@unchecked`: what the closure holds (a copy of the reader, the composed nodes)
/// is not shared with anything else, and ``JourneyStore`` runs it once, under its lock, then drops it.
private struct JourneyReading: @unchecked Sendable {
  let read: () -> [Journey]
}

/// Where a saved phone's app reopens: a screen, or the step that led to a screen that only exists in the middle of
/// an action (a family found by its code, a sign-in waiting for its verification code).
public enum SavedScreen: Equatable, Sendable {
  /// The screen itself, loaded as any screen is.
  case screen(Screen)
  /// Join a family: the family code typed, which opens its preview again.
  case familyPreview(code: String)
  /// A sign-in with this provider waiting for its verification code: signing in again sends a new code.
  case verification(AuthProvider)
  /// Creating an account after signing in with this provider: signing in again offers it again.
  case signUp(AuthProvider)
  /// A question waiting for yes or no: the screen it was asked from, and the action that asks it again.
  case question(back: Screen, intent: Intent)

  /// The screen's stable id.
  public var id: ScreenID {
    switch self {
    case .screen(let screen): screen.id
    case .familyPreview: .familyPreview
    case .verification: .mfa
    case .signUp: .signUp
    case .question: .confirm
    }
  }
}
