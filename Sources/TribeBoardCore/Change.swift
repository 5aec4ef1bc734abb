import Foundation

/// A change a person makes to their family's data that the app can keep on the phone while offline and send
/// later. Changes to membership, roles and the family code are not among them: those need a connection.
public enum Change: Equatable, Hashable, Sendable {
  case sendMessage(String, family: FamilyID)
  case postNotice(String, family: FamilyID)
  case setTaskStatus(FamilyTask.Status, task: ItemID)
  case assignTask(ItemID, to: UserID)
  case setPinned(Bool, notice: ItemID)
  /// Claim (`driver` is the actor) or release (`nil`) a pickup.
  case setDriver(UserID?, pickup: ItemID)
}

/// A change as the phone sent or queued it: with an id the backend uses to apply it at most once, who made it,
/// when, and a few words for the person ("message “On my way”").
public struct PendingChange: Equatable, Hashable, Sendable, Identifiable {
  public var id: String
  public var change: Change
  public var author: UserID
  /// When the person made the change: conflicts are judged by it.
  public var madeAt: Date
  public var summary: String
  /// Whether the change waited on the phone. A change sent at once that clashes is refused with an error the
  /// person sees; one that waited is settled by the conflict rules, since the person has moved on.
  public var waited: Bool

  public init(id: String, change: Change, author: UserID, madeAt: Date, summary: String, waited: Bool = false) {
    self.id = id
    self.change = change
    self.author = author
    self.madeAt = madeAt
    self.summary = summary
    self.waited = waited
  }
}

/// What tells one change from another: its author and its id together (each phone numbers its own changes).
public struct ChangeIdentity: Hashable, Sendable {
  public var author: UserID
  public var id: String

  public init(author: UserID, id: String) {
    self.author = author
    self.id = id
  }
}

extension PendingChange {
  /// Its author and id: what the backend applies it at most once by.
  public var identity: ChangeIdentity { ChangeIdentity(author: author, id: id) }
}

/// What the backend did with a change.
public enum ChangeResult: Equatable, Hashable, Sendable {
  /// It is in the family's data now.
  case applied
  /// This very change (same author, id and content) was applied before (a resend after a lost answer): it is in the
  /// family's data, and nothing changed again.
  case alreadyApplied
  /// Someone else's change won, by the entity's conflict rule; the words say what happened.
  case superseded(String)
}

/// The phone's queue of changes waiting to be sent, in the order they were made, and how sending them goes.
/// It lives in the phone's storage, so it survives a relaunch.
public struct Outbox: Equatable, Hashable, Sendable {
  public var changes: [PendingChange] = []
  /// Failed attempts to send the first change.
  public var attempts = 0
  /// When the next automatic attempt is due; `nil` when none is planned.
  public var nextAttemptAt: Date?
  /// Set when the automatic retries are used up: sending waits for a manual retry.
  public var failure: AppError?
  /// How many change ids this phone has made, for the next one.
  public var issued = 0

  public init() {}

  /// The delays between automatic attempts, in seconds: after the first failure, then the second, the third.
  public static let backoff: [TimeInterval] = [1, 2, 4]
}
