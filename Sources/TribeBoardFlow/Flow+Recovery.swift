import Foundation
import TribeBoardCore

/// What the app does by itself about an error an action or a load met: decided as a value by `recovery(for:…)`, then
/// carried out by ``apply(_:retrying:to:_:)``. (The ways forward the person chooses among are the error's own,
/// ``AppError/Recovery``.)
extension Flow {
  /// What to do about an error: where the app goes, and the error it shows there.
  enum Recovery: Equatable {
    /// Stay on the screen and show the error with its ways forward.
    case show(AppError)
    /// Show the phone's copy of the screen in place of what did not load, marked with the time it was loaded, and
    /// the error that kept the screen from loading; `quietly`, without the error: offline, on a screen that already
    /// showed a copy, where the banner and the sync line say so.
    case showCopy(AppState.CachedContent, AppError, quietly: Bool)
    /// The session ran out and could not be renewed: back to sign-in (``expire(_:)``), showing the error.
    case signIn(AppError)
    /// The screen belongs to a family the person may no longer see: out of the family, to family setup (or
    /// sign-in, without a session), showing the error.
    case leaveFamily(AppError)
  }

  /// What to do about `error`, which an action or sending the waiting changes met: a session that ran out takes
  /// the person to sign-in; anything else shows on the screen the action left.
  func recovery(for error: AppError, in state: AppState) -> Recovery {
    error.code == .sessionExpired && state.session.auth != nil ? .signIn(error) : .show(error)
  }

  /// What to do about `error` (``explained(_:loading:at:)``), which loading the current screen met. `copy`: the copy
  /// the screen can show instead (``copyToShow(after:_:shown:_:)``); `showedCopy`: the screen already showed a copy
  /// for want of the network before this load.
  func recovery(for error: AppError, loading state: AppState, copy: Copy?, showedCopy: Bool) -> Recovery {
    switch copy {
    case .shown(let cached)?:
      // Offline is the screen's state: said once, when it starts, then by the banner and the sync line.
      return .showCopy(cached, error, quietly: error.code == .offline && showedCopy)
    case .expired(let kind, let since)?:
      return .show(Self.needsConnection(error, kind, since: since))
    case nil:
      break
    }
    if error.code == .sessionExpired && state.session.auth != nil { return .signIn(error) }
    if error.code == .accessExpired || (table[state.screen.id].needsFamily && state.family == nil) {
      return .leaveFamily(error)
    }
    return .show(error)
  }

  /// `error`, met loading the current screen, as the person should read it: a refusal for access that ended names
  /// the family and the day (the service's refusal knows neither; the phone does), and so does a network failure on
  /// a family screen whose access ended, by `now`, while the call failed (a slow network): the phone's copy is no
  /// longer the person's to see.
  func explained(_ error: AppError, loading state: AppState, at now: Date) -> AppError {
    guard let family = state.family, let membership = state.membership else { return error }
    if error.code == .accessExpired { return Self.accessExpired(family, membership) }
    if error.category == .network, table[state.screen.id].needsFamily, !membership.isActive(at: now) {
      return Self.accessExpired(family, membership)
    }
    return error
  }

  /// The copy the current screen can show after its load failed with `error` (``copy(for:_:shown:_:)``): only a
  /// failure of the network looks for one, and only for someone signed in.
  func copyToShow(
    after error: AppError, _ state: AppState, shown: AppState.CachedContent?, _ services: Services
  ) async -> Copy? {
    guard error.category == .network, state.session.auth != nil else { return nil }
    return await Self.copy(for: state, table[state.screen.id], shown: shown, services)
  }

  /// Carries out `recovery`. "Try again" repeats `retrying` when the error shown offers it.
  func apply(_ recovery: Recovery, retrying: Intent?, to state: inout AppState, _ services: Services) async {
    let error: AppError
    switch recovery {
    case .show(let shown):
      error = shown
    case .showCopy(let copy, let failure, let quietly):
      await Self.show(copy, after: failure, &state, services)
      if quietly { return }
      error = failure
    case .signIn(let expired):
      expire(&state)
      error = expired
    case .leaveFamily(let ended):
      state.leaveFamily()
      state.screen = state.session.auth == nil ? .signIn : .familySetup
      error = ended
    }
    state.error = error
    if error.recovery.contains(.retry) { state.retry = retrying }
  }

  /// Shows `copy`, what the screen loaded before, in place of what its load failed to bring (`error`), with the
  /// changes waiting on the phone laid over it: something, marked with its time, rather than nothing.
  private static func show(
    _ copy: AppState.CachedContent, after error: AppError, _ state: inout AppState, _ services: Services
  ) async {
    let waiting = await services.device.outbox().changes
    state.content = copy.content
    state.content.overlay(waiting)
    if error.code == .offline {
      state.content.sync = .offline(pending: waiting.count)
    } else if case .upToDate = state.content.sync {
      // The copy's "up to date" was true when it was loaded; the reload that just failed says otherwise.
      state.content.sync = .failed(error, pending: waiting.count)
    }
    state.staleSince = copy.loadedAt
  }
}
