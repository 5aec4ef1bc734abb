import Foundation

/// Keeps the device's copy of the family in step with the cloud, sends it the changes the phone made, and shares
/// families by code.
public protocol CloudSyncService: Sendable {
  /// Prepares the cloud container after sign-in.
  func performInitialSetup() async throws(AppError)
  /// Syncs a family now and says how it went.
  func sync(_ family: FamilyID) async throws(AppError) -> SyncStatus
  /// What others scan or type to join `family`.
  func shareCode(for family: Family) async -> ShareCode
  /// Applies a change the phone made, at most once: a change is its author and id together. The same change sent
  /// again answers as it did the first time (``ChangeResult/alreadyApplied`` when it is in the family's data); another
  /// change under an id its author already used is refused. A change made after it is sent is refused
  /// (``Validation/changeTime(_:now:)``). A conflict with someone else's change is settled
  /// by the entity's rule (messages and notices merge by time, tasks' last writer by change time wins, a claimed
  /// pickup and roles stay as the server has them).
  func apply(_ change: PendingChange) async throws(AppError) -> ChangeResult
}

/// Where syncing stands on this phone.
public enum SyncStatus: Equatable, Sendable {
  case idle
  /// Everything is sent and received, as of this time.
  case upToDate(Date)
  /// Changes are waiting to be sent; the next automatic attempt is at `next` (`nil`: now).
  case syncing(pending: Int, next: Date?)
  /// The phone has no network; `pending` changes wait on it.
  case offline(pending: Int)
  /// Sending failed and the automatic retries are used up, or the sync itself failed.
  case failed(AppError, pending: Int)

  /// A status without its details, named as scenarios and `:expect sync=…` name it.
  public enum Kind: String, CaseIterable, Sendable {
    case idle, upToDate, syncing, offline, failed
  }

  public var kind: Kind {
    switch self {
    case .idle: .idle
    case .upToDate: .upToDate
    case .syncing: .syncing
    case .offline: .offline
    case .failed: .failed
    }
  }
}

/// A family's join code together with the link a QR code carries.
public struct ShareCode: Equatable, Sendable {
  public var code: String
  public var link: String

  public init(code: String, link: String) {
    self.code = code
    self.link = link
  }
}
