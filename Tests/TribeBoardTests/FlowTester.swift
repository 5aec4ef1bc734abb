import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// Drives the flow in-process against mocks, TestStore-style: after each intent, the state must be exactly
/// the previous state changed as the test says. Loaded screen content and the clock reading are not compared.
struct FlowTester {
  let flow = Flow()
  let environment: MockEnvironment
  let services: Services
  var state: AppState

  init(_ configuration: MockConfiguration) async {
    environment = MockEnvironment(configuration)
    let device = await environment.primaryDevice()
    services = environment.localServices(for: device)
    state = await flow.launch(services)
  }

  /// Sends `intent` and checks the whole resulting state against `change` applied to the state before.
  mutating func send(
    _ action: ActionID, _ argument: Intent.Argument? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout AppState) -> Void = { _ in }
  ) async {
    var expected = state
    change(&expected)
    let outcome = await flow.send(Intent(action, argument), to: &state, services: services)
    #expect(outcome == .performed, sourceLocation: sourceLocation)
    expected.content = state.content
    expected.cache = state.cache
    expected.now = state.now
    #expect(state == expected, sourceLocation: sourceLocation)
  }

  /// Sends `intent` without predicting the whole state, for tests that check a few things after.
  mutating func drive(
    _ action: ActionID, _ argument: Intent.Argument? = nil, sourceLocation: SourceLocation = #_sourceLocation
  )
    async
  {
    let outcome = await flow.send(Intent(action, argument), to: &state, services: services)
    #expect(outcome == .performed, sourceLocation: sourceLocation)
  }

  /// Sends an intent the screen does not offer; the state must not change.
  mutating func sendUnavailable(_ action: ActionID, sourceLocation: SourceLocation = #_sourceLocation) async {
    let before = state
    let outcome = await flow.send(Intent(action), to: &state, services: services)
    guard case .unavailable = outcome else {
      Issue.record("expected \(action) to be unavailable on \(before.screen.id)", sourceLocation: sourceLocation)
      return
    }
    #expect(state == before, sourceLocation: sourceLocation)
  }
}

/// Worlds for flow tests, written in Swift so the flow is tested without the YAML layer.
enum Fixtures {
  static let now = Date(timeIntervalSince1970: 1_772_438_400)  // 2026-03-02T08:00:00Z
  static let sarah = UserProfile(id: "sarah", name: "Sarah Johnson", email: "sarah@example.com")
  static let mark = UserProfile(id: "mark", name: "Mark Johnson", email: "mark@example.com")
  static let ben = UserProfile(id: "ben", name: "Ben Johnson", email: "ben@example.com", isChildAccount: true)
  static let nana = UserProfile(id: "nana", name: "Nana Rose", email: "nana@example.com")
  static let johnsons = Family(id: "johnsons", name: "The Johnsons", code: "K7QM2X")

  static func world(familyRoles: [(UserProfile, Role)] = []) -> MockWorld {
    MockWorld(
      accounts: [
        MockAccount(profile: sarah, providers: [.apple]),
        MockAccount(profile: mark, providers: [.google], mfaCode: "482913"),
        MockAccount(profile: ben, providers: [.apple], isChild: true),
        MockAccount(profile: nana, providers: [.google]),
      ],
      families: familyRoles.isEmpty ? [] : [johnsons],
      memberships: familyRoles.map { profile, role in
        Membership(
          userID: profile.id, familyID: johnsons.id, role: role,
          expiresAt: role == .visitor ? now.addingTimeInterval(86400) : nil)
      })
  }

  /// The session the mock issues: access token `token` (an hour from `issued`) under refresh token `refresh`
  /// (30 days from the scenario's start for the first, from `issued` for later ones).
  /// `renewed`: the refresh token replaced one issued at `now` (a renewal), so it ends when that one would have.
  static func session(
    _ user: UserProfile, token: Int = 1, refresh: Int = 1, issued: Date = now, renewed: Bool = false
  ) -> AuthSession {
    AuthSession(
      user: user, token: "token-\(token)", expiresAt: issued.addingTimeInterval(3600),
      refreshToken: "refresh-\(refresh)",
      refreshExpiresAt: (refresh == 1 || renewed ? now : issued).addingTimeInterval(30 * 86400))
  }

  /// A member's session value in the Johnsons.
  static func member(_ user: UserProfile, _ role: Role, token: Int = 1) -> Session {
    .member(session(user, token: token), johnsons, Membership(userID: user.id, familyID: johnsons.id, role: role))
  }

  static let everyone: [(UserProfile, Role)] = [(sarah, .parentAdmin), (mark, .adult), (ben, .child), (nana, .visitor)]

  static func configuration(
    user: UserID = "sarah", onboarded: Bool = false, signedIn: Bool = false, family: [(UserProfile, Role)] = [],
    faults: [Fault] = []
  ) -> MockConfiguration {
    MockConfiguration(
      now: now, seed: 7, world: world(familyRoles: family),
      device: MockDeviceState(user: user, onboardingCompleted: onboarded, signedIn: signedIn), faults: faults)
  }
}
