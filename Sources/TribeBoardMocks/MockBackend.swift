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
  private struct Storage: Sendable {
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
    /// Simulated seconds the calls took since ``MockBackend/takeElapsed()`` was last asked.
    var elapsed: TimeInterval = 0 { didSet { current = nil } }
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

    /// What every call goes through before its body: it takes its simulated time, then fails as a real backend
    /// would when the calling phone is offline, an injected ``Fault`` fires, or the access token has run out.
    /// Returns the time the body runs at.
    ///
    /// It reads `caller` (its own lock) under the backend's: a device never calls the backend while it holds its
    /// lock, so the two locks are always taken in this order.
    mutating func admit(
      _ operation: MockOperation, from caller: MockDevice?, authenticated: Bool, clock: SimulatedClock
    ) throws(AppError) -> Date {
      // Most runs set no latency: then no key is built or looked up (every service call passes here).
      let delay = latency.isEmpty ? 0 : latency[operation.rawValue] ?? latency[operation.service] ?? 0
      if delay > 0 {
        clock.advance(by: delay)
        elapsed += delay
      }
      let now = clock.now()
      if let caller, !caller.isOnline { throw AppError(.offline) }
      if let error = firingFault(operation, account: caller?.user, at: now) { throw AppError(error) }
      if authenticated, let caller { try state.auth.checkAccess(caller.token, at: now) }
      return now
    }

    /// Counts the call on every fault it matches and returns the error of the last-armed one that fires.
    private mutating func firingFault(_ operation: MockOperation, account: UserID?, at now: Date) -> AppError.Code? {
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

  /// The backend's state; never taken again from inside a body it runs (the lock is not recursive).
  private let storage: Mutex<Storage>

  public init(_ configuration: MockConfiguration, clock: SimulatedClock) {
    self.clock = clock
    var state = MockState(world: configuration.world, seed: configuration.seed)
    state.auth = MockAuthState(policy: configuration.auth)
    state.auth.lockedUntil = configuration.signInLocks
    storage = Mutex(
      Storage(
        state: state,
        faults: configuration.faults.enumerated().map { index, fault in Self.armed(fault, number: index + 1) },
        latency: configuration.latency, random: SeededGenerator(seed: configuration.seed ^ 0x5eed_fa17)))
  }

  private static func armed(_ fault: Fault, number: Int) -> Fault {
    var armed = fault
    armed.id = "f\(number)"
    armed.calls = 0
    return armed
  }

  /// The ids of the faults that have fired at least once.
  public var firedFaults: Set<String> { storage.withLock { $0.firedFaults } }

  /// Runs `body` on the backend's state as `operation`, called from `caller`'s phone.
  ///
  /// - Parameter authenticated: whether the call carries the phone's access token, which must be live.
  public func perform<T: Sendable>(
    _ operation: MockOperation, from caller: MockDevice? = nil, authenticated: Bool = false,
    _ body: @Sendable (inout MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    try storage.withLock { storage throws(AppError) -> T in
      let now = try storage.admit(operation, from: caller, authenticated: authenticated, clock: clock)
      // Forgotten before the body runs, not only after: a body may change the state and then throw.
      storage.current = nil
      return try body(&storage.state, now)
    }
  }

  /// Runs `body`, which only reads the backend's state, as `operation`: as ``perform(_:from:authenticated:_:)``
  /// (latency, network, faults and token alike), but the state is left as it was.
  public func read<T: Sendable>(
    _ operation: MockOperation, from caller: MockDevice? = nil, authenticated: Bool = false,
    _ body: @Sendable (MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    try storage.withLock { storage throws(AppError) -> T in
      let now = try storage.admit(operation, from: caller, authenticated: authenticated, clock: clock)
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

  /// Arms a fault, as a scenario's `faults` or the REPL's `:fault` do, and returns it with its id.
  @discardableResult
  public func inject(_ fault: Fault) -> Fault {
    storage.withLock { storage in
      storage.faultsArmed += 1
      let armed = Self.armed(fault, number: storage.faultsArmed)
      storage.faults.append(armed)
      return armed
    }
  }

  /// Disarms the fault with `id`; `false` when no armed fault has it.
  public func disarm(_ id: String) -> Bool {
    storage.withLock { storage in
      guard let index = storage.faults.firstIndex(where: { $0.id == id }) else { return false }
      storage.faults.remove(at: index)
      return true
    }
  }

  /// Disarms every fault.
  public func clearFaults() {
    storage.withLock { $0.faults.removeAll() }
  }

  /// The faults still armed, oldest first.
  public var armedFaults: [Fault] { storage.withLock { $0.faults } }

  /// Sets the simulated seconds calls to `key` (a service or an operation) take; 0 removes it.
  public func setLatency(_ seconds: TimeInterval, for key: String) {
    storage.withLock { $0.latency[key] = seconds > 0 ? seconds : nil }
  }

  /// The latency set, by service or operation.
  public var latencies: [String: TimeInterval] { storage.withLock { $0.latency } }

  /// The simulated seconds calls took since the last time this was asked.
  public func takeElapsed() -> TimeInterval {
    storage.withLock { storage in
      let taken = storage.elapsed
      if taken != 0 { storage.elapsed = 0 }
      return taken
    }
  }

  /// Everything the backend holds, to put back later: exploration tries every input from the same state.
  ///
  /// Two snapshots are equal (and hash alike) when their worlds, sessions, armed faults and latencies are: what
  /// exploration deduplicates states by, without turning the world into text. The seeded generator, the id
  /// counters, the changes already applied and the simulated time not yet reported are left out.
  ///
  /// The parts are held in one shared, immutable box: exploration copies a snapshot into every checkpoint and state
  /// key, and a copy then costs one reference count instead of one for each of the world's tables; two copies of
  /// one snapshot compare equal at once.
  public struct Snapshot: Sendable, Hashable {
    final class Parts: Sendable {
      let state: MockState
      let faults: [Fault]
      let faultsArmed: Int
      let latency: [String: TimeInterval]
      let random: SeededGenerator
      let elapsed: TimeInterval

      init(
        state: MockState, faults: [Fault], faultsArmed: Int, latency: [String: TimeInterval],
        random: SeededGenerator, elapsed: TimeInterval
      ) {
        self.state = state
        self.faults = faults
        self.faultsArmed = faultsArmed
        self.latency = latency
        self.random = random
        self.elapsed = elapsed
      }
    }

    let parts: Parts

    fileprivate var state: MockState { parts.state }

    /// The families, in the order made, without copying the rest of the world.
    public var families: [Family] { parts.state.store.families }

    /// The accounts, in the order made, without copying the rest of the world.
    public var accounts: [MockAccount] { parts.state.store.accounts }

    /// The ids of the changes phones sent that the backend applied (or settled by its conflict rules).
    public var appliedChanges: Set<String> { parts.state.appliedChanges }

    /// Wrong verification codes typed for each account since its last successful sign-in or lockout.
    public var failedCodes: [UserID: Int] { parts.state.auth.failedCodes }

    /// Accounts whose sign-in was locked, and until when (a lock whose time is over stays until it is noticed).
    public var signInLocks: [UserID: Date] { parts.state.auth.lockedUntil }

    /// The latency set, by service or operation.
    public var latencies: [String: TimeInterval] { parts.latency }

    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
      if lhs.parts === rhs.parts { return true }
      return lhs.parts.faults == rhs.parts.faults && lhs.parts.latency == rhs.parts.latency
        && lhs.state.store.hasSameContents(as: rhs.state.store) && lhs.state.auth.hasSameContents(as: rhs.state.auth)
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(partHashes().combined)
    }

    /// The hash of each part a snapshot is told apart by: each list of the world, each table of sessions, the
    /// faults and the latencies.
    public struct PartHashes: Equatable, Sendable {
      fileprivate let values: [Int]
      /// All the parts' hashes as one.
      public let combined: Int

      fileprivate init(values: [Int]) {
        self.values = values
        combined = values.hashValue
      }
    }

    typealias Part = (hash: @Sendable (Snapshot) -> Int, same: @Sendable (Snapshot, Snapshot) -> Bool)

    private static let parts: [Part] = {
      var parts: [Part] = []
      for part in IndexedWorld.parts {
        parts.append(({ part.hash($0.state.store) }, { part.same($0.state.store, $1.state.store) }))
      }
      for part in MockAuthState.parts {
        parts.append(({ part.hash($0.state.auth) }, { part.same($0.state.auth, $1.state.auth) }))
      }
      parts.append(({ $0.parts.faults.hashValue }, { $0.parts.faults == $1.parts.faults }))
      parts.append(({ $0.parts.latency.hashValue }, { $0.parts.latency == $1.parts.latency }))
      return parts
    }()

    /// The hashes of this snapshot's parts. `earlier`, another snapshot with its part hashes, gives the hash of
    /// each part the two hold alike: a step usually changes one list of the world or none, and comparing a list
    /// two snapshots share is quick, so only what changed is hashed again.
    public func partHashes(reusing earlier: (snapshot: Snapshot, hashes: PartHashes)? = nil) -> PartHashes {
      if let earlier, earlier.snapshot.parts === parts { return earlier.hashes }
      var values: [Int] = []
      values.reserveCapacity(Self.parts.count)
      for (index, part) in Self.parts.enumerated() {
        if let earlier, part.same(self, earlier.snapshot) {
          values.append(earlier.hashes.values[index])
        } else {
          values.append(part.hash(self))
        }
      }
      return PartHashes(values: values)
    }
  }

  public func snapshot() -> Snapshot {
    storage.withLock { storage in
      if let current = storage.current { return Snapshot(parts: current) }
      let parts = Snapshot.Parts(
        state: storage.state, faults: storage.faults, faultsArmed: storage.faultsArmed, latency: storage.latency,
        random: storage.random, elapsed: storage.elapsed)
      storage.current = parts
      return Snapshot(parts: parts)
    }
  }

  public func restore(_ snapshot: Snapshot) {
    let parts = snapshot.parts
    storage.withLock { storage in
      guard storage.current !== parts else { return }
      storage.state = parts.state
      storage.faults = parts.faults
      storage.faultsArmed = parts.faultsArmed
      storage.latency = parts.latency
      storage.random = parts.random
      storage.elapsed = parts.elapsed
      storage.current = parts
    }
  }

  /// How sign-in treats sessions and second factors.
  public var authPolicy: MockAuthPolicy { storage.withLock { $0.state.auth.policy } }

  /// A copy of the world as it is now (it costs the size of the world: for snapshots and tests).
  public var world: MockWorld { storage.withLock { $0.state.world } }

  /// The tasks of `family` as the backend holds them, from its index.
  public func tasks(of family: FamilyID) -> [FamilyTask] { storage.withLock { $0.state.store.tasks.items(of: family) } }

  /// Every account, in the order they were added.
  public var accounts: [MockAccount] { storage.withLock { $0.state.store.accounts } }

  /// `user`'s membership of `family`, active or not, if there is one.
  public func membership(of user: UserID, in family: FamilyID) -> Membership? {
    storage.withLock { $0.state.existingMembership(of: user, in: family) }
  }

  /// How many of the family's messages `user` has not read, from the backend's index; `nil` when they are not a
  /// member.
  public func unreadCount(of user: UserID, in family: FamilyID) -> Int? {
    storage.withLock { $0.state.unreadMessages(of: user, in: family)?.count }
  }

  /// Accounts whose sign-in is locked now, and until when.
  public var signInLocks: [UserID: Date] {
    let now = clock.now()
    return storage.withLock { $0.state.auth.lockedUntil.filter { $0.value > now } }
  }

  /// When the tokens `device` stores run out, as the backend knows them; `nil` for a token it does not know.
  public func expiry(ofTokensOn device: MockDevice) -> (access: Date?, refresh: Date?) {
    let token = device.token
    let refreshToken = device.refreshToken
    return storage.withLock { storage in
      (
        token.flatMap { storage.state.auth.accessTokens[$0]?.expiresAt },
        refreshToken.flatMap { storage.state.auth.refreshTokens[$0]?.expiresAt }
      )
    }
  }

  /// The session `device` stores, read outside any operation (no latency, fault or network), as the app's own
  /// memory of it: for reopening a saved phone where it was left. It may have run out: the app learns that from its
  /// next call. `nil` when the phone holds none, or one the backend revoked.
  public func storedSession(of device: MockDevice) -> AuthSession? {
    let now = clock.now()
    guard let refresh = device.refreshToken else { return nil }
    let access = device.token
    return storage.withLock { storage in
      guard let record = storage.state.auth.refreshTokens[refresh],
        let profile = storage.state.store.account(record.user)?.profile
      else { return nil }
      return AuthSession(
        user: profile, token: access ?? "",
        expiresAt: access.flatMap { storage.state.auth.accessTokens[$0]?.expiresAt } ?? now,
        refreshToken: refresh, refreshExpiresAt: record.expiresAt)
    }
  }

  /// Issues a session for `user` outside any operation, as a device's stored session.
  ///
  /// - Parameters:
  ///   - accessUntil: when its access token runs out, instead of one lifetime from now (a saved session).
  ///   - refreshUntil: the same for its refresh token.
  public func issueSession(for user: UserID, accessUntil: Date? = nil, refreshUntil: Date? = nil) throws(AppError)
    -> AuthSession
  {
    let now = clock.now()
    return try storage.withLock { storage throws(AppError) -> AuthSession in
      let profile = try storage.state.account(user).profile
      storage.current = nil
      var session = storage.state.auth.issueSession(for: profile, at: now)
      if let accessUntil {
        storage.state.auth.accessTokens[session.token]?.expiresAt = accessUntil
        session.expiresAt = accessUntil
      }
      if let refreshUntil {
        storage.state.auth.refreshTokens[session.refreshToken]?.expiresAt = refreshUntil
        session.refreshExpiresAt = refreshUntil
      }
      return session
    }
  }
}
