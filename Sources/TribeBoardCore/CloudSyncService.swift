import Foundation

/// Keeps the device's copy of the family in step with the cloud, and shares families by code.
public protocol CloudSyncService: Sendable {
  /// Prepares the cloud container after sign-in.
  func performInitialSetup() async throws(AppError)
  /// Syncs a family now and says how it went.
  func sync(_ family: FamilyID) async throws(AppError) -> SyncStatus
  /// What others scan or type to join `family`.
  func shareCode(for family: Family) async -> ShareCode
}

/// Where syncing stands.
public enum SyncStatus: Equatable, Sendable {
  case idle
  case upToDate(Date)
  case offline(pending: Int)
  case failed(AppError)
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
