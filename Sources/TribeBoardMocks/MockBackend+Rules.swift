import Foundation
import TribeBoardCore

/// Rules the backend's world keeps, whatever led to it: exploration checks them after every step.
extension MockBackend.Snapshot {
  /// The accounts active in more than one family at `now`: a person is in one family at a time.
  public func peopleInSeveralFamilies(at now: Date) -> [UserID] {
    parts.state.store.peopleInSeveralFamilies(at: now)
  }

  /// Whether two families hold one family code (kept as families change: costs nothing to ask).
  public var hasSharedFamilyCode: Bool { parts.state.store.hasSharedCode }

  /// The first family made, if any, without reading the others.
  public var firstFamily: Family? { parts.state.store.firstFamily }

  /// The accounts whose wrong verification codes this snapshot counts fewer of than `earlier` did, other than by
  /// a successful sign-in (`signedIn`: the accounts that signed in between the two) or the end of a lockout (a lock
  /// `earlier` held that is over at `now`). The count belongs to the account: going back, a new sign-in, a new code
  /// or a relaunch never clear it.
  public func wrongCodesForgotten(since earlier: Self, signedIn: Set<UserID>, at now: Date) -> [UserID] {
    let before = earlier.failedCodes
    guard !before.isEmpty else { return [] }
    let after = failedCodes
    let locks = earlier.signInLocks
    return before.keys.sorted().filter { user in
      after[user, default: 0] < before[user, default: 0] && !signedIn.contains(user)
        && !(locks[user].map { $0 <= now } ?? false)
    }
  }
}

extension MockDevice.Memory {
  /// Whether the phone remembers the same things as `other`, apart from how many changes it has made (which every
  /// change sent moves, even one that changed nothing).
  public func isSame(apartFromChangesMade other: Self) -> Bool {
    onboardingCompleted == other.onboardingCompleted && token == other.token && refreshToken == other.refreshToken
      && online == other.online && outbox.changes == other.outbox.changes && outbox.attempts == other.outbox.attempts
      && outbox.nextAttemptAt == other.outbox.nextAttemptAt && outbox.failure == other.outbox.failure
  }
}
