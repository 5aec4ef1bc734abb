import Foundation
import TribeBoardCore

/// Sessions for test accounts of given roles, for a contract suite run against a test server (`tribeboard serve
/// --test-sessions`, the document's `createTestSession`): never reached by the app's own services.
extension MockBackend {
  /// The two families a contract suite compares: the caller's own and another.
  public enum TestFamily: String, CaseIterable, Sendable {
    case one, two

    /// The family's id: `test-family-one`.
    public var id: FamilyID { "test-family-\(rawValue)" }
  }

  /// What ``testSession(in:role:expired:secondFactor:)`` gives: the test family and a session of a new account
  /// in it, and the account's verification code when it has a second factor.
  public struct TestSession: Sendable {
    public var family: Family
    public var session: AuthSession
    public var mfaCode: String?
  }

  /// The verification code of a test account made with a second factor.
  public static let testMFACode = "123456"

  /// A new account, a member of the test family `family` with `role`, signed in (no second factor).
  ///
  /// The family is made at the first call that names it: `Test family one` (id ``TestFamily/id``), a parent admin
  /// of its own (`test-one-owner`), a school route with a pickup tomorrow that nobody drives. Each call adds one
  /// account (`test-one-child-1`, `test-one-child-2`, …): a child's account for a child, a visitor's access for
  /// ``RoleRules/visitorAccess``; so a suite can use up or remove the accounts it asked for.
  ///
  /// - Parameters:
  ///   - expired: the access token has already run out (its refresh token has not), so a suite can check that a
  ///     run-out token is refused.
  ///   - secondFactor: the account signs in with a verification code (``testMFACode``) as well, so a suite can
  ///     check the second factor.
  public func testSession(in family: TestFamily, role: Role, expired: Bool = false, secondFactor: Bool = false)
    -> TestSession
  {
    let now = clock.now()
    return storage.withLock { storage in
      storage.current = nil
      let made = Self.testFamily(family, in: &storage.state, at: now)
      let name = ["parentAdmin": "admin"][role.rawValue] ?? role.rawValue
      let store = storage.state.store
      let id = storage.state.nextID("test-\(family.rawValue)-\(name)") { store.account($0) != nil }
      let profile = Self.addTestAccount(
        id, isChild: role == .child, mfaCode: secondFactor ? Self.testMFACode : nil, to: &storage.state)
      let messages = storage.state.store.messages
      storage.state.store.add(
        Membership(
          userID: profile.id, familyID: made.id, role: role,
          expiresAt: role == .visitor ? now.addingTimeInterval(RoleRules.visitorAccess) : nil,
          // A new member starts with the family's history read, as one who joins with the code.
          lastRead: messages.positions(of: made.id).last.map { messages[$0].id }))
      var session = storage.state.auth.issueSession(for: profile, at: now)
      if expired {
        storage.state.auth.accessTokens[session.token]?.expiresAt = now
        session.expiresAt = now
      }
      return TestSession(family: made, session: session, mfaCode: secondFactor ? Self.testMFACode : nil)
    }
  }

  /// The test family `family`, made with its owner, route and pickup if it is not there yet.
  private static func testFamily(_ family: TestFamily, in state: inout MockState, at now: Date) -> Family {
    if let made = state.store.family(family.id) { return made }
    let made = Family(id: family.id, name: "Test family \(family.rawValue)", code: state.uniqueFamilyCode())
    state.store.add(made)
    let owner = addTestAccount("test-\(family.rawValue)-owner", isChild: false, to: &state)
    state.store.add(Membership(userID: owner.id, familyID: made.id, role: .parentAdmin))
    let route = SchoolRoute(id: "test-\(family.rawValue)-route", familyID: made.id, name: "School")
    state.store.routes.append(route)
    state.store.pickups.append(
      Pickup(id: "test-\(family.rawValue)-pickup", routeID: route.id, at: now.addingTimeInterval(24 * 3600)))
    return made
  }

  private static func addTestAccount(
    _ id: UserID, isChild: Bool, mfaCode: String? = nil, to state: inout MockState
  ) -> UserProfile {
    let words = id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let account = MockAccount(
      profile: UserProfile(id: id, name: words.joined(separator: " "), email: "\(id)@example.com"),
      providers: [.google], mfaCode: mfaCode, isChild: isChild)
    state.store.add(account)
    return account.profile
  }
}
