import Foundation
import TribeBoardCore

/// What one person's app shows at a moment: the screen, its content and actions, and who is signed in.
/// Text rendering and JSON output are both made from it.
public struct ScreenSnapshot: Equatable, Sendable {
  public struct Action: Equatable, Sendable {
    /// How an app draws the action: the screen's main step, another step, one that can't be undone or ends
    /// something, or a way back.
    public enum Kind: String, Sendable {
      case primary, secondary, destructive, navigation
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

  /// `failed`: the action the step chose, so an error asking to correct the input names that action.
  public init(_ state: AppState, flow: Flow, failed: ActionID? = nil) {
    let spec = flow.table[state.screen.id]
    screen = spec.id
    title = spec.title(state)
    let offered = flow.actions(in: state)
    let actions = Self.actions(offered)
    var blocks = state.loaded ? spec.body(state) : []
    Self.offer(offered, as: actions, onItemsOf: &blocks, state)
    self.blocks = blocks
    self.actions = actions
    error = state.error
    self.failed = state.error == nil ? nil : failed?.rawValue
    // The ways forward are among the actions offered.
    recoveries =
      state.error == nil
      ? []
      : flow.recoveryActions(in: state, failed: failed).compactMap { named in
        actions.first { $0.key == named.id.rawValue }
      }
    notice = state.notice
    notes = state.notes
    staleSince = state.staleSince
    load = LoadState.of(state, blocks: blocks)
    user = state.user
    role = state.role
    family = state.family
  }

  /// The actions as the screen model gives them: the way back is navigation; an action that asks first, signs out
  /// or says yes to such a question is destructive; the first other action that is not a list row's is the screen's
  /// primary one.
  static func actions(_ offered: [FlowAction]) -> [Action] {
    var hasPrimary = false
    return offered.map { action in
      let kind: Action.Kind
      switch action.id {
      case .back, .home: kind = .navigation
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
