import Foundation
import Synchronization
import TribeBoardCore

/// Reads of the backend's state outside any operation (no latency, fault or network): for the simulator's
/// commands, snapshots and tests.
extension MockBackend {
  /// How sign-in treats sessions and second factors.
  public var authPolicy: MockAuthPolicy { storage.withLock { $0.state.auth.policy } }

  /// A copy of the world as it is now (it costs the size of the world: for snapshots and tests).
  public var world: MockWorld { storage.withLock { $0.state.world } }

  /// The tasks of `family` as the backend holds them, from its index.
  public func tasks(of family: FamilyID) -> [FamilyTask] { storage.withLock { $0.state.store.tasks.items(of: family) } }

  /// Every account, in the order they were added.
  public var accounts: [MockAccount] { storage.withLock { $0.state.store.accounts } }

  /// The account with `id`, from the backend's index.
  public func account(_ id: UserID) -> MockAccount? { storage.withLock { $0.state.store.account(id) } }

  /// `user`'s membership of `family`, active or not, if there is one.
  public func membership(of user: UserID, in family: FamilyID) -> Membership? {
    storage.withLock { $0.state.existingMembership(of: user, in: family) }
  }

  /// How many of the family's messages `user` has not read, from the backend's index; `nil` when they are not a
  /// member.
  public func unreadCount(of user: UserID, in family: FamilyID) -> Int? {
    storage.withLock { $0.state.unreadMessages(of: user, in: family)?.count }
  }

  /// The account an access token was issued to, live or run out; `nil` for a token the backend never issued or has
  /// revoked. For a server, which learns the caller from the token (whether it is still live is checked when the
  /// call is admitted, at the time the call was sent).
  public func account(holdingAccessToken token: String) -> UserID? {
    storage.withLock { $0.state.auth.accessTokens[token]?.user }
  }

  /// The family with `id`, as the backend holds it now (its current code, for one).
  public func family(_ id: FamilyID) -> Family? { storage.withLock { $0.state.store.family(id) } }

  /// Whether `token` is an access token the backend issued that is not revoked and has not run out now.
  public func isLive(accessToken token: String) -> Bool {
    let now = clock.now()
    return storage.withLock { (try? $0.state.auth.checkAccess(token, at: now)) != nil }
  }

  /// The account a refresh token was issued to; `nil` for one the backend never issued or has revoked.
  public func account(holdingRefreshToken token: String) -> UserID? {
    storage.withLock { $0.state.auth.refreshTokens[token]?.user }
  }

  /// Whether `user` and `other` are members (active or not) of one family: who may read whose profile.
  public func shareAFamily(_ user: UserID, _ other: UserID) -> Bool {
    storage.withLock { $0.state.shareAFamily(user, other) }
  }

  /// What is counted against each account now (a family-code lock whose time is over counts no more, nor do the
  /// wrong codes it ended).
  public var attempts: [UserID: CodeAttempts] {
    let now = clock.now()
    return storage.withLock { storage in
      let auth = storage.state.auth
      var attempts: [UserID: CodeAttempts] = [:]
      for (user, count) in auth.failedCodes where count > 0 { attempts[user, default: .init()].wrongCodes = count }
      for (user, until) in auth.familyCodesLockedUntil where until > now {
        attempts[user, default: .init()].familyCodesLockedUntil = until
      }
      for (user, count) in auth.wrongFamilyCodes where count > 0 {
        // A lock that ended takes its wrong codes with it when next looked at.
        if let until = auth.familyCodesLockedUntil[user], until <= now { continue }
        attempts[user, default: .init()].wrongFamilyCodes = count
      }
      return attempts
    }
  }

  /// Accounts whose sign-in is locked now, and until when.
  public var signInLocks: [UserID: Date] {
    let now = clock.now()
    return storage.withLock { $0.state.auth.lockedUntil.filter { $0.value > now } }
  }
}
