import Foundation
import TribeBoardCore

/// A cloud sync that always reaches the mock backend at once, unless a fault says otherwise.
public struct MockCloudSyncService: CloudSyncService {
  /// The backend, as the calling phone reaches it.
  let backend: MockConnection

  public init(backend: MockBackend, device: MockDevice? = nil) {
    self.backend = MockConnection(backend, device: device)
  }

  public func performInitialSetup() async throws(AppError) {
    try backend.read(.syncPerformInitialSetup) { _, _ in }
  }

  public func sync(_ family: FamilyID) async throws(AppError) -> SyncStatus {
    let caller = backend.caller
    return try backend.read(.syncSync) { state, now throws(AppError) in
      if let caller, state.existingMembership(of: caller, in: family) == nil { throw MockState.notMember }
      _ = try state.family(family)
      return .upToDate(now)
    }
  }

  public func shareCode(for family: Family) async -> ShareCode {
    ShareCode(code: family.code, link: "https://tribeboard.app/join/\(family.code)")
  }

  /// Applies a change as the data call it stands for (``Change/operation``), so faults and latency on `data` hit it.
  /// A change is its author's (the caller's) and can't have been made after it was sent
  /// (``Validation/changeTime(_:now:)``).
  public func apply(_ change: PendingChange) async throws(AppError) -> ChangeResult {
    try backend.perform(change.change.operation, as: change.author) { state, sent, now throws(AppError) in
      try Validation.changeTime(change.madeAt, now: sent)
      return try state.apply(change, now: now)
    }
  }
}
