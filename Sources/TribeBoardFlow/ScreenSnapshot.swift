import Foundation
import TribeBoardCore

/// What one person's app shows at a moment: the screen, its content and actions, and who is signed in.
/// Text rendering and JSON output are both made from it.
public struct ScreenSnapshot: Equatable, Sendable {
  public struct Action: Equatable, Sendable {
    /// What kind of control the action is on a phone, so a front-end draws each as iOS does:
    /// - `primary`: the screen's main step (a prominent button, a form's submit);
    /// - `secondary`: another step (a plain button);
    /// - `destructive`: one that can't be undone or ends something (a red row, confirmed in a sheet naming it);
    /// - `navigation`: the way back (the bar's back button, a form's Cancel);
    /// - `tab`: opens a top-level module (a tab of the tab bar);
    /// - `row`: opens a sub-screen (a row with a chevron);
    /// - `recovery`: a way forward from the error shown (the error's own button, drawn once, there);
    /// - `setting`: turns a setting on or off (a switch).
    public enum Kind: String, Sendable {
      case primary, secondary, destructive, navigation, tab, row, recovery, setting
    }

    /// The stable action key ("sign-in-apple").
    public var key: String
    public var label: String
    /// What to type ("name <family name>").
    public var usage: String
    /// The words that choose it ("name"): `usage` without the value.
    public var words: String
    /// The kind of value it takes (a form's input, or a list row's number); `nil` when it takes none.
    public var input: ArgumentKind?
    public var kind: Kind
    /// For a value that names a member: whom it may name (value as typed, name shown), for a picker.
    public var choices: [Choice] = []

    /// One of an action's ``choices``.
    public struct Choice: Equatable, Sendable {
      public var value: String
      public var label: String
    }

    public init(
      key: String, label: String, usage: String, words: String? = nil, input: ArgumentKind? = nil,
      kind: Kind = .secondary
    ) {
      self.key = key
      self.label = label
      self.usage = usage
      self.words = words ?? usage
      self.input = input
      self.kind = kind
    }

    /// Whether it acts on one of the list's items, so a list row carries it.
    public var isItemAction: Bool {
      if case .item = input { true } else { false }
    }
  }

  public var screen: ScreenID
  public var title: String
  public var blocks: [Block]
  public var actions: [Action]
  public var error: AppError?
  /// With an error: the key of the action whose value it refuses, so a form shows the error at that field.
  public var failed: String?
  /// The actions the error names as its ways forward ("You can: …"), among ``actions``.
  public var recoveries: [Action]
  public var notice: String?
  /// Quiet lines about what happened behind the screen ("Session renewed silently …").
  public var notes: [String]
  /// When the content shown was loaded, if it is an older copy shown because a reload failed.
  public var staleSince: Date?
  /// Where the screen's data stands: loading, loaded, empty, error, or offline with the phone's copy.
  public var load: LoadState
  public var user: UserProfile?
  public var role: Role?
  public var family: Family?
  /// On a question before something that can't be undone (``ScreenID/confirm``): the action sheet, over the
  /// screen it was asked from.
  public var sheet: Sheet?
  /// The role's top-level modules, for a tab bar: on the dashboard and on every screen that offers the way home.
  public var tabs: [Tab]
  /// Whether ``notice`` tells of something that failed (a change that could not be sent), not of a success.
  public var noticeIsFailure: Bool

  /// An action sheet: the question, the destructive choice named by what it does ("Remove Ben Johnson"), the way
  /// out, and the screen the question was asked from (drawn dimmed under the sheet).
  public struct Sheet: Equatable, Sendable {
    public var question: String
    /// The label of the choice that does it; its action is ``ActionID/confirmYes``.
    public var confirm: String
    /// The label of the choice that leaves things as they are; its action is ``ActionID/confirmNo``.
    public var cancel: String
    private var below: [ScreenSnapshot]
    /// The screen under the sheet.
    public var underneath: ScreenSnapshot? { below.first }

    init(question: String, confirm: String, cancel: String, underneath: ScreenSnapshot?) {
      self.question = question
      self.confirm = confirm
      self.cancel = cancel
      below = underneath.map { [$0] } ?? []
    }
  }

  /// A module of the tab bar: the action that opens it (`words`, as typed), its label, whether it is the screen's
  /// own module, and a badge (unread messages, tasks due, pickups needing a driver) when there is something.
  public struct Tab: Equatable, Sendable {
    public var key: String
    public var label: String
    public var words: String
    public var isSelected: Bool
    public var badge: Int?
  }

  /// `failed`: the action the step chose, so an error asking to correct the input names that action.
  public init(_ state: AppState, flow: Flow, failed: ActionID? = nil) {
    let spec = flow.table[state.screen.id]
    screen = spec.id
    title = spec.title(state)
    let offered = flow.actions(in: state)
    var actions = Self.actions(offered)
    for index in offered.indices where offered[index].choices != nil {
      actions[index].choices = (offered[index].choices?(state) ?? []).map {
        Action.Choice(value: $0.value, label: $0.label)
      }
    }
    var blocks = state.loaded ? spec.body(state) : []
    Self.offer(offered, as: actions, onItemsOf: &blocks, state)
    // The ways forward are among the actions offered.
    let ways =
      state.error == nil
      ? []
      : flow.recoveryActions(in: state, failed: failed).map(\.id.rawValue)
    // A recovery that takes no value is the error's own button, drawn there and not again with the screen's actions.
    for index in actions.indices where actions[index].input == nil && ways.contains(actions[index].key) {
      actions[index].kind = .recovery
    }
    self.blocks = blocks
    self.actions = actions
    error = state.error
    self.failed = state.error == nil ? nil : failed?.rawValue
    recoveries = ways.compactMap { key in actions.first { $0.key == key } }
    notice = state.notice
    noticeIsFailure = state.notice != nil && state.noticeIsFailure
    notes = state.notes
    staleSince = state.staleSince
    load = LoadState.of(state, blocks: blocks)
    user = state.user
    role = state.role
    family = state.family
    sheet = Self.sheet(state, flow: flow)
    tabs = Self.tabs(state, flow: flow, offered: offered)
  }

  /// The action sheet of a question: the destructive choice named by the action it confirms, on the screen asked
  /// from (``FlowAction/sheetLabel``), else by the question's first sentence.
  static func sheet(_ state: AppState, flow: Flow) -> Sheet? {
    guard case .confirm(let pending) = state.screen else { return nil }
    var below = state
    below.screen = pending.back
    below.error = nil
    below.notice = nil
    below.notes = []
    let asked = flow.table[pending.back.id].actions.first { $0.id == pending.intent.action }
    let confirm =
      asked?.sheetLabel?(below)
      ?? String(pending.question.prefix { $0 != "?" && $0 != "." })
    let underneath = pending.back.id == .confirm ? nil : ScreenSnapshot(below, flow: flow)
    return Sheet(question: pending.question, confirm: confirm, cancel: "Cancel", underneath: underneath)
  }

  /// The modules of the tab bar: the dashboard's own (a "Today" tab first) as this person may open them, where the
  /// screen is the dashboard or offers the way home.
  static func tabs(_ state: AppState, flow: Flow, offered: [FlowAction]) -> [Tab] {
    let onDashboard = state.screen.id == .dashboard
    guard state.family != nil, onDashboard || offered.contains(where: { $0.id == .home }) else { return [] }
    var home = state
    home.screen = .dashboard
    home.error = nil
    let modules = onDashboard ? offered : flow.actions(in: home)
    let current = module(of: state.screen.id)
    var tabs = [Tab(key: ActionID.home.rawValue, label: "Today", words: "home", isSelected: onDashboard, badge: nil)]
    for action in modules where tabKeys.contains(action.id) {
      tabs.append(
        Tab(
          key: action.id.rawValue, label: action.label, words: action.phrases[0], isSelected: current == action.id,
          badge: badge(action.id, state)))
    }
    return tabs.count > 1 ? tabs : []
  }

  /// The actions that open a top-level module.
  static let tabKeys: Set<ActionID> = [.openCalendar, .openTasks, .openMessages, .openSchoolRun, .openSettings]

  /// The module a screen belongs to, by the action that opens it.
  static func module(of screen: ScreenID) -> ActionID? {
    switch screen {
    case .calendar, .eventDetail, .addEvent: .openCalendar
    case .tasks, .taskDetail, .addTask: .openTasks
    case .messages, .noticeboard: .openMessages
    case .schoolRun: .openSchoolRun
    case .settings, .profile, .notifications, .familyManagement, .memberDetail: .openSettings
    default: nil
    }
  }

  /// What waits in a module, as far as the phone knows: unread messages, open tasks of the person due by the end of
  /// today, pickups to come with no driver.
  static func badge(_ module: ActionID, _ state: AppState) -> Int? {
    let count: Int
    switch module {
    case .openMessages: count = state.content.unread
    case .openTasks:
      let user = state.user?.id
      let endOfToday = DateText.startOfDay(state.now).addingTimeInterval(86400)
      count =
        state.content.tasks.filter { task in
          task.status != .done && task.assignee == user && (task.due.map { $0 < endOfToday } ?? false)
        }.count
    case .openSchoolRun: count = state.content.pickups.filter { $0.driver == nil && $0.at >= state.now }.count
    default: count = 0
    }
    return count > 0 ? count : nil
  }

  /// The actions as the screen model gives them: the way back is navigation; opening a module is a tab, opening a
  /// sub-screen a row; turning a setting is a setting; an action that asks first, signs out or says yes to such a
  /// question is destructive; the first other action that is not a list row's is the screen's primary one.
  static func actions(_ offered: [FlowAction]) -> [Action] {
    var hasPrimary = false
    return offered.map { action in
      let kind: Action.Kind
      switch action.id {
      case .back, .home, .confirmNo: kind = .navigation
      case .openCalendar, .openTasks, .openMessages, .openSchoolRun, .openSettings: kind = .tab
      case .openItem, .openNoticeboard, .openProfile, .openNotifications, .openFamilyManagement: kind = .row
      case .toggle: kind = .setting
      case .signOut, .confirmYes: kind = .destructive
      default:
        if action.confirmation != nil {
          kind = .destructive
        } else if !hasPrimary, !Self.isItem(action.argument) {
          kind = .primary
          hasPrimary = true
        } else {
          kind = .secondary
        }
      }
      return Action(
        key: action.id.rawValue, label: action.label, usage: action.usage, words: action.phrases[0],
        input: action.argument, kind: kind)
    }
  }

  /// Gives each numbered item of `blocks` its own actions: those of the screen's actions on items (`offered`, drawn
  /// as `actions`) that the item's state and the person's role allow, under the label a row gives them.
  static func offer(_ offered: [FlowAction], as actions: [Action], onItemsOf blocks: inout [Block], _ state: AppState) {
    let onItems = offered.indices.filter { offered[$0].takesItem }
    guard !onItems.isEmpty else { return }
    for position in blocks.indices {
      guard case .item(var item) = blocks[position], let id = item.id, item.number != nil else { continue }
      item.actions = onItems.compactMap { index in
        let offer = offered[index].onItem
        guard offer?.test(state, id) ?? true else { return nil }
        var action = actions[index]
        if let offer { action.label = offer.label }
        return action
      }
      blocks[position] = .item(item)
    }
  }

  private static func isItem(_ kind: ArgumentKind?) -> Bool {
    if case .item = kind { true } else { false }
  }
}
