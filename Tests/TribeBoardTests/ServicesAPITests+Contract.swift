import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardAPI
import TribeBoardCore

@testable import TribeBoardBrowser

/// The server refuses what the document refuses, and takes what it allows (what Tests/API/contract.sh's
/// schemathesis checks from outside).
extension ServicesAPITests {
  /// Sends `body` to `path` as Mark and hands the response to `check`.
  static func send(
    _ method: HTTPRequest.Method, _ path: String, _ body: String?,
    _ check: @escaping @Sendable (TestResponse) throws -> Void
  ) async throws {
    try await test(await server()) { client in
      let session = try await signIn(client, "mark", provider: "google")
      try await client.execute(
        uri: path, method: method, headers: headers(bearer: session.accessToken),
        body: body.map { ByteBuffer(string: $0) }, testCallback: check)
    }
  }

  @Test(arguments: [
    ("/api/auth/sign-in", #"{"provider":"google","user":"mark","identity":null}"#, "identity"),
    ("/api/families/johnsons/tasks", #"{"title":"Buy milk","assignee":null}"#, "assignee"),
    (
      "/api/families/johnsons/events", #"{"title":"Swim","start":"2026-03-03T17:00:00Z","participants":null}"#,
      "participants"
    ),
    (
      "/api/changes",
      #"{"id":"c-1","author":"mark","madeAt":"2026-03-02T08:00:00Z","summary":"","waited":null,"#
        + #""change":{"kind":"sendMessage","text":"Hi","family":"johnsons"}}"#, "waited"
    ),
  ])
  func nullForAFieldTheDocumentGivesNoNullIsRefused(path: String, body: String, field: String) async throws {
    try await Self.send(.post, path, body) { response in
      #expect(response.status == .badRequest, "\(String(buffer: response.body))")
      let problem = try Self.problem(response)
      #expect(
        problem.detail == "The request was not understood: “\(field)” is null: a field with no value is left out.")
    }
  }

  @Test func aNullFieldTheBodyDoesNotHaveIsIgnoredAsAnyOtherIs() async throws {
    try await Self.send(.post, "/api/families/johnsons/tasks", #"{"title":"Buy milk","note":null,"x":[null]}"#) {
      #expect($0.status == .created, "\(String(buffer: $0.body))")
    }
  }

  @Test func aPickupsDriverIsRequiredAndNullFreesIt() async throws {
    try await Self.test(await Self.server()) { client in
      let session = try await Self.signIn(client, "mark", provider: "google")
      let headers = Self.headers(bearer: session.accessToken)
      // Mark drives thu-pm: a body without `driver` frees nothing.
      try await client.execute(
        uri: "/api/pickups/thu-pm/driver", method: .put, headers: headers, body: ByteBuffer(string: "{}")
      ) { response in
        #expect(response.status == .badRequest)
        let problem = try Self.problem(response)
        #expect(problem.detail == "The request was not understood: the body has no “driver” field.")
      }
      try await client.execute(uri: "/api/families/johnsons/pickups", method: .get, headers: headers) { response in
        #expect(String(buffer: response.body).contains(#""driver":"mark","id":"thu-pm""#))
      }
      try await client.execute(
        uri: "/api/pickups/thu-pm/driver", method: .put, headers: headers, body: ByteBuffer(string: #"{"driver":null}"#)
      ) { #expect($0.status == .noContent, "\(String(buffer: $0.body))") }
      try await client.execute(uri: "/api/families/johnsons/pickups", method: .get, headers: headers) { response in
        #expect(!String(buffer: response.body).contains(#""driver":"mark""#))
      }
    }
  }

  @Test func aMethodAPathDoesNotHaveIs405WithAllow() async throws {
    try await Self.test(await Self.server()) { client in
      for (method, path, allow) in [
        (HTTPRequest.Method.trace, "/api/families", "GET, POST"), (.delete, "/api/auth/sign-in", "POST"),
        (.patch, "/api/families/johnsons/tasks", "GET, POST"), (.post, "/api/openapi.yaml", "GET"),
        (HTTPRequest.Method("QUERY")!, "/api/control/faults", "DELETE, POST"),
      ] {
        try await client.execute(uri: path, method: method) { response in
          #expect(response.status == .methodNotAllowed, "\(method) \(path)")
          #expect(response.headers[.allow] == allow, "\(method) \(path)")
          let problem = try Self.problem(response)
          #expect(problem.detail == "\(path) takes \(allow) only, not \(method.rawValue).")
        }
      }
      try await client.execute(uri: "/api/families/johnsons/tasks", method: .options) { response in
        #expect(response.status == .noContent)
        #expect(response.headers[.allow] == "GET, POST")
      }
      // A path the API does not have is still 404.
      try await client.execute(uri: "/api/no-such-thing", method: .trace) { #expect($0.status == .notFound) }
    }
  }

  /// The services check a task's points as the app's form does: a client over HTTP may send any number.
  @Test(arguments: [-1, 101]) func pointsOutOfRangeAreRefused(points: Int) async throws {
    try await Self.send(.post, "/api/families/johnsons/tasks", #"{"title":"Buy milk","points":\#(points)}"#) {
      response in
      #expect(response.status == .unprocessableContent, "\(String(buffer: response.body))")
      let problem = try Self.problem(response)
      #expect(problem.detail == Validation.pointsOutOfRange.message)
    }
  }

  /// 404 is for the address's family; a message of the body's that is not the family's is input refused.
  @Test func aReadMarkerAtAnUnknownMessageIs422() async throws {
    try await Self.send(.put, "/api/families/johnsons/read-marker", #"{"message":"no-such-message"}"#) { response in
      #expect(response.status == .unprocessableContent, "\(String(buffer: response.body))")
      let problem = try Self.problem(response)
      #expect(problem.status == 422 && problem.code == "notFound")
    }
    try await Self.send(.put, "/api/families/no-such-family/read-marker", #"{"message":"swimming"}"#) {
      #expect($0.status != .unprocessableContent, "\(String(buffer: $0.body))")
    }
  }

  /// Any RFC 3339 date-time is what `format: date-time` allows: other offsets and years than Foundation reads.
  @Test func datesAreReadAsRFC3339() throws {
    let utc = try #require(Wire.date(from: "2026-03-03T04:40:00Z"))
    #expect(Wire.date(from: "2026-03-02T08:00:00-20:40") == utc)
    #expect(Wire.date(from: "2026-03-03T05:40:00.000+01:00") == utc)
    #expect(Wire.date(from: "2026-03-03t04:40:00z") == utc)
    #expect(Wire.date(from: "0108-09-27T05:47:19-20:40") == Date(timeIntervalSince1970: -58_735_661_561))
    #expect(Wire.date(from: "2024-02-29T00:00:00.5Z") == Date(timeIntervalSince1970: 1_709_164_800.5))
    for invalid in [
      "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-03-02T24:00:00Z", "2026-03-02T08:00:00+24:00",
      "2026-03-02T08:00:00", "2026-03-02 08:00:00Z", "2026-03-02T08:00:00.Z", "26-03-02T08:00:00Z",
    ] {
      #expect(Wire.date(from: invalid) == nil, "\(invalid)")
    }
  }

  @Test func aDateTimeWithAnyOffsetIsTakenInABody() async throws {
    try await Self.send(
      .post, "/api/families/johnsons/tasks", #"{"title":"Buy milk","due":"2026-03-03T18:00:00-20:40"}"#
    ) { response in
      #expect(response.status == .created, "\(String(buffer: response.body))")
      #expect(String(buffer: response.body).contains(#""due":"2026-03-04T14:40:00Z""#))
    }
  }
}
