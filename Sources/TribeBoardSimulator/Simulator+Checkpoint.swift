import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// A whole simulation put aside and brought back: the backend, the clock, every phone and who acts.
extension Simulator {
  struct Checkpoint: Sendable {
    var backend: MockBackend.Snapshot
    var clock: Date
    var phones: [UserID: Phone]
    var memories: [UserID: MockDevice.Memory]
    var actingUser: UserID
  }

  func checkpoint() async -> Checkpoint {
    Checkpoint(
      backend: await environment.backend.snapshot(), clock: environment.clock.now(), phones: phones,
      memories: phones.mapValues(\.device.remembered), actingUser: actingUser)
  }

  func restore(_ checkpoint: Checkpoint) async {
    await environment.backend.restore(checkpoint.backend)
    environment.clock.set(checkpoint.clock)
    phones = checkpoint.phones
    for (user, memory) in checkpoint.memories { phones[user]?.device.remembered = memory }
    actingUser = checkpoint.actingUser
  }

  /// What tells two simulations apart, as one hashable value: who acts, the clock, the backend, and on each
  /// phone the screen, session, error, what "Try again" repeats and what the phone remembers. Equal for equal
  /// simulations; what exploration deduplicates states by. Building it copies no text: the parts share storage
  /// with the checkpoint.
  struct StateKey: Hashable {
    struct PhoneKey: Hashable {
      var user: UserID
      var screen: Screen
      var session: Session
      var error: AppError.Code?
      var retry: Intent?
      var memory: MockDevice.Memory?
    }

    var actingUser: UserID
    var clock: Date
    var backend: MockBackend.Snapshot
    /// The backend's hash, worked out once: most steps leave the backend as it was, and then the key of the
    /// state before gives it without hashing the world again.
    var backendHash: Int
    var phones: [PhoneKey]
    /// The hash of all the parts, worked out once, so a set growing does not hash the phones again.
    private var hash = 0

    init(actingUser: UserID, clock: Date, backend: MockBackend.Snapshot, backendHash: Int, phones: [PhoneKey]) {
      self.actingUser = actingUser
      self.clock = clock
      self.backend = backend
      self.backendHash = backendHash
      self.phones = phones
      var hasher = Hasher()
      hasher.combine(backendHash)
      hasher.combine(actingUser)
      hasher.combine(clock)
      hasher.combine(phones)
      hash = hasher.finalize()
    }

    static func == (lhs: StateKey, rhs: StateKey) -> Bool {
      lhs.hash == rhs.hash && lhs.backendHash == rhs.backendHash && lhs.actingUser == rhs.actingUser
        && lhs.clock == rhs.clock && lhs.phones == rhs.phones && lhs.backend == rhs.backend
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }

  /// The key of `checkpoint`; `earlier`, the key of a state it may share its backend with, saves hashing the
  /// backend again when it does (comparing storage the two share is quick).
  func key(_ checkpoint: Checkpoint, earlier: StateKey? = nil) -> StateKey {
    var phones: [StateKey.PhoneKey] = []
    phones.reserveCapacity(checkpoint.phones.count)
    for (user, phone) in checkpoint.phones {
      let state = phone.state
      phones.append(
        .init(
          user: user, screen: state.screen, session: state.session, error: state.error?.code, retry: state.retry,
          memory: checkpoint.memories[user]))
    }
    if phones.count > 1 { phones.sort { $0.user < $1.user } }
    let backendHash =
      if let earlier, earlier.backend == checkpoint.backend { earlier.backendHash } else {
        checkpoint.backend.hashValue
      }
    return StateKey(
      actingUser: checkpoint.actingUser, clock: checkpoint.clock, backend: checkpoint.backend,
      backendHash: backendHash, phones: phones)
  }
}
