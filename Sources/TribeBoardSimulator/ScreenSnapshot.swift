import Foundation
import TribeBoardCore
import TribeBoardFlow

/// What one person's app shows at a moment: the screen, its content and actions, and who is signed in.
/// Text rendering and JSON output are both made from it.
public struct ScreenSnapshot: Equatable, Sendable {
  public struct Action: Equatable, Sendable {
    /// The stable action key ("sign-in-apple").
    public var key: String
    public var label: String
    /// What to type ("name <family name>").
    public var usage: String
  }

  public var screen: ScreenID
  public var title: String
  public var blocks: [Block]
  public var actions: [Action]
  public var error: AppError?
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
    blocks = state.loaded ? spec.body(state) : []
    actions = flow.actions(in: state).map { Action(key: $0.id.rawValue, label: $0.label, usage: $0.usage) }
    error = state.error
    recoveries =
      state.error == nil
      ? []
      : flow.recoveryActions(in: state, failed: failed).map {
        Action(key: $0.id.rawValue, label: $0.label, usage: $0.usage)
      }
    notice = state.notice
    notes = state.notes
    staleSince = state.staleSince
    load = LoadState.of(state, blocks: blocks)
    user = state.user
    role = state.role
    family = state.family
  }
}
