import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardAPI
import TribeBoardCore

@testable import TribeBoardBrowser

/// The rules the services keep, seen from an HTTP client that no screen stands in front of: a session's life,
/// joining only with the code, one active family, a change's identity and the input rules.
extension ServicesAPITests {
  /// Sends a call and answers its status and body.
  static func call(
    _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ body: String? = nil,
    bearer: String? = nil
  ) async throws -> (status: Int, body: String) {
    try await client.execute(
      uri: "/api" + path, method: method, headers: headers(bearer: bearer), body: body.map { ByteBuffer(string: $0) }
    ) { (Int($0.status.code), String(buffer: $0.body)) }
  }

  static func refresh(_ client: any TestClientProtocol, _ token: String, bearer: String? = nil) async throws -> Int {
    try await call(client, .post, "/auth/refresh", #"{"refreshToken":"\#(token)"}"#, bearer: bearer).status
  }

  @Test func signOutEndsEveryTokenOfTheBearersSessionWhateverTheBodySays() async throws {
    try await Self.test(await Self.server()) { client in
      // The bearer alone: the refresh token ends with it.
      let mark = try await Self.signIn(client, "mark", provider: "google")
      #expect(try await Self.call(client, .post, "/auth/sign-out", bearer: mark.accessToken).status == 204)
      #expect(try await Self.refresh(client, mark.refreshToken) == 401)
      // Naming another account's refresh token ends the caller's session, never theirs.
      let ben = try await Self.signIn(client, "ben", provider: "apple")
      let sarah = try await Self.signIn(client, "sarah", provider: "apple")
      let named = #"{"refreshToken":"\#(ben.refreshToken)"}"#
      #expect(try await Self.call(client, .post, "/auth/sign-out", named, bearer: sarah.accessToken).status == 204)
      #expect(try await Self.refresh(client, sarah.refreshToken) == 401)
      #expect(try await Self.call(client, .get, "/families", bearer: sarah.accessToken).status == 401)
      #expect(try await Self.refresh(client, ben.refreshToken) == 200)
    }
  }

  @Test func aRefreshTokenRenewsItsOwnSessionOnceAndIsReplaced() async throws {
    try await Self.test(await Self.server()) { client in
      let mark = try await Self.signIn(client, "mark", provider: "google")
      let rose = try await Self.signIn(client, "rose", provider: "google")
      // Rose's bearer on Mark's refresh token renews Mark's session and leaves Rose's alone.
      let answer = try await Self.call(
        client, .post, "/auth/refresh", #"{"refreshToken":"\#(mark.refreshToken)"}"#, bearer: rose.accessToken)
      #expect(answer.status == 200)
      let renewed = try Wire.decode(Wire.Session.self, from: Data(answer.body.utf8))
      #expect(renewed.user.id == "mark" && renewed.refreshToken != mark.refreshToken)
      #expect(try await Self.call(client, .get, "/families", bearer: rose.accessToken).status == 200)
      // The old tokens stop working: the refresh token renewed once, the access token is replaced.
      #expect(try await Self.refresh(client, mark.refreshToken) == 401)
      #expect(try await Self.call(client, .get, "/families", bearer: mark.accessToken).status == 401)
      #expect(try await Self.call(client, .get, "/families", bearer: renewed.accessToken).status == 200)
    }
  }

  @Test func theSessionCallNeverAnswersForAnotherAccount() async throws {
    try await Self.test(await Self.server()) { client in
      let rose = try await Self.signIn(client, "rose", provider: "google")
      let mark = try await Self.signIn(client, "mark", provider: "google")
      let roses = #"{"refreshToken":"\#(rose.refreshToken)"}"#
      #expect(try await Self.call(client, .post, "/auth/session", roses, bearer: mark.accessToken).status == 401)
      #expect(try await Self.call(client, .post, "/auth/session", roses).status == 401)
      let own = try await Self.call(client, .post, "/auth/session", roses, bearer: rose.accessToken)
      #expect(own.status == 200)
      #expect(try Wire.decode(Wire.Session.self, from: Data(own.body.utf8)).accessToken == rose.accessToken)
    }
  }

  @Test func aTokenPastItsLifeIsRefusedBeforeAnythingElse() async throws {
    try await Self.test(await Self.server()) { client in
      let mark = try await Self.signIn(client, "mark", provider: "google")
      _ = try await Self.call(client, .post, "/control/clock", #"{"argument":"+2h"}"#)
      for (method, path, body) in [
        (HTTPRequest.Method.post, "/families/johnsons/tasks", "{"),
        (.get, "/families/nowhere/tasks", nil),
        (.post, "/family-codes/ZZZZZZ/members", #"{"role":"adult"}"#),
      ] {
        let answer = try await Self.call(client, method, path, body, bearer: mark.accessToken)
        #expect(answer.status == 401, "\(path)")
        #expect(answer.body.contains("sessionExpired") && answer.body.contains("expired"), "\(path)")
      }
    }
  }

  @Test func joiningTakesTheCurrentCodeNeverTheFamilysId() async throws {
    try await Self.test(await Self.server()) { client in
      // Rose is a visitor of the Johnsons whose access runs out; then she may join with a code.
      _ = try await Self.call(client, .post, "/control/clock", #"{"argument":"2026-03-20T09:00"}"#)
      let rose = try await Self.signIn(client, "rose", provider: "google")
      let byID = try await Self.call(
        client, .post, "/families/johnsons/members", #"{"role":"adult"}"#, bearer: rose.accessToken)
      #expect(byID.status == 405)
      let sarah = try await Self.signIn(client, "sarah", provider: "apple")
      let family = try await Self.call(client, .get, "/families", bearer: sarah.accessToken)
      let code = try #require(try Wire.decode([Wire.FamilyBody].self, from: Data(family.body.utf8)).first?.code)
      // A wrong code is refused as no family's, the same as one nobody ever had.
      let wrong = try await Self.call(
        client, .post, "/family-codes/ZZZZZZ/members", #"{"role":"adult"}"#, bearer: rose.accessToken)
      #expect(wrong.status == 404)
      let joined = try await Self.call(
        client, .post, "/family-codes/\(code)/members", #"{"role":"adult"}"#, bearer: rose.accessToken)
      #expect(joined.status == 201, "\(joined.body)")
      // Now active in the Johnsons: creating a family, or joining again, is refused.
      let create = try await Self.call(client, .post, "/families", #"{"name":"Roses"}"#, bearer: rose.accessToken)
      #expect(create.status == 409 && create.body.contains("roleConflict"))
    }
  }

  @Test func wrongFamilyCodesAreLimitedPerAccount() async throws {
    try await Self.test(await Self.server()) { client in
      let mark = try await Self.signIn(client, "mark", provider: "google")
      var statuses: [Int] = []
      for code in ["ZZZZZ2", "ZZZZZ3", "ZZZZZ4", "ZZZZZ5", "ZZZZZ6", "ZZZZZ7"] {
        statuses.append(try await Self.call(client, .get, "/family-codes/\(code)", bearer: mark.accessToken).status)
      }
      #expect(statuses == [404, 404, 404, 404, 429, 429])
      // Even the right code, while locked; another account is not locked.
      #expect(try await Self.call(client, .get, "/family-codes/K7QM2X", bearer: mark.accessToken).status == 429)
      let sarah = try await Self.signIn(client, "sarah", provider: "apple")
      #expect(try await Self.call(client, .get, "/family-codes/K7QM2X", bearer: sarah.accessToken).status == 200)
    }
  }

  @Test func aChangeIsItsAuthorAndIdTogether() async throws {
    try await Self.test(await Self.server()) { client in
      let sarah = try await Self.signIn(client, "sarah", provider: "apple")
      let mark = try await Self.signIn(client, "mark", provider: "google")
      func change(_ author: String, _ text: String, madeAt: String = "2026-03-02T08:00:00Z") -> String {
        #"{"id":"change-1","author":"\#(author)","madeAt":"\#(madeAt)","summary":"s","#
          + #""change":{"kind":"sendMessage","text":"\#(text)","family":"johnsons"}}"#
      }
      let first = try await Self.call(client, .post, "/changes", change("sarah", "Sarah's"), bearer: sarah.accessToken)
      #expect(first.body.contains(#""applied""#))
      // Mark's change under the same id is his own: applied, not taken for Sarah's.
      let his = try await Self.call(client, .post, "/changes", change("mark", "Mark's"), bearer: mark.accessToken)
      #expect(his.body.contains(#""applied""#), "\(his.body)")
      // The same change again is already applied; another change under a used id is refused.
      let again = try await Self.call(client, .post, "/changes", change("mark", "Mark's"), bearer: mark.accessToken)
      #expect(again.body.contains("alreadyApplied"))
      let other = try await Self.call(client, .post, "/changes", change("mark", "Other"), bearer: mark.accessToken)
      #expect(other.status == 422)
      // A change from the future is refused.
      let future = try await Self.call(
        client, .post, "/changes",
        change("mark", "Later", madeAt: "2030-01-01T00:00:00Z").replacingOccurrences(
          of: "change-1", with: "change-2"), bearer: mark.accessToken)
      #expect(future.status == 422)
      let messages = try await Self.call(client, .get, "/families/johnsons/messages", bearer: sarah.accessToken).body
      #expect(messages.contains("Sarah's") && messages.contains("Mark's") && !messages.contains("Later"))
    }
  }

  @Test(arguments: [
    ("/families/johnsons/tasks", #"{"title":""}"#),
    ("/families/johnsons/tasks", #"{"title":"abc\u202edef"}"#),
    ("/families/johnsons/tasks", #"{"title":"Past","due":"2020-01-01T00:00:00Z"}"#),
    ("/families/johnsons/events", #"{"title":"Twice","start":"2026-03-05T08:00:00Z","participants":["ben","ben"]}"#),
    ("/families/johnsons/messages", #"{"text":"\u200b"}"#),
  ])
  func inputTheAppRefusesIsRefusedOverHTTP(path: String, body: String) async throws {
    try await Self.test(await Self.server()) { client in
      let sarah = try await Self.signIn(client, "sarah", provider: "apple")
      let answer = try await Self.call(client, .post, path, body, bearer: sarah.accessToken)
      #expect(answer.status == 422 && answer.body.contains("validationFailed"), "\(answer.body)")
    }
  }

  @Test func aChildReadsOnlyTheirOwnTasks() async throws {
    try await Self.test(await Self.server()) { client in
      let ben = try await Self.signIn(client, "ben", provider: "apple")
      let answer = try await Self.call(client, .get, "/families/johnsons/tasks", bearer: ben.accessToken)
      let tasks = try Wire.decode([Wire.Task].self, from: Data(answer.body.utf8))
      #expect(!tasks.isEmpty && tasks.allSatisfy { $0.assignee == "ben" })
    }
  }
}
