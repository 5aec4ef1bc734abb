import Foundation
import Synchronization
import TribeBoardCore

/// Snapshots of everything the backend holds, and putting one back.
extension MockBackend {
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

    /// The changes phones sent that the backend applied (or settled by its conflict rules), by author and id.
    public var appliedChanges: Set<ChangeIdentity> { Set(parts.state.appliedChanges.keys) }

    /// Whether `change`, this very change (author, id and content), is one the backend applied or settled.
    public func hasApplied(_ change: PendingChange) -> Bool {
      guard let stored = parts.state.appliedChanges[change.identity] else { return false }
      return stored.change == change.change && stored.madeAt == change.madeAt
    }

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

    /// The parts a snapshot is hashed by: each kind of data of the world (``DataKind/all``), each table of sessions,
    /// the faults and the latencies; `same` says whether two snapshots hold a part alike, so its hash can be reused.
    private static let parts: [Part] = {
      var parts: [Part] = []
      for kind in DataKind.all {
        parts.append(({ kind.hash($0.state.store) }, { kind.same($0.state.store, $1.state.store) }))
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
}
