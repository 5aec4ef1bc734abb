import Foundation
import TribeBoardCore

/// Admission: what a call goes through before its body runs (latency, network, injected faults, the access token).
extension MockBackend.Storage {
  /// What every call goes through before its body: it takes its simulated time (overlapping the other calls made
  /// since ``MockBackend/takeElapsed()`` was last asked), then fails as a real backend
  /// would when the calling phone is offline, an injected ``Fault`` fires, or the access token had run out when the
  /// phone sent the call. Returns when the phone sent the call, which is when its credentials are judged (so the
  /// latency never uses up a token or a verification code), and the time the body runs at.
  ///
  /// It reads `caller` (its own lock) under the backend's: a device never calls the backend while it holds its
  /// lock, so the two locks are always taken in this order.
  mutating func admit(
    _ operation: MockOperation, from caller: MockDevice?, authenticated: Bool, clock: SimulatedClock
  ) throws(AppError) -> (sent: Date, now: Date) {
    let sent = clock.now()
    // Most runs set no latency: then no key is built or looked up (every service call passes here).
    let delay = latency.isEmpty || resuming ? 0 : latency[operation.rawValue] ?? latency[operation.service] ?? 0
    // The calls of one step go out together, as an app fetches a screen's data at once: the step takes as long as
    // its slowest call, not their sum.
    if delay > elapsed {
      clock.advance(by: delay - elapsed)
      elapsed = delay
    }
    let now = clock.now()
    if let caller, !caller.isOnline { throw AppError(.offline) }
    if !resuming, let error = firingFault(operation, account: caller?.user, at: now) { throw AppError(error) }
    // The token must be live and the phone's holder's: a call never acts for another account.
    if authenticated, let caller, try state.auth.checkAccess(caller.token, at: sent) != caller.user {
      throw AppError(.sessionExpired)
    }
    return (sent, now)
  }

  /// Counts the call on every fault it matches and returns the error of the last-armed one that fires.
  fileprivate mutating func firingFault(_ operation: MockOperation, account: UserID?, at now: Date) -> AppError.Code? {
    var fired: AppError.Code?
    for index in faults.indices where faults[index].operation == operation {
      guard faults[index].account == nil || faults[index].account == account else { continue }
      faults[index].calls += 1
      let fault = faults[index]
      let fires: Bool =
        switch fault.schedule {
        case .always: true
        case .next(let n): fault.calls <= n
        case .nth(let n): fault.calls == n
        case .after(let date): now >= date
        case .probability(let p): Double(random.next() >> 11) / Double(1 << 53) < p
        }
      if fires {
        fired = fault.error
        firedFaults.insert(fault.id)
      }
    }
    if faults.contains(where: \.isSpent) { faults.removeAll(where: \.isSpent) }
    return fired
  }
}
