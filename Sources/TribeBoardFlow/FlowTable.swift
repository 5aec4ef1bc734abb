import Foundation
import TribeBoardCore

/// The app's flow as data: for every screen, its title, what it loads, what it shows and the actions it offers.
///
/// The engine (``Flow``), the REPL's action list and help, the flow graph and coverage all read this one table,
/// so they cannot disagree.
public struct FlowTable: Sendable {
  /// Every screen's row, by its id.
  public let screens: [ScreenID: ScreenSpec]

  public init(_ specs: [ScreenSpec]) {
    let declared = Dictionary(uniqueKeysWithValues: specs.map { ($0.id, $0) })
    let familyScreens = ScreenID.allCases.filter { declared[$0]?.needsFamily == true }
    // What the table says once, on the screens, is filled into the actions that depend on it: an action that opens a
    // screen needs what the screen needs; signing in can resume on any family screen.
    let screens = declared.mapValues { spec in
      guard spec.actions.contains(where: { $0.opensTarget || $0.resumesFamily }) else { return spec }
      let actions = spec.actions.map { action in
        let needed = action.opensTarget ? action.targets.first.flatMap { declared[$0]?.requires } : nil
        guard needed != nil || action.resumesFamily else { return action }
        return action.completed(
          requires: needed ?? action.requires, targets: action.targets + (action.resumesFamily ? familyScreens : []))
      }
      return ScreenSpec(
        spec.id, requires: spec.requires, inFamily: spec.needsFamily, title: spec.title, load: spec.load,
        body: spec.body, actions: actions, retry: spec.retry)
    }
    self.screens = screens
  }

  public subscript(id: ScreenID) -> ScreenSpec {
    guard let spec = screens[id] else { preconditionFailure("the flow table has no screen \(id)") }
    return spec
  }

  /// The notice of a step that chose to change nothing (no to a question, cancelling a sign-up).
  public static let nothingChanged = "Nothing was changed."
  public static let noAccountCreated = "No account was created."
  /// Notices that say nothing changed: a step showing one changes nothing, as it says.
  public static let noChangeNotices: Set<String> = [nothingChanged, noAccountCreated]

  /// The app's table.
  public static let app = FlowTable(
    onboardingScreens + signInScreens + familySetupScreens + [dashboardScreen] + calendarScreens + taskScreens
      + messagingScreens + schoolRunScreens + settingsScreens + [confirmScreen])

  /// The question before an action that can't be undone: yes does it, no leaves things as they are.
  static let confirmScreen = ScreenSpec(
    .confirm, inFamily: true, title: "Are you sure?",
    body: { state in
      guard case .confirm(let pending) = state.screen else { return [] }
      return [.paragraph(pending.question)]
    },
    actions: [
      // Flow.send carries out "yes": it goes back and runs the action it asked about.
      FlowAction(
        .confirmYes, "Yes", phrases: ["yes", "y"], targets: [.familySetup, .familyManagement, .memberDetail, .signIn]
      ) { _, _, _ in },
      FlowAction(
        .confirmNo, "No", phrases: ["no", "n"], targets: [.settings, .familyManagement, .memberDetail, .dashboard]
      ) {
        state, _, _ in
        guard case .confirm(let pending) = state.screen else { return }
        state.screen = pending.back
        state.notice = FlowTable.nothingChanged
      },
    ])
}

/// One row group of the flow table: a screen. A class, so looking a screen up shares it rather than copying its
/// closures and actions (the flow does on every step).
public final class ScreenSpec: Sendable {
  public typealias Load = @Sendable (inout AppState, Services) async throws(AppError) -> Void
  public typealias Body = @Sendable (AppState) -> [Block]

  public let id: ScreenID
  /// The permission needed to be on the screen at all; checked on every load, since roles change.
  public let requires: Capability?
  /// Whether the screen belongs to a family, so it needs an active membership: every screen that needs a permission,
  /// and those declared `inFamily` (the dashboard, "family created", a question about the family).
  public let needsFamily: Bool
  /// Title of the screen; may depend on the state ("The Johnsons").
  public let title: @Sendable (AppState) -> String
  /// Fetches what the screen shows; runs on arrival and on refresh.
  public let load: Load?
  /// The content, from the state.
  public let body: Body
  /// The actions the screen offers, in display order.
  public let actions: [FlowAction]
  /// The screen's own way to try again, for an error that an action of another screen left here.
  public let retry: ActionID?

  public init(
    _ id: ScreenID, requires: Capability? = nil, inFamily: Bool = false,
    title: @escaping @Sendable (AppState) -> String, load: Load? = nil, body: @escaping Body, actions: [FlowAction],
    retry: ActionID? = nil
  ) {
    self.id = id
    self.requires = requires
    self.needsFamily = inFamily || requires != nil
    self.title = title
    self.load = load
    self.body = body
    self.actions = actions
    self.retry = retry
  }

  public convenience init(
    _ id: ScreenID, requires: Capability? = nil, inFamily: Bool = false, title: String, load: Load? = nil,
    body: @escaping Body, actions: [FlowAction], retry: ActionID? = nil
  ) {
    self.init(
      id, requires: requires, inFamily: inFamily, title: { _ in title }, load: load, body: body, actions: actions,
      retry: retry)
  }
}

/// One transition of the flow table: on this screen, this intent does this, if its guards allow. A class, so the
/// action lists the flow filters on every step share their actions rather than copying each one's closures.
public final class FlowAction: Sendable {
  public typealias Run = @Sendable (inout AppState, ActionInput, Services) async throws(AppError) -> Void
  public typealias Question = @Sendable (AppState, Services) async throws(AppError) -> String?

  public let id: ActionID
  /// What the action list says: "Sign in with Apple".
  public let label: String
  /// What a person types to choose it, lowercased: "sign in apple". The first is shown in help.
  public let phrases: [String]
  /// The kind of value it takes (a family name, a task number); `nil` when it takes none.
  public let argument: ArgumentKind?
  /// The permission it needs; a role without it does not see the action and is refused if it types it.
  public let requires: Capability?
  /// A condition on the state for the action to be offered at all.
  public let condition: Condition?
  /// The screens it can lead to, for the flow graph.
  public let targets: [ScreenID]
  /// Whether the action list shows it. An unlisted action still works when typed: it exists to explain a
  /// refusal (e.g. "join as parent admin").
  public let listed: Bool
  /// Whether the action opens its target screen and so needs what that screen needs (``FlowAction/open``): the
  /// table fills in ``requires`` from the screen.
  public let opensTarget: Bool
  /// Whether the action signs the person in, and so can resume on any family screen they were on when their session
  /// ran out: the table adds every family screen to ``targets``.
  public let resumesFamily: Bool
  /// For an action that can't be undone: the question the app asks first ("Remove Ben from The Johnsons?"), or
  /// `nil` when there is nothing to ask this time (signing out with no change waiting on the phone). It may read
  /// the phone (the changes waiting on it) and changes nothing. It throws the refusal instead when the phone already
  /// knows the action will be refused: nobody is asked to confirm what can't happen.
  public let confirmation: Question?
  /// For an action that asks first: what the sheet's destructive choice says, naming the thing ("Remove Ben
  /// Johnson"), read on the screen the question is asked from; `nil` to use the question's first sentence.
  public let sheetLabel: (@Sendable (AppState) -> String)?
  /// For an action whose value names a member: the members it may name, as typed (an account id) and shown, so a
  /// phone offers a picker rather than a box to type a name in.
  public let choices: (@Sendable (AppState) -> [(value: String, label: String)])?
  /// For an action on a list's items: how a row names it and which items it is offered on.
  public let onItem: ItemOffer?
  public let run: Run

  public convenience init(
    _ id: ActionID, _ label: String, phrases: [String], argument: ArgumentKind? = nil, requires: Capability? = nil,
    when condition: Condition? = nil, targets: [ScreenID] = [], resumesFamily: Bool = false, listed: Bool = true,
    confirm confirmation: Question? = nil, sheetLabel: (@Sendable (AppState) -> String)? = nil,
    choices: (@Sendable (AppState) -> [(value: String, label: String)])? = nil, onItem: ItemOffer? = nil,
    run: @escaping Run
  ) {
    self.init(
      id, label, phrases: phrases, argument: argument, requires: requires, when: condition, targets: targets,
      listed: listed, confirm: confirmation, sheetLabel: sheetLabel, choices: choices, opensTarget: false,
      resumesFamily: resumesFamily, onItem: onItem, run: run)
  }

  init(
    _ id: ActionID, _ label: String, phrases: [String], argument: ArgumentKind?, requires: Capability?,
    when condition: Condition?, targets: [ScreenID], listed: Bool,
    confirm confirmation: Question?, sheetLabel: (@Sendable (AppState) -> String)? = nil,
    choices: (@Sendable (AppState) -> [(value: String, label: String)])? = nil,
    opensTarget: Bool, resumesFamily: Bool, onItem: ItemOffer? = nil, run: @escaping Run
  ) {
    self.sheetLabel = sheetLabel
    self.choices = choices
    self.onItem = onItem
    self.opensTarget = opensTarget
    self.resumesFamily = resumesFamily
    self.id = id
    self.label = label
    self.phrases = phrases
    self.argument = argument
    self.requires = requires
    self.condition = condition
    self.targets = targets
    self.listed = listed
    self.confirmation = confirmation
    self.run = run
  }

  /// Whether the action takes the number of an item of the screen's list.
  public var takesItem: Bool {
    if case .item = argument { true } else { false }
  }

  /// What to type, as help shows it: "name <family name>".
  public var usage: String {
    argument.map { "\(phrases[0]) <\($0.description)>" } ?? phrases[0]
  }

  /// The same action with what the table fills in: the permission it needs and the screens it leads to.
  func completed(requires: Capability?, targets: [ScreenID]) -> FlowAction {
    FlowAction(
      id, label, phrases: phrases, argument: argument, requires: requires, when: condition, targets: targets,
      listed: listed, confirm: confirmation, sheetLabel: sheetLabel, choices: choices, opensTarget: opensTarget,
      resumesFamily: resumesFamily, onItem: onItem, run: run)
  }
}

/// How an action on a list's items shows on a row: its label there ("Mark done", not "Mark a task done") and the
/// items it is offered on, by their identity, as their state and the person's role allow.
public struct ItemOffer: Sendable {
  public let label: String
  public let test: @Sendable (AppState, String) -> Bool

  public init(_ label: String, when test: @escaping @Sendable (AppState, String) -> Bool = { _, _ in true }) {
    self.label = label
    self.test = test
  }
}

/// What an action's run is given: its value, and the action it is given to. The flow runs an action that takes a
/// value only with one of the kind it declares, so the accessor for that kind always finds it.
public struct ActionInput: Sendable {
  /// The value, of the action's ``FlowAction/argument`` kind; `nil` for an action that takes none.
  public let argument: Intent.Argument?
  private let action: FlowAction

  public init(_ argument: Intent.Argument?, of action: FlowAction) {
    self.argument = argument
    self.action = action
  }

  /// How the action is typed, as help shows it ("done <task #>"), for messages that say how to give the value: made
  /// only when one does, not for every send.
  public var usage: String { action.usage }

  public func text() throws(AppError) -> String {
    guard case .text(let text) = argument else { throw missing }
    return text
  }

  public func item() throws(AppError) -> Int {
    guard case .item(let number) = argument else { throw missing }
    return number
  }

  public func points() throws(AppError) -> Int {
    guard case .points(let points) = argument else { throw missing }
    return points
  }

  public func date() throws(AppError) -> Date {
    guard case .date(let date) = argument else { throw missing }
    return date
  }

  public func role() throws(AppError) -> Role {
    guard case .role(let role) = argument else { throw missing }
    return role
  }

  public func notification() throws(AppError) -> NotificationPreferences.Kind {
    guard case .notification(let kind) = argument else { throw missing }
    return kind
  }

  public func names() throws(AppError) -> [String] {
    guard case .names(let names) = argument else { throw missing }
    return names
  }

  /// The flow's own refusal of an intent without the value its action needs.
  var missing: AppError {
    AppError(.validationFailed, "This needs a value: type \(usage).", recovery: [.edit])
  }
}

/// A guard on the state, with a sentence saying what it checks.
public struct Condition: Sendable {
  public let summary: String
  public let test: @Sendable (AppState) -> Bool

  public init(_ summary: String, _ test: @escaping @Sendable (AppState) -> Bool) {
    self.summary = summary
    self.test = test
  }
}

extension FlowAction {
  /// An action that opens `screen`, needing the permission the screen's row of the table names.
  static func open(
    _ id: ActionID, _ label: String, phrases: [String], to screen: Screen, when condition: Condition? = nil
  ) -> FlowAction {
    FlowAction(
      id, label, phrases: phrases, argument: nil, requires: nil, when: condition, targets: [screen.id], listed: true,
      confirm: nil, opensTarget: true, resumesFamily: false
    ) { state, _, _ in state.screen = screen }
  }

  /// An action that only moves to `screen` (back, home), open to whoever is on the screen it is offered on.
  static func go(
    _ id: ActionID, _ label: String, phrases: [String], to screen: Screen, when condition: Condition? = nil
  ) -> FlowAction {
    FlowAction(id, label, phrases: phrases, when: condition, targets: [screen.id]) {
      state, _, _ in state.screen = screen
    }
  }

  /// "Back" to `screen`.
  static func back(to screen: Screen, label: String = "Back") -> FlowAction {
    go(.back, label, phrases: ["back", "b"], to: screen)
  }

  /// "Home": back to the dashboard.
  static let home = go(.home, "Dashboard", phrases: ["home", "dashboard"], to: .dashboard)
}
