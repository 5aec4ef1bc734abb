import Foundation
import TribeBoardCore

/// What the service contract's checks need of an implementation of the Core protocols: phones whose services it
/// makes, a world with two adults of one family, and a way to let time pass.
///
/// The in-process mocks and the Remote services (over HTTP) are both checked with it in this package's tests; a real
/// backend's clients can be too: make a subject whose phones use them, against a test deployment.
public protocol ServiceContractSubject: Sendable {
  /// The services of a fresh phone held by `user`, signed out. Its ``Services/tokens`` holds what the phone's auth
  /// stores.
  func phone(for user: UserID) async throws -> Services
  /// Lets `seconds` of the world's time pass (a simulated clock moves; a real backend's suite waits, or moves its
  /// test clock).
  func wait(_ seconds: TimeInterval) async
  /// A parent admin of ``family`` who signs in with ``parentProvider`` without a second factor.
  var parent: UserID { get }
  var parentProvider: AuthProvider { get }
  /// Another adult of ``family``, who signs in with ``otherProvider`` without a second factor.
  var other: UserID { get }
  var otherProvider: AuthProvider { get }
  var family: FamilyID { get }
  /// How long an access token lives.
  var accessTokenLifetime: TimeInterval { get }
}

/// The services' contract as checks, each a function of a ``ServiceContractSubject`` that throws a
/// ``ServiceContract/Failure`` saying what broke. What the in-process property tests hold the mocks to (the offline
/// queue's changes reach the server once, nothing lost or doubled; a conflict goes to the later change; access
/// tokens run out and renew), for any implementation.
public enum ServiceContract {
  /// A broken promise of the contract, in words.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Every check, by name.
  public static let checks: [(name: String, check: @Sendable (any ServiceContractSubject) async throws -> Void)] = [
    ("changes from a phone's queue are applied once each, in order", changesAreAppliedOnce),
    ("a change made offline loses to someone else's later change", aLaterChangeWins),
    ("access tokens run out, renew, and end at sign-out", accessTokensRunOutAndRenew),
  ]

  static func expect(_ condition: Bool, _ description: @autoclosure () -> String) throws(Failure) {
    if !condition { throw Failure(description: description()) }
  }

  /// Signs `user` in on a new phone; the session the phone's auth stored.
  static func signedIn(_ subject: any ServiceContractSubject, _ user: UserID, _ provider: AuthProvider)
    async throws -> (Services, AuthSession)
  {
    let services = try await subject.phone(for: user)
    guard case .signedIn(let session) = try await services.auth.signIn(with: provider) else {
      throw Failure(description: "\(user) did not sign in with \(provider) at once")
    }
    try expect(services.tokens.accessToken == session.token, "the auth did not store the session's access token")
    try expect(services.tokens.refreshToken == session.refreshToken, "the auth did not store the refresh token")
    return (services, session)
  }

  /// Each change of a queue sent twice (a retry after a lost answer) is applied once: every message is on the
  /// server exactly once, in the order sent.
  public static func changesAreAppliedOnce(_ subject: any ServiceContractSubject) async throws {
    let (services, _) = try await signedIn(subject, subject.parent, subject.parentProvider)
    let texts = (1...5).map { "Contract message \($0)" }
    for (index, text) in texts.enumerated() {
      let change = PendingChange(
        id: "contract-\(index)", change: .sendMessage(text, family: subject.family), author: subject.parent,
        madeAt: services.clock.now(), summary: "Send “\(text)”")
      let first = try await services.sync.apply(change)
      try expect(first == .applied, "the first sending of change \(index) gave \(first)")
      let again = try await services.sync.apply(change)
      try expect(again == .alreadyApplied, "sending change \(index) again gave \(again), not alreadyApplied")
    }
    let stored = try await services.messaging.messages(in: subject.family).map(\.text).filter { texts.contains($0) }
    try expect(stored == texts, "the messages on the server are \(stored), not each change once in order")
  }

  /// A task's status changed offline on one phone, then by someone else online: the offline change, sent later,
  /// is superseded and the other's status stays.
  public static func aLaterChangeWins(_ subject: any ServiceContractSubject) async throws {
    let (parent, _) = try await signedIn(subject, subject.parent, subject.parentProvider)
    let (other, _) = try await signedIn(subject, subject.other, subject.otherProvider)
    let task = try await parent.tasks.addTask(NewTask(title: "Contract chore"), to: subject.family, by: subject.parent)
    let offline = PendingChange(
      id: "contract-offline", change: .setTaskStatus(.done, task: task.id), author: subject.parent,
      madeAt: parent.clock.now(), summary: "Mark “Contract chore” done", waited: true)
    await subject.wait(60)
    try await other.tasks.setStatus(.done, ofTask: task.id, by: subject.other)
    try await other.tasks.setStatus(.open, ofTask: task.id, by: subject.other)
    let result = try await parent.sync.apply(offline)
    guard case .superseded = result else { throw Failure(description: "the older change gave \(result)") }
    let status = try await parent.tasks.tasks(in: subject.family).first { $0.id == task.id }?.status
    try expect(status == .open, "the task is \(status.map { "\($0)" } ?? "gone"), not the later change's open")
  }

  /// A call after the access token's lifetime is refused as `sessionExpired`; a refresh stores a new token that
  /// works; after sign-out the tokens are forgotten and refused.
  public static func accessTokensRunOutAndRenew(_ subject: any ServiceContractSubject) async throws {
    let (services, session) = try await signedIn(subject, subject.parent, subject.parentProvider)
    _ = try await services.tasks.tasks(in: subject.family)
    await subject.wait(subject.accessTokenLifetime + 1)
    do {
      _ = try await services.tasks.tasks(in: subject.family)
      throw Failure(description: "a run-out access token was accepted")
    } catch let error as AppError {
      try expect(error.code == .sessionExpired, "a run-out access token gave \(error.code), not sessionExpired")
    }
    let renewed = try await services.auth.refresh(session)
    try expect(renewed.token != session.token, "the refresh gave the same access token")
    try expect(services.tokens.accessToken == renewed.token, "the refresh did not store the new access token")
    _ = try await services.tasks.tasks(in: subject.family)
    try await services.auth.signOut()
    try expect(services.tokens.accessToken == nil, "sign-out left the access token on the phone")
    let stored = try await services.auth.currentSession()
    try expect(stored == nil, "a session is still stored after sign-out")
  }
}
