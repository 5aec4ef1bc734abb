import Foundation

/// Where a screen's data stands, as the app's state contract names it: each screen that loads data is in one of
/// these after every step, and tools read it (`--format jsonl`).
public enum LoadState: String, CaseIterable, Sendable {
  /// Still opening: the family board is being prepared.
  case loading
  /// Loaded, with something to show.
  case loaded
  /// Loaded, with nothing to show: the screen says what to do next.
  case empty
  /// Not loaded: the error says why; nothing is shown.
  case error
  /// The reload failed on the network; the screen shows the copy the phone kept, with its time.
  case offlineWithCache

  /// The state of the screen `state` shows, whose content is `blocks`.
  public static func of(_ state: AppState, blocks: [Block]) -> LoadState {
    if state.screen == .preparing { return state.error == nil ? .loading : .error }
    if !state.loaded { return .error }
    if state.staleSince != nil { return .offlineWithCache }
    var hasEmpty = false
    for block in blocks {
      switch block {
      case .item: return .loaded
      case .empty: hasEmpty = true
      default: continue
      }
    }
    return hasEmpty ? .empty : .loaded
  }
}
