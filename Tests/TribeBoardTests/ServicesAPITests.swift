import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardAPI
import TribeBoardCore
import TribeBoardScenarios

@testable import TribeBoardBrowser

/// The mock services over HTTP (`/api/…`), driven in-process without a socket: the contract, the guards, and an HTTP
/// client as one more phone in the page's world.
@Suite struct ServicesAPITests {
  static let json: HTTPFields = [.contentType: "application/json"]

  static func server(_ scenario: String = "family-admin", token: String? = nil, cors: String? = nil) async throws
    -> BrowserServer
  {
    await BrowserServer(
      scenario: try BundledScenarios.scenario(named: scenario), reference: scenario,
      options: .init(token: token, cors: cors))
  }

  static func test(
    _ server: BrowserServer, _ body: @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    try await Application(router: server.router()).test(.router, body)
  }

  static func headers(bearer: String?) -> HTTPFields {
    var headers = json
    if let bearer { headers[.authorization] = "Bearer \(bearer)" }
    return headers
  }

  /// Signs `user` in through the API and returns the session.
  static func signIn(_ client: any TestClientProtocol, _ user: String, provider: String, prefix: String = "/api")
    async throws -> Wire.Session
  {
    try await client.execute(
      uri: prefix + "/auth/sign-in", method: .post, headers: json,
      body: ByteBuffer(string: #"{"provider":"\#(provider)","user":"\#(user)"}"#)
    ) { response in
      #expect(response.status == .ok, "\(String(buffer: response.body))")
      let result = try Wire.decode(Wire.SignInResult.self, from: Data(response.body.readableBytesView))
      #expect(result.outcome == .signedIn)
      return try #require(result.session)
    }
  }

  static func problem(_ response: TestResponse) throws -> Wire.Problem {
    #expect(response.headers[.contentType] == Wire.Problem.mediaType)
    return try Wire.decode(Wire.Problem.self, from: Data(response.body.readableBytesView))
  }

  @Test func theDocumentIsServedAndIsOpenAPI31() async throws {
    try await Self.test(await Self.server()) { client in
      try await client.execute(uri: "/api/openapi.yaml", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/yaml")
        let text = String(buffer: response.body)
        #expect(text == APIDocument.yaml)
        #expect(text.hasPrefix("openapi: 3.1.0"))
      }
    }
  }

  /// Every method of the three protocols has its operation in the document.
  @Test func theDocumentCoversEveryServiceMethod() {
    let operations = [
      "currentSession", "signIn", "signUp", "verify", "resendCode", "refresh", "signOut", "createFamily",
      "findFamily", "joinFamily", "families", "members", "changeRole", "removeMember", "regenerateCode", "profile",
      "notificationPreferences", "setNotificationPreferences", "events", "addEvent", "tasks", "addTask", "setStatus",
      "assign", "messages", "sendMessage", "notices", "postNotice", "setPinned", "unreadMessages", "markRead", "apply",
      "routes", "pickups", "setDriver", "performInitialSetup", "sync", "shareCode",
    ]
    for operation in operations {
      #expect(APIDocument.yaml.contains("operationId: \(operation)\n"), "no operation \(operation)")
    }
  }

  @Test func markSignsInAddsATaskAndSarahsPhoneShowsIt() async throws {
    let server = try await Self.server()
    let simulation = await server.store.defaultSimulation
    _ = await simulation.handle("tasks")
    let before = await simulation.version
    try await Self.test(server) { client in
      let session = try await Self.signIn(client, "mark", provider: "google")
      #expect(session.user.id == "mark")
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .post, headers: Self.headers(bearer: session.accessToken),
        body: ByteBuffer(string: #"{"title":"Buy milk","assignee":"ben","points":2}"#)
      ) { response in
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let task = try Wire.decode(Wire.Task.self, from: Data(response.body.readableBytesView))
        #expect(task.title == "Buy milk" && task.assignee == "ben" && task.familyID == "johnsons")
      }
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: session.accessToken)
      ) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains("\"title\":\"Buy milk\""))
      }
      // Sarah's phone, open on the tasks list in the page, shows it: the page was told.
      try await client.execute(uri: "/", method: .get) { response in
        #expect(String(buffer: response.body).contains("Buy milk"))
      }
    }
    #expect(await simulation.version > before)
  }

  @Test func eachSimulationHasItsOwnServices() async throws {
    let server = try await Self.server()
    let other = try await server.store.create(try BundledScenarios.scenario(named: "family-admin"), reference: "x")
    try await Self.test(server) { client in
      let session = try await Self.signIn(client, "mark", provider: "google", prefix: "/s/\(other.id)/api")
      try await client.execute(
        uri: "/s/\(other.id)/api/families/johnsons/tasks", method: .post,
        headers: Self.headers(bearer: session.accessToken), body: ByteBuffer(string: #"{"title":"Only here"}"#)
      ) { #expect($0.status == .created) }
      // The default simulation's world has neither the task nor the session.
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: session.accessToken)
      ) { #expect($0.status == .unauthorized) }
      try await client.execute(uri: "/s/no-such-simulation/api/families", method: .get) { response in
        #expect(response.status == .notFound)
        let problem = try Self.problem(response)
        #expect(problem.code == "notFound")
      }
    }
    #expect(await other.environment.backend.tasks(of: "johnsons").contains { $0.title == "Only here" })
    #expect(
      await !server.store.defaultSimulation.environment.backend.tasks(of: "johnsons").contains {
        $0.title == "Only here"
      })
  }

  @Test func aChangeOnThePageIsSeenByTheAPI() async throws {
    let server = try await Self.server()
    let simulation = await server.store.defaultSimulation
    try await Self.test(server) { client in
      let session = try await Self.signIn(client, "mark", provider: "google")
      _ = await simulation.handle("messages")
      _ = await simulation.handle("send Home by six tonight, please")
      try await client.execute(
        uri: "/api/families/johnsons/messages", method: .get, headers: Self.headers(bearer: session.accessToken)
      ) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains("Home by six tonight, please"))
      }
    }
  }

  @Test func aCallWithoutOrWithAnUnknownTokenIs401WithItsProblem() async throws {
    try await Self.test(await Self.server()) { client in
      for bearer in [nil, "not-a-token"] {
        try await client.execute(
          uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: bearer)
        ) { response in
          #expect(response.status == .unauthorized)
          #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
          let problem = try Self.problem(response)
          #expect(problem.code == "sessionExpired" && problem.category == "auth" && problem.recovery == ["signIn"])
        }
      }
    }
  }

  @Test func aTokenRunsOutOnTheSimulatedClockAndRefreshRenewsIt() async throws {
    try await Self.test(await Self.server()) { client in
      let session = try await Self.signIn(client, "mark", provider: "google")
      try await client.execute(
        uri: "/api/control/clock", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"argument":"+2d"}"#)
      ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: session.accessToken)
      ) { response in
        #expect(response.status == .unauthorized)
        let problem = try Self.problem(response)
        #expect(problem.code == "sessionExpired")
      }
      let renewed = try await client.execute(
        uri: "/api/auth/refresh", method: .post, headers: Self.headers(bearer: session.accessToken),
        body: ByteBuffer(string: #"{"refreshToken":"\#(session.refreshToken)"}"#)
      ) { response in
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try Wire.decode(Wire.Session.self, from: Data(response.body.readableBytesView))
      }
      #expect(renewed.accessToken != session.accessToken)
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: renewed.accessToken)
      ) { #expect($0.status == .ok) }
      // Signed out: the token is revoked.
      try await client.execute(
        uri: "/api/auth/sign-out", method: .post, headers: Self.headers(bearer: renewed.accessToken),
        body: ByteBuffer(string: #"{"refreshToken":"\#(renewed.refreshToken)"}"#)
      ) { #expect($0.status == .noContent) }
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: renewed.accessToken)
      ) { #expect($0.status == .unauthorized) }
    }
  }

  @Test func anotherFamilysTokenReadsNothingOfThisFamily() async throws {
    try await Self.test(await Self.server()) { client in
      // Someone new signs up: a stranger to the Johnsons, in a family of their own.
      let identity = #"{"provider":"apple","name":"Nina Stone","email":"nina@example.com"}"#
      try await client.execute(
        uri: "/api/auth/sign-in", method: .post, headers: Self.json,
        body: ByteBuffer(string: #"{"provider":"apple","user":"nina","identity":\#(identity)}"#)
      ) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains(#""outcome":"newIdentity""#))
      }
      let rose = try await client.execute(
        uri: "/api/auth/sign-up", method: .post, headers: Self.json,
        body: ByteBuffer(string: #"{"user":"nina","identity":\#(identity)}"#)
      ) { response in
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try Wire.decode(Wire.Session.self, from: Data(response.body.readableBytesView))
      }
      try await client.execute(
        uri: "/api/families", method: .post, headers: Self.headers(bearer: rose.accessToken),
        body: ByteBuffer(string: #"{"name":"Stones"}"#)
      ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
      for path in ["tasks", "messages", "notices", "events", "members", "routes", "pickups", "unread"] {
        try await client.execute(
          uri: "/api/families/johnsons/\(path)", method: .get, headers: Self.headers(bearer: rose.accessToken)
        ) { response in
          #expect(response.status == .forbidden, "\(path)")
          let problem = try Self.problem(response)
          #expect(problem.code == "permissionDenied")
        }
      }
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .post, headers: Self.headers(bearer: rose.accessToken),
        body: ByteBuffer(string: #"{"title":"Sneaky"}"#)
      ) { #expect($0.status == .forbidden) }
      try await client.execute(
        uri: "/api/users/sarah/notification-preferences", method: .get, headers: Self.headers(bearer: rose.accessToken)
      ) { #expect($0.status == .forbidden) }
    }
  }

  @Test func aVisitorsTokenCannotSeeWhatAVisitorCannot() async throws {
    try await Self.test(await Self.server()) { client in
      let rose = try await Self.signIn(client, "rose", provider: "google")
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: rose.accessToken)
      ) { response in
        #expect(response.status == .forbidden)
        let problem = try Self.problem(response)
        #expect(problem.detail == "A visitor can't see everyone's tasks.")
      }
      try await client.execute(
        uri: "/api/families/johnsons/events", method: .get, headers: Self.headers(bearer: rose.accessToken)
      ) { #expect($0.status == .ok) }
      // Her access ends on the simulated clock: then she reads nothing.
      try await client.execute(
        uri: "/api/control/clock", method: .post, headers: Self.json,
        body: ByteBuffer(string: #"{"argument":"2026-03-07T09:00"}"#)
      ) { #expect($0.status == .ok) }
      let renewed = try await Self.signIn(client, "rose", provider: "google")
      try await client.execute(
        uri: "/api/families/johnsons/events", method: .get, headers: Self.headers(bearer: renewed.accessToken)
      ) { response in
        #expect(response.status == .forbidden)
        let problem = try Self.problem(response)
        #expect(problem.code == "accessExpired")
      }
    }
  }

  @Test func aChildsTokenCannotDoWhatAChildCannot() async throws {
    try await Self.test(await Self.server()) { client in
      let ben = try await Self.signIn(client, "ben", provider: "apple")
      try await client.execute(
        uri: "/api/families/johnsons/code", method: .post, headers: Self.headers(bearer: ben.accessToken)
      ) { response in
        #expect(response.status == .forbidden)
        let problem = try Self.problem(response)
        #expect(problem.code == "permissionDenied" && problem.detail.hasPrefix("A child can't"))
      }
      try await client.execute(
        uri: "/api/families/johnsons/members/mark", method: .delete, headers: Self.headers(bearer: ben.accessToken)
      ) { #expect($0.status == .forbidden) }
    }
  }

  @Test func badInputGetsASpecificProblemNeverACrash() async throws {
    try await Self.test(await Self.server()) { client in
      let mark = try await Self.signIn(client, "mark", provider: "google")
      let cases: [(String, HTTPFields, String, HTTPResponse.Status)] = [
        ("{", Self.headers(bearer: mark.accessToken), "not valid", .badRequest),
        (#"{"points":2}"#, Self.headers(bearer: mark.accessToken), "“title”", .badRequest),
        (
          #"{"title":"x"}"#, [.authorization: "Bearer \(mark.accessToken)", .contentType: "text/plain"], "JSON",
          .unsupportedMediaType
        ),
        (#"{"title":"x","due":"tomorrow"}"#, Self.headers(bearer: mark.accessToken), "“due”", .badRequest),
      ]
      for (body, headers, words, status) in cases {
        try await client.execute(
          uri: "/api/families/johnsons/tasks", method: .post, headers: headers, body: ByteBuffer(string: body)
        ) { response in
          #expect(response.status == status, "\(body): \(String(buffer: response.body))")
          let problem = try Self.problem(response)
          #expect(problem.detail.contains(words), "\(body)")
        }
      }
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .post, headers: Self.headers(bearer: mark.accessToken),
        body: ByteBuffer(repeating: UInt8(ascii: " "), count: BrowserServer.bodyLimit + 1)
      ) { response in
        #expect(response.status == .contentTooLarge)
        let problem = try Self.problem(response)
        #expect(problem.status == 413)
      }
      try await client.execute(uri: "/api/no-such-route", method: .get) { response in
        #expect(response.status == .notFound)
        let problem = try Self.problem(response)
        #expect(problem.code == "notFound")
      }
    }
  }

  @Test func theGuardsHoldForTheAPI() async throws {
    try await Self.test(await Self.server(token: "run-token")) { client in
      try await client.execute(uri: "/api/openapi.yaml", method: .get) { response in
        #expect(response.status == .unauthorized)
        let problem = try Self.problem(response)
        #expect(problem.title == "Run token needed")
      }
      try await client.execute(
        uri: "/api/openapi.yaml", method: .get, headers: [BrowserServer.tokenHeaderName: "run-token"]
      ) { #expect($0.status == .ok) }
      try await client.execute(
        uri: "/api/control/reset", method: .post,
        headers: [BrowserServer.tokenHeaderName: "run-token", .origin: "http://elsewhere.example"]
      ) { response in
        #expect(response.status == .forbidden)
        #expect(response.headers[.accessControlAllowOrigin] == nil)
      }
    }
    try await Self.test(await Self.server(cors: "http://localhost:3000")) { client in
      try await client.execute(
        uri: "/api/families", method: .options, headers: [.origin: "http://localhost:3000"]
      ) { response in
        #expect(response.status == .noContent)
        #expect(response.headers[.accessControlAllowOrigin] == "http://localhost:3000")
      }
      try await client.execute(
        uri: "/api/control/reset", method: .post, headers: [.origin: "http://localhost:3000"]
      ) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.accessControlAllowOrigin] == "http://localhost:3000")
      }
    }
  }

  @Test func theControlAPIDrivesTheSimulation() async throws {
    let server = try await Self.server()
    let simulation = await server.store.defaultSimulation
    try await Self.test(server) { client in
      try await client.execute(
        uri: "/api/control/faults", method: .post, headers: Self.json,
        body: ByteBuffer(string: #"{"argument":"data.addTask networkTimeout"}"#)
      ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
      let mark = try await Self.signIn(client, "mark", provider: "google")
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .post, headers: Self.headers(bearer: mark.accessToken),
        body: ByteBuffer(string: #"{"title":"Buy milk"}"#)
      ) { response in
        #expect(response.status == .gatewayTimeout)
        let problem = try Self.problem(response)
        #expect(problem.code == "networkTimeout")
      }
      try await client.execute(uri: "/api/control/faults", method: .delete) { #expect($0.status == .ok) }
      try await client.execute(
        uri: "/api/control/phones/mark/network", method: .put, headers: Self.json,
        body: ByteBuffer(string: #"{"online":false}"#)
      ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
      try await client.execute(
        uri: "/api/control/scenario", method: .post, headers: Self.json,
        body: ByteBuffer(string: #"{"argument":"no-such-scenario"}"#)
      ) { response in
        #expect(response.status == .unprocessableContent)
        let problem = try Self.problem(response)
        #expect(problem.code == "validationFailed")
      }
      try await client.execute(uri: "/api/control/save", method: .get) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains("name: family-admin"))
      }
      try await client.execute(uri: "/api/control", method: .get) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains(#""scenario":"family-admin""#))
      }
      try await client.execute(uri: "/api/control/reset", method: .post) { #expect($0.status == .ok) }
    }
    #expect(await simulation.facts().acting == "sarah")
  }
}
