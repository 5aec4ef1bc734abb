import Foundation
import Synchronization
import TribeBoardCore

/// The in-memory backend behind every mock service: one world, shared by all the devices of a scenario.
///
/// Its state changes only through ``perform(_:from:authenticated:_:)``, which first takes the call's simulated
/// time, then fails it as a real backend would when the calling phone is offline, an injected ``Fault`` fires,
/// or the call's access token has run out.
public final class MockBackend: Sendable {
  public let clock: SimulatedClock

  /// What the backend holds and changes, all behind ``storage``'s lock.
  struct Storage: Sendable {
    // Every change to what a snapshot holds forgets `current`: a `didSet` (which, not reading the old value, lets the
    // change happen in place) on all but `state`, which `read` lends its bodies in place, and whose changers
    // (`perform`, `issueSession`) forget it themselves.
    var state: MockState
    var faults: [Fault] { didSet { current = nil } }
    var faultsArmed = 0 { didSet { current = nil } }
    /// The ids of the faults that have fired at least once.
    var firedFaults: Set<String> = []
    var latency: [String: TimeInterval] { didSet { current = nil } }
    /// Draws for faults that fire with a probability; seeded, so runs repeat.
    var random: SeededGenerator { didSet { current = nil } }
    /// Simulated seconds the calls since ``MockBackend/takeElapsed()`` was last asked took: they overlap, so the slowest.
    var elapsed: TimeInterval = 0 { didSet { current = nil } }
    /// Whether calls come from a saved phone resuming its screen (``MockBackend/resuming(_:)``): they take no time
    /// and no fault fires on them.
    var resuming = false
    /// The snapshot the backend holds exactly, if it is known: the one it was restored to or last gave, until
    /// something changes. Exploration puts the backend back before every input it tries, and most inputs only
    /// read it: then restoring is nothing, and the snapshot after the step is the one before.
    var current: Snapshot.Parts?

    init(state: MockState, faults: [Fault], latency: [String: TimeInterval], random: SeededGenerator) {
      self.state = state
      self.faults = faults
      faultsArmed = faults.count
      self.latency = latency
      self.random = random
    }
  }

  /// The backend's state; never taken again from inside a body it runs (the lock is not recursive).
  let storage: Mutex<Storage>

  public init(_ configuration: MockConfiguration, clock: SimulatedClock) {
    self.clock = clock
    var state = MockState(world: configuration.world, seed: configuration.seed)
    state.auth = MockAuthState(policy: configuration.auth)
    state.auth.lockedUntil = configuration.signInLocks
    for (user, attempts) in configuration.attempts {
      if attempts.wrongCodes > 0 { state.auth.failedCodes[user] = attempts.wrongCodes }
      if attempts.wrongFamilyCodes > 0 { state.auth.wrongFamilyCodes[user] = attempts.wrongFamilyCodes }
      if let until = attempts.familyCodesLockedUntil { state.auth.familyCodesLockedUntil[user] = until }
    }
    storage = Mutex(
      Storage(
        state: state,
        faults: configuration.faults.enumerated().map { index, fault in Self.armed(fault, number: index + 1) },
        latency: configuration.latency, random: SeededGenerator(seed: configuration.seed ^ 0x5eed_fa17)))
  }

  /// Runs `body` on the backend's state as `operation`, called from `caller`'s phone.
  ///
  /// - Parameter authenticated: whether the call carries the phone's access token, which must be live.
  public func perform<T: Sendable>(
    _ operation: MockOperation, from caller: MockDevice? = nil, authenticated: Bool = false,
    _ body: @Sendable (inout MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    try storage.withLock { storage throws(AppError) -> T in
      let now = try storage.admit(operation, from: caller, authenticated: authenticated, clock: clock).now
      // Forgotten before the body runs, not only after: a body may change the state and then throw.
      storage.current = nil
      return try body(&storage.state, now)
    }
  }

  /// As ``perform(_:from:authenticated:_:)``, for a call whose body judges a credential (a verification code, a
  /// refresh token): it gets when the phone sent the call as well, to judge the credential by, so however long the
  /// call takes, a credential still valid when it was sent is honoured.
  func perform<T: Sendable>(
    _ operation: MockOperation, from caller: MockDevice?, authenticated: Bool = false,
    judging body: @Sendable (inout MockState, _ sent: Date, _ now: Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    try storage.withLock { storage throws(AppError) -> T in
      let (sent, now) = try storage.admit(operation, from: caller, authenticated: authenticated, clock: clock)
      storage.current = nil
      return try body(&storage.state, sent, now)
    }
  }

  /// Runs `body`, which only reads the backend's state, as `operation`: as ``perform(_:from:authenticated:_:)``
  /// (latency, network, faults and token alike), but the state is left as it was.
  public func read<T: Sendable>(
    _ operation: MockOperation, from caller: MockDevice? = nil, authenticated: Bool = false,
    _ body: @Sendable (MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    try storage.withLock { storage throws(AppError) -> T in
      let now = try storage.admit(operation, from: caller, authenticated: authenticated, clock: clock).now
      return try Self.lend(&storage.state) { state throws(AppError) in try body(state, now) }
    }
  }

  /// Calls `body` with `state` in place: passing the stored property straight to a closure would copy every table
  /// of the world into the call.
  private static func lend<T>(_ state: inout MockState, _ body: (MockState) throws(AppError) -> T) throws(AppError)
    -> T
  {
    try body(state)
  }
}
