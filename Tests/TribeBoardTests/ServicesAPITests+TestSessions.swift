import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardAPI
import TribeBoardCore
import TribeBoardScenarios

@testable import TribeBoardBrowser

/// `POST /api/test-sessions` (`serve --test-sessions`): sessions of test accounts of given roles in two test
/// families, which a contract suite asks for instead of knowing the world's accounts.
extension ServicesAPITests {
  static func testSession(
    _ client: any TestClientProtocol, family: String, role: Role, expired: Bool = false
  ) async throws -> Wire.TestSessionBody {
    let answer = try await call(
      client, .post, "/test-sessions", #"{"family":"\#(family)","role":"\#(role.rawValue)","expired":\#(expired)}"#)
    #expect(answer.status == 201, "\(answer.body)")
    return try Wire.decode(Wire.TestSessionBody.self, from: Data(answer.body.utf8))
  }

  @Test func theTestSessionsHookIsAbsentUnlessServeIsAskedForIt() async throws {
    try await Self.test(await Self.server()) { client in
      let answer = try await Self.call(client, .post, "/test-sessions", #"{"family":"one","role":"adult"}"#)
      #expect(answer.status == 404)
      #expect(try await Self.call(client, .get, "/families/test-family-one/tasks").status == 401)
    }
  }

  @Test func eachTestSessionIsANewAccountOfItsRoleInItsTestFamily() async throws {
    let server = await BrowserServer(
      scenario: try BundledScenarios.scenario(named: "family-admin"), reference: "family-admin",
      options: .init(testSessions: true))
    try await Self.test(server) { client in
      var sessions: [String: Wire.TestSessionBody] = [:]
      for family in ["one", "two"] {
        for role in Role.allCases {
          sessions["\(family) \(role)"] = try await Self.testSession(client, family: family, role: role)
        }
      }
      let admin = try #require(sessions["one parentAdmin"])
      #expect(admin.family.id == "test-family-one" && admin.session.user.id == "test-one-admin-1")
      #expect(try #require(sessions["two child"]).session.user.id == "test-two-child-1")
      #expect(try await Self.testSession(client, family: "one", role: .child).session.user.id == "test-one-child-2")
      // Each is what its role may be, in its family and no other.
      let members = try await Self.call(
        client, .get, "/families/test-family-one/members", bearer: admin.session.accessToken)
      for role in Role.allCases {
        let id = try #require(sessions["one \(role)"]).session.user.id
        #expect(members.body.contains(#""id":"\#(id)""#) && members.body.contains(#""role":"\#(role.rawValue)""#))
      }
      let code = "/families/test-family-one/code"
      #expect(try await Self.call(client, .post, code, bearer: admin.session.accessToken).status == 200)
      let adult = try #require(sessions["one adult"]).session.accessToken
      #expect(try await Self.call(client, .post, code, bearer: adult).status == 403)
      let visitor = try #require(sessions["one visitor"]).session.accessToken
      #expect(try await Self.call(client, .get, "/families/test-family-one/tasks", bearer: visitor).status == 403)
      #expect(try await Self.call(client, .get, "/families/test-family-one/pickups", bearer: visitor).status == 200)
      let other = try #require(sessions["two parentAdmin"]).session.accessToken
      #expect(try await Self.call(client, .get, "/families/test-family-one/tasks", bearer: other).status == 403)
      // Another family's pickup answers as one that does not exist.
      let claim = try await Self.call(
        client, .put, "/pickups/test-one-pickup/driver", #"{"driver":"test-two-admin-1"}"#, bearer: other)
      #expect(claim.status == 404)
      let claimed = try await Self.call(
        client, .put, "/pickups/test-one-pickup/driver", #"{"driver":"test-one-admin-1"}"#,
        bearer: admin.session.accessToken)
      #expect(claimed.status == 204, "\(claimed.body)")
      // An expired one is refused as expired, whatever it asks; its refresh token renews it.
      let expired = try await Self.testSession(client, family: "one", role: .adult, expired: true)
      #expect(try await Self.call(client, .get, "/families", bearer: expired.session.accessToken).status == 401)
      #expect(try await Self.refresh(client, expired.session.refreshToken) == 200)
      // One with a second factor asks for its code at sign-in.
      let guarded = try await Self.call(
        client, .post, "/test-sessions", #"{"family":"two","role":"adult","mfa":true}"#)
      let made = try Wire.decode(Wire.TestSessionBody.self, from: Data(guarded.body.utf8))
      #expect(made.mfaCode == "123456")
      let signIn = try await Self.call(
        client, .post, "/auth/sign-in", #"{"provider":"google","user":"\#(made.session.user.id)"}"#)
      #expect(signIn.body.contains(#""outcome":"mfaRequired""#), "\(signIn.body)")
      // A family other than the two, or a role that is none, is refused.
      let unknown = try await Self.call(client, .post, "/test-sessions", #"{"family":"three","role":"adult"}"#)
      #expect(unknown.status == 422)
      #expect(try await Self.call(client, .post, "/test-sessions", #"{"family":"one","role":"owner"}"#).status == 400)
    }
    // The world the hook made saves and loads back.
    let saved = await server.store.defaultSimulation.savedScenario()
    #expect(saved.contains("test-family-two"))
    _ = try ScenarioLoader.parse(saved, source: "saved.yaml")
  }

  /// Found by the contract suite (Tests/API/contract.py): a visitor's token changed the account's notification
  /// settings, which no screen of a visitor offers.
  @Test func notificationSettingsAreChangedOnlyByARoleThatMayChangeThem() async throws {
    let server = await BrowserServer(
      scenario: try BundledScenarios.scenario(named: "family-admin"), reference: "family-admin",
      options: .init(testSessions: true))
    try await Self.test(server) { client in
      for role in Role.allCases {
        let session = try await Self.testSession(client, family: "one", role: role).session
        let answer = try await Self.call(
          client, .put, "/users/\(session.user.id)/notification-preferences",
          #"{"messages":false,"tasks":true,"calendar":true,"schoolRun":true}"#, bearer: session.accessToken)
        #expect(answer.status == (Permissions.allows(role, .editNotifications) ? 204 : 403), "\(role): \(answer.body)")
      }
    }
  }

  /// Found by the contract suite: a pickup's driver could be any text, "" or another family's member, after which
  /// the pickup answered every claim with 401 accountNotFound.
  @Test func aPickupsDriverIsAMemberOfItsFamilyWhoCanDrive() async throws {
    let server = await BrowserServer(
      scenario: try BundledScenarios.scenario(named: "family-admin"), reference: "family-admin",
      options: .init(testSessions: true))
    try await Self.test(server) { client in
      let admin = try await Self.testSession(client, family: "one", role: .parentAdmin).session
      let child = try await Self.testSession(client, family: "one", role: .child).session.user.id
      let stranger = try await Self.testSession(client, family: "two", role: .adult).session.user.id
      for (driver, status) in [("", 422), (stranger, 422), (child, 409), ("nobody-here", 422), (admin.user.id, 204)] {
        let answer = try await Self.call(
          client, .put, "/pickups/test-one-pickup/driver", #"{"driver":"\#(driver)"}"#, bearer: admin.accessToken)
        #expect(answer.status == status, "driver \(driver): \(answer.body)")
      }
    }
  }
}
