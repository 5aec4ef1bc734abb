import Foundation
import TribeBoardCore
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

  /// The simulation as text, equal for equal simulations: what exploration deduplicates states by.
  func fingerprint(_ checkpoint: Checkpoint) -> String {
    let phones = checkpoint.phones.sorted { $0.key < $1.key }.map { user, phone -> String in
      let state = phone.state
      let memory = checkpoint.memories[user].map { "\($0)" } ?? ""
      return
        "\(user):\(state.screen)|\(state.session)|\(state.error?.code.rawValue ?? "")|\(state.retry?.description ?? "")|"
        + memory
    }
    return "\(checkpoint.actingUser)|\(checkpoint.clock.timeIntervalSince1970)|\(checkpoint.backend.fingerprint)|"
      + phones.joined(separator: "|")
  }
}
