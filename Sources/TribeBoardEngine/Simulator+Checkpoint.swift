import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// A whole simulation put aside and brought back: the backend, the clock, every phone and who acts.
extension Simulator {
  package struct Checkpoint: Sendable {
    package var backend: MockBackend.Snapshot
    package var clock: Date
    package var phones: [UserID: Phone]
    /// Each phone's device (an object the phones share, not copied with them), sorted by user as `phoneKeys`.
    var devices: [MockDevice]
    /// What tells each phone apart, what it remembers among it, sorted by user: taken with the checkpoint, from
    /// the same look at each phone.
    package var phoneKeys: [StateKey.PhoneKey]
    package var actingUser: UserID
  }

  package func checkpoint() -> Checkpoint {
    var devices: [MockDevice] = []
    var keys: [StateKey.PhoneKey] = []
    devices.reserveCapacity(phones.count)
    keys.reserveCapacity(phones.count)
    for user in phones.count > 1 ? phones.keys.sorted() : Array(phones.keys) {
      guard let phone = phones[user] else { continue }
      devices.append(phone.device)
      keys.append(
        .init(
          user: user, screen: phone.screen, session: phone.session, error: phone.errorCode, retry: phone.retry,
          memory: phone.device.remembered))
    }
    return Checkpoint(
      backend: environment.backend.snapshot(), clock: environment.clock.now(), phones: phones,
      devices: devices, phoneKeys: keys, actingUser: actingUser)
  }

  /// `checkpoint`, taken by another simulator of the same scenario, as this simulator's own: each phone on a device
  /// and services of this simulator, its app's state and memory as they were. Simulators running at once (the
  /// explorer's walkers) share checkpoints this way without sharing a device or a backend.
  package func adopting(_ checkpoint: Checkpoint) -> Checkpoint {
    var adopted = checkpoint
    var changed = false
    for (user, phone) in checkpoint.phones {
      let own = adoptedPhones[user] ?? newPhone(for: user, like: phone)
      guard own.device !== phone.device else { continue }
      adopted.phones[user] = Phone(device: own.device, services: own.services, state: phone.state)
      changed = true
    }
    guard changed else { return checkpoint }
    adopted.devices = checkpoint.phoneKeys.compactMap { adopted.phones[$0.user]?.device }
    return adopted
  }

  /// A device and services of this simulator for `user`, kept for every checkpoint adopted after.
  private func newPhone(for user: UserID, like phone: Phone) -> Phone {
    let device = MockDevice(user: user, onboardingCompleted: false, identities: phone.device.identities)
    let own = Phone(device: device, services: transport.services(environment, for: device), state: phone.state)
    adoptedPhones[user] = own
    return own
  }

  package func restore(_ checkpoint: Checkpoint) {
    environment.backend.restore(checkpoint.backend)
    environment.clock.set(checkpoint.clock)
    phones = checkpoint.phones
    // The devices are objects: putting their memory back changes nothing in `phones`, which keeps sharing the
    // checkpoint's storage instead of copying it.
    for (device, key) in zip(checkpoint.devices, checkpoint.phoneKeys) { device.remembered = key.memory }
    actingUser = checkpoint.actingUser
  }

  /// What tells two simulations apart, as one hashable value: who acts, the clock, the backend, and on each
  /// phone the screen, session, error, what "Try again" repeats and what the phone remembers. Equal for equal
  /// simulations; what exploration deduplicates states by. Building it copies no text: the parts share storage
  /// with the checkpoint.
  ///
  /// The parts are held in one shared, immutable box, so the set of states seen copies a key with one reference
  /// count. The hash is worked out once, from the hashes of the parts; the key of the state before gives those of
  /// the parts a step left as they were (most steps change a screen and perhaps one list of the world). The hash is
  /// also kept beside the box, in the set's own storage: looking a key up compares it with every key on its probe
  /// path, and a different hash then settles it without reading that key's box (a cache miss each, in a big set).
  package struct StateKey: Hashable, Sendable {
    package struct PhoneKey: Hashable {
      package var user: UserID
      var screen: Screen
      package var session: Session
      var error: AppError.Code?
      var retry: Intent?
      package var memory: MockDevice.Memory
    }

    /// The hashes of a phone's key: its session's, its memory's, and the whole key's (made from those two).
    struct PhoneHashes: Equatable {
      var session: Int
      var memory: Int
      var whole: Int
    }

    final class Parts: Sendable {
      package let actingUser: UserID
      let clock: Date
      package let backend: MockBackend.Snapshot
      let backendHashes: MockBackend.Snapshot.PartHashes
      /// Sorted by user.
      package let phones: [PhoneKey]
      /// In the order of `phones`.
      let phoneHashes: [PhoneHashes]
      /// The hash of all the parts.
      let hash: Int

      init(
        actingUser: UserID, clock: Date, backend: MockBackend.Snapshot,
        backendHashes: MockBackend.Snapshot.PartHashes, phones: [PhoneKey], phoneHashes: [PhoneHashes]
      ) {
        self.actingUser = actingUser
        self.clock = clock
        self.backend = backend
        self.backendHashes = backendHashes
        self.phones = phones
        self.phoneHashes = phoneHashes
        var hasher = Hasher()
        hasher.combine(backendHashes.combined)
        hasher.combine(actingUser)
        hasher.combine(clock)
        for phone in phoneHashes { hasher.combine(phone.whole) }
        hash = hasher.finalize()
      }
    }

    let parts: Parts
    /// `parts.hash`.
    private let hash: Int

    init(parts: Parts) {
      self.parts = parts
      hash = parts.hash
    }

    package var backend: MockBackend.Snapshot { parts.backend }

    package static func == (lhs: StateKey, rhs: StateKey) -> Bool {
      guard lhs.hash == rhs.hash else { return false }
      if lhs.parts === rhs.parts { return true }
      let lhs = lhs.parts
      let rhs = rhs.parts
      return lhs.backendHashes == rhs.backendHashes && lhs.phoneHashes == rhs.phoneHashes
        && lhs.actingUser == rhs.actingUser && lhs.clock == rhs.clock && lhs.phones == rhs.phones
        && lhs.backend == rhs.backend
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }

  /// The key of `checkpoint`; `earlier`, the key of a state it may share parts with, saves hashing again the parts
  /// that are as they were (comparing storage the two share is quick).
  package func key(_ checkpoint: Checkpoint, earlier: StateKey? = nil) -> StateKey {
    let phones = checkpoint.phoneKeys
    let earlier = earlier?.parts
    var phoneHashes: [StateKey.PhoneHashes] = []
    phoneHashes.reserveCapacity(phones.count)
    for (index, phone) in phones.enumerated() {
      let before = earlier.flatMap { index < $0.phones.count && $0.phones[index].user == phone.user ? index : nil }
      let session =
        if let earlier, let before, earlier.phones[before].session == phone.session {
          earlier.phoneHashes[before].session
        } else {
          phone.session.hashValue
        }
      let memory =
        if let earlier, let before, earlier.phones[before].memory == phone.memory {
          earlier.phoneHashes[before].memory
        } else {
          phone.memory.hashValue
        }
      var hasher = Hasher()
      hasher.combine(phone.user)
      hasher.combine(phone.screen)
      hasher.combine(session)
      hasher.combine(phone.error)
      hasher.combine(phone.retry)
      hasher.combine(memory)
      phoneHashes.append(.init(session: session, memory: memory, whole: hasher.finalize()))
    }
    let backendHashes =
      if let earlier, earlier.backend == checkpoint.backend { earlier.backendHashes } else {
        checkpoint.backend.partHashes(reusing: earlier.map { ($0.backend, $0.backendHashes) })
      }
    return StateKey(
      parts: .init(
        actingUser: checkpoint.actingUser, clock: checkpoint.clock, backend: checkpoint.backend,
        backendHashes: backendHashes, phones: phones, phoneHashes: phoneHashes))
  }
}
