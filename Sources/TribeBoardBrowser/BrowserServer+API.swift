import Foundation
import HTTPTypes
import Hummingbird
import TribeBoardAPI
import TribeBoardCore
import TribeBoardEngine
import TribeBoardMocks

/// The services over HTTP (`/api/…` for the default simulation, `/s/ID/api/…` for another), as the OpenAPI
/// document (`/api/openapi.yaml`) describes them: an HTTP client is one more phone in the simulation's world. Each
/// call runs the in-process mock service as a phone of the caller's would, in the simulation's turn; bearer tokens
/// are the mock auth's, checked (and run out) on the simulated clock; errors are problem details.
extension BrowserServer {
  /// What a route of the API is given: the world, the caller (from the bearer token), the path's parameters and
  /// the body.
  struct APIRequest: Sendable {
    let environment: MockEnvironment
    let parameters: [String: String]
    let body: Data
    let bearer: String?
    /// The request's `Accept` header, for an answer sent in more than one media type.
    var accept: String? = nil
    /// The phone calling, when the server serves the phones of a simulation run elsewhere in this process
    /// (``LoopbackServices``): its device is the one the calls go through, as in-process.
    var phone: MockDevice? = nil

    var backend: MockBackend { environment.backend }
    var now: Date { environment.clock.now() }

    func parameter(_ name: String) -> String { parameters[name] ?? "" }

    /// The body as `T`; null only at `nullable`'s fields, as the document says (``Wire/decodeRequest(_:from:nullable:)``).
    func decode<T: Decodable>(_ type: T.Type, nullable: Set<String> = []) throws(Wire.Invalid) -> T {
      guard !body.isEmpty else { throw Wire.Invalid(reason: "this call needs a JSON body") }
      return try Wire.decodeRequest(type, from: body, nullable: nullable)
    }

    /// The account calling: the one the bearer token was issued to. A missing, unknown or run-out token is refused
    /// as `sessionExpired` (401), before anything else about the call is looked at.
    func caller() throws(AppError) -> Caller {
      // A phone of a simulation's own: its device carries the token, which the call's admission checks.
      if let phone { return Caller(device: phone, environment: environment) }
      guard let bearer, !bearer.isEmpty else {
        throw AppError(
          .sessionExpired, "This call needs a bearer token: sign in first (POST /api/auth/sign-in).",
          recovery: [.signIn])
      }
      guard let user = backend.account(holdingAccessToken: bearer), backend.isLive(accessToken: bearer) else {
        throw AppError(.sessionExpired)
      }
      return Caller(user: user, token: bearer, environment: environment)
    }
  }

  /// The caller as a phone of theirs: a device holding their token, online, and the services as it reaches them.
  struct Caller: Sendable {
    let user: UserID
    let device: MockDevice
    let families: any FamilyService
    let profile: any ProfileService
    let calendar: any CalendarService
    let tasks: any TaskService
    let messaging: any MessagingService
    let schoolRun: any SchoolRunService
    let sync: MockCloudSyncService
    let backend: MockBackend
    let clock: SimulatedClock

    init(user: UserID, token: String, environment: MockEnvironment) {
      self.init(
        device: MockDevice(
          user: user, onboardingCompleted: true,
          session: AuthSession(user: UserProfile(id: user, name: user, email: ""), token: token)),
        environment: environment)
    }

    init(device: MockDevice, environment: MockEnvironment) {
      user = device.user
      self.device = device
      let data = MockDataService(backend: environment.backend, device: device)
      families = data
      profile = data
      calendar = data
      tasks = data
      messaging = data
      schoolRun = data
      sync = MockCloudSyncService(backend: environment.backend, device: device)
      backend = environment.backend
      clock = environment.clock
    }

    /// Refuses a caller who is no member of `family` (active or not), in the same words whether or not the family
    /// exists: for the one call that reaches no service (a share code is made from the family alone).
    func member(of family: FamilyID) throws(AppError) {
      guard backend.membership(of: user, in: family) != nil else { throw MockState.notMember }
    }
  }

  /// What a route answers.
  enum APIAnswer: Sendable {
    case json(Data, status: HTTPResponse.Status = .ok)
    case noContent
    case text(String, type: String)

    static func body(_ value: some Encodable & Sendable, status: HTTPResponse.Status = .ok) -> APIAnswer {
      .json(Wire.encode(value), status: status)
    }
  }

  /// The header an API client sends the per-run token in, when the server listens beyond loopback.
  package static let tokenHeaderName = HTTPField.Name("X-TribeBoard-Token")!

  typealias APIRoute = @Sendable (APIRequest) async throws -> APIAnswer

  /// Adds a route of the services: its method, its path and what it does.
  typealias Register = (HTTPRequest.Method, String, @escaping APIRoute) -> Void

  /// Adds the services' routes and the control API under `/api` (the default simulation) and `/s/:id/api`.
  func addAPI(to router: Router<Context>) {
    for prefix in ["/api", "/s/:id/api"] {
      Self.addServices(prefix: prefix) { method, path, route in api(router, method, path, route) }
      addControl(to: router, prefix: prefix)
      if options.testSessions { addTestSessions(to: router, prefix: prefix) }
      router.get(RouterPath(prefix + "/openapi.yaml")) { request, _ in
        Self.apiResponse(.text(APIDocument.yaml, type: Self.yamlType(accepting: request.headers[.accept])), cors: nil)
      }
    }
    Self.addAllowedMethods(to: router)
  }

  /// The methods a path of the API has no route for: answered 405 with the `Allow` header (RFC 9110), not 404 as an
  /// unknown path is; `OPTIONS` is answered 204 with the same header.
  static let otherMethods: [HTTPRequest.Method] = [
    .get, .post, .put, .delete, .patch, .options, .trace, HTTPRequest.Method("QUERY")!,
  ]

  /// Adds, at every path of the API, an answer for each of ``otherMethods`` it has no route for.
  static func addAllowedMethods(to router: Router<Context>) {
    var paths: [String: (path: RouterPath, methods: [HTTPRequest.Method])] = [:]
    for route in router.routes where Guard<Context>.isAPI(route.path.description) {
      paths[route.path.description, default: (route.path, [])].methods.append(route.method)
    }
    for (path, methods) in paths.values {
      let allow = methods.map(\.rawValue).sorted().joined(separator: ", ")
      for method in otherMethods where !methods.contains(method) {
        router.on(path, method: method) { request, _ in
          var response =
            method == .options
            ? Response(status: .noContent)
            : problemResponse(
              Wire.Problem(
                status: 405, title: "Method not allowed",
                detail: "\(request.uri.path) takes \(allow) only, not \(request.method.rawValue)."),
              cors: nil)
          response.headers[.allow] = allow
          return response
        }
      }
    }
  }

  /// Registers `route` for `method` at `path`: the simulation is found, the body read (JSON, at most
  /// ``bodyLimit`` bytes), the call run in the simulation's turn, and every failure answered as a problem.
  func api(
    _ router: Router<Context>, _ method: HTTPRequest.Method, _ path: String, _ route: @escaping APIRoute
  ) {
    let cors = options.cors
    router.on(RouterPath(path), method: method) { request, context in
      let origin = request.headers[.origin]
      let allowed = cors != nil && origin == cors ? cors : nil
      do {
        let simulation = try await apiSimulation(context)
        let buffer = try await request.body.collect(upTo: Self.bodyLimit)
        let body = Data(buffer.readableBytesView)
        if !body.isEmpty, request.headers[.contentType].map({ !$0.hasPrefix("application/json") }) ?? true {
          return Self.problemResponse(
            Wire.Problem(
              status: 415, title: "Unsupported media type", detail: "A body is JSON, sent as application/json."),
            cors: allowed)
        }
        var parameters: [String: String] = [:]
        for (key, value) in context.parameters { parameters[String(key)] = String(value) }
        let bearer = Self.bearer(request.headers[.authorization])
        if await simulation.isRecording {
          // Kept in the recording as the line that makes the same call again (`:api`).
          let call = APICall(
            method: method.rawValue, path: Self.pathUnderAPI(request.uri.path), bearer: bearer,
            body: String(decoding: body, as: UTF8.self))
          switch await simulation.serveRecorded(call) {
          case .success(let answer): return Self.apiResponse(answer, cors: allowed)
          case .failure(let problem): return Self.problemResponse(problem, cors: allowed)
          }
        }
        let answer = try await simulation.serve(changing: method != .get) { [parameters] environment in
          try await route(APIRequest(environment: environment, parameters: parameters, body: body, bearer: bearer))
        }
        return Self.apiResponse(answer, cors: allowed)
      } catch {
        return Self.problemResponse(Self.problem(for: error), cors: allowed)
      }
    }
  }

  /// The problem a call that failed with `error` answers.
  static func problem(for error: any Error) -> Wire.Problem {
    switch error {
    case let problem as Wire.Problem:
      problem
    case let error as AppError:
      Wire.Problem(error)
    case let invalid as Wire.Invalid:
      Wire.Problem(status: 400, title: "Bad request", detail: "The request was not understood: \(invalid.reason).")
    case let error as HTTPError:
      problem(for: error.status, message: error.body)
    case let error as any HTTPResponseError:
      problem(for: error.status, message: nil)
    default:
      Wire.Problem(status: 500, title: "Internal server error", detail: "\(type(of: error))")
    }
  }

  /// The path of an API address under its `/api` (`/families/johnsons/tasks`), as ``APICall`` keeps it.
  static func pathUnderAPI(_ path: String) -> String {
    guard let api = path.range(of: "/api/") else { return path }
    return String(path[path.index(before: api.upperBound)...])
  }

  /// The services' routes as a table: method, path segments, route.
  private static let routeTable: [(method: String, path: [Substring], route: APIRoute)] = {
    var table: [(method: String, path: [Substring], route: APIRoute)] = []
    addServices(prefix: "") { method, path, route in table.append((method.rawValue, path.split(separator: "/"), route))
    }
    return table
  }()

  /// What `call` answers, made without a socket through the same routes as over HTTP (a route with fewer `:value`
  /// segments first, as the router picks a fixed segment over a value), failures as the problems they answer.
  static func answer(to call: APICall, in environment: MockEnvironment) async -> Result<APIAnswer, Wire.Problem> {
    let segments = call.path.split(separator: "/")
    var best: (route: APIRoute, parameters: [String: String])?
    var fewest = Int.max
    for entry in routeTable where entry.method == call.method && entry.path.count == segments.count {
      var parameters: [String: String] = [:]
      var matches = true
      for (pattern, segment) in zip(entry.path, segments) {
        if pattern.hasPrefix(":") {
          parameters[String(pattern.dropFirst())] = String(segment).removingPercentEncoding ?? String(segment)
        } else if pattern != segment {
          matches = false
          break
        }
      }
      if matches, parameters.count < fewest {
        best = (entry.route, parameters)
        fewest = parameters.count
      }
    }
    guard let best else { return .failure(problem(for: .notFound, message: nil)) }
    do {
      return .success(
        try await best.route(
          APIRequest(
            environment: environment, parameters: best.parameters, body: Data(call.body.utf8), bearer: call.bearer)))
    } catch {
      return .failure(problem(for: error))
    }
  }

  /// The HTTP status of what a call answered.
  static func status(of result: Result<APIAnswer, Wire.Problem>) -> Int {
    switch result {
    case .success(.json(_, let status)): Int(status.code)
    case .success(.noContent): 204
    case .success(.text): 200
    case .failure(let problem): problem.status
    }
  }

  /// Makes `:api` calls through these routes (``Simulator/apiRoutes``), as `tribeboard` does when it starts.
  package static func installAPIRoutes() {
    Simulator.apiRoutes.withLock { $0 = { environment, call in status(of: await answer(to: call, in: environment)) } }
  }

  /// The simulation an API address names: `/s/ID/api/…`, or the default one.
  private func apiSimulation(_ context: some RequestContext) async throws(AppError) -> LiveSimulation {
    guard let id = context.parameters.get("id") else { return store.defaultSimulation }
    guard let simulation = await store.simulation(id) else {
      throw AppError(.notFound, "There is no simulation \(id.prefix(40)) here; simulations left unused are dropped.")
    }
    return simulation
  }

  /// The media type YAML is sent as: `application/yaml` (RFC 9512), or `text/plain` to a client that asks for it
  /// and not for YAML (`Accept: text/plain`), as the document offers both for clients that read no YAML type.
  static func yamlType(accepting accept: String?) -> String {
    guard let accept, accept.contains("text/plain"), !accept.contains("application/yaml") else {
      return APIDocument.mediaType
    }
    return "text/plain; charset=utf-8"
  }

  /// The token of an `Authorization: Bearer TOKEN` header.
  static func bearer(_ header: String?) -> String? {
    guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
    return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
  }

  static func apiHeaders(type: String, cors: String?) -> HTTPFields {
    var headers = HTTPFields()
    headers[.contentType] = type
    headers[.cacheControl] = "no-store"
    headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    if let cors {
      headers[.accessControlAllowOrigin] = cors
      headers[.vary] = "Origin"
    }
    return headers
  }

  static func apiResponse(_ answer: APIAnswer, cors: String?) -> Response {
    switch answer {
    case .json(let data, let status):
      return Response(
        status: status, headers: apiHeaders(type: "application/json", cors: cors),
        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    case .noContent:
      var headers = apiHeaders(type: "application/json", cors: cors)
      headers[.contentType] = nil
      return Response(status: .noContent, headers: headers)
    case .text(let text, let type):
      return Response(
        status: .ok, headers: apiHeaders(type: type, cors: cors), body: .init(byteBuffer: ByteBuffer(string: text)))
    }
  }

  static func problemResponse(_ problem: Wire.Problem, cors: String?) -> Response {
    var headers = apiHeaders(type: Wire.Problem.mediaType, cors: cors)
    if problem.status == 401 { headers[.wwwAuthenticate] = "Bearer realm=\"tribeboard\"" }
    return Response(
      status: HTTPResponse.Status(code: problem.status), headers: headers,
      body: .init(byteBuffer: ByteBuffer(bytes: Wire.encode(problem))))
  }

  /// The problem for a request refused before any service ran.
  static func problem(for status: HTTPResponse.Status, message: String?) -> Wire.Problem {
    switch status {
    case .contentTooLarge:
      Wire.Problem(
        status: 413, title: "Content too large", detail: "A request may carry at most \(bodyLimit / 1024) KiB.")
    case .notFound:
      Wire.Problem(status: 404, title: "Not found", detail: message ?? "There is no such route or simulation here.")
    default:
      Wire.Problem(status: Int(status.code), title: status.reasonPhrase, detail: message ?? status.reasonPhrase)
    }
  }
}

// MARK: The services

extension BrowserServer {
  /// Every route of the services under `p`, given to `api`.
  static func addServices(prefix p: String, _ api: Register) {
    addAuth(prefix: p, api)
    addFamilies(prefix: p, api)
    addContent(prefix: p, api)
  }

  private static func addAuth(prefix p: String, _ api: Register) {
    api(.post, p + "/auth/sign-in") { call in
      let body = try call.decode(Wire.SignInRequest.self)
      var identities: ProviderIdentities = [:]
      if let identity = body.identity { identities[identity.provider] = identity.model }
      let device = call.phone ?? MockDevice(user: body.user, onboardingCompleted: true, identities: identities)
      let auth = MockAuthService(backend: call.backend, device: device)
      return .body(Wire.SignInResult(try await auth.signIn(with: body.provider)))
    }
    api(.post, p + "/auth/sign-up") { call in
      let body = try call.decode(Wire.SignUpRequest.self)
      var identities: ProviderIdentities = [:]
      identities[body.identity.provider] = body.identity.model
      let device = call.phone ?? MockDevice(user: body.user, onboardingCompleted: true, identities: identities)
      let auth = MockAuthService(backend: call.backend, device: device)
      return .body(Wire.Session(try await auth.signUp(body.identity.model)), status: .created)
    }
    api(.post, p + "/auth/verify") { call in
      let body = try call.decode(Wire.VerifyRequest.self)
      let device = call.phone ?? MockDevice(user: body.challenge.user.id, onboardingCompleted: true)
      let auth = MockAuthService(backend: call.backend, device: device)
      return .body(Wire.Session(try await auth.verify(body.challenge.model, code: body.code)))
    }
    api(.post, p + "/auth/resend-code") { call in
      let body = try call.decode(Wire.ResendRequest.self)
      let device = call.phone ?? MockDevice(user: body.challenge.user.id, onboardingCompleted: true)
      let auth = MockAuthService(backend: call.backend, device: device)
      return .body(Wire.Challenge(try await auth.resendCode(for: body.challenge.model)))
    }
    api(.post, p + "/auth/refresh") { call in
      let body = try call.decode(Wire.RefreshRequest.self)
      guard let refresh = body.refreshToken else {
        throw Wire.Invalid(reason: "the body has no “refreshToken” field")
      }
      let (device, session) = Self.phone(of: call, refresh: refresh)
      let auth = MockAuthService(backend: call.backend, device: device)
      return .body(Wire.Session(try await auth.refresh(session)))
    }
    api(.post, p + "/auth/session") { call in
      let body = call.body.isEmpty ? Wire.RefreshRequest(refreshToken: nil) : try call.decode(Wire.RefreshRequest.self)
      guard let refresh = body.refreshToken else { return .noContent }
      // The session is told by both its tokens: the bearer (live or run out) must be the refresh token's partner,
      // so the answer is never another account's, and never a session without an access token.
      if call.phone == nil, call.bearer.flatMap(call.backend.account(holdingAccessToken:)) == nil {
        throw AppError(
          .sessionExpired, "This call needs the session's access token as its bearer token, even one that ran out.",
          recovery: [.signIn])
      }
      let (device, _) = Self.phone(of: call, refresh: refresh)
      let auth = MockAuthService(backend: call.backend, device: device)
      guard let session = try await auth.currentSession() else { return .noContent }
      return .body(Wire.Session(session))
    }
    api(.post, p + "/auth/sign-out") { call in
      let body = call.body.isEmpty ? Wire.RefreshRequest(refreshToken: nil) : try call.decode(Wire.RefreshRequest.self)
      // Every token of the bearer's session ends (run out or not), whatever the body names; without a bearer the
      // backend knows, the session of the refresh token the body holds. Never another session.
      let bearer = call.bearer.flatMap { call.backend.account(holdingAccessToken: $0) == nil ? nil : $0 }
      let refresh = bearer == nil ? body.refreshToken : nil
      guard bearer != nil || refresh != nil || call.phone != nil else { return .noContent }
      let user =
        call.phone?.user ?? bearer.flatMap(call.backend.account(holdingAccessToken:))
        ?? refresh.flatMap(call.backend.account(holdingRefreshToken:)) ?? ""
      // The phone signing out holds the tokens the call names (a client forgets its own before it calls).
      let device = call.phone ?? MockDevice(user: user, onboardingCompleted: true)
      device.store(
        AuthSession(
          user: UserProfile(id: user, name: user, email: ""), token: bearer ?? "", refreshToken: refresh ?? ""))
      try await MockAuthService(backend: call.backend, device: device).signOut()
      return .noContent
    }
  }

  /// A phone holding the session the call's bearer token and `refresh` belong to (the account the refresh token
  /// was issued to, so faults `on ACCOUNT` find it).
  private static func phone(of call: APIRequest, refresh: String) -> (MockDevice, AuthSession) {
    if let phone = call.phone {
      let session = AuthSession(
        user: UserProfile(id: phone.user, name: phone.user, email: ""), token: call.bearer ?? "", refreshToken: refresh)
      return (phone, session)
    }
    let user = call.backend.account(holdingRefreshToken: refresh) ?? ""
    let session = AuthSession(
      user: UserProfile(id: user, name: user, email: ""), token: call.bearer ?? "", refreshToken: refresh)
    return (MockDevice(user: user, onboardingCompleted: true, session: session), session)
  }

  private static func addFamilies(prefix p: String, _ api: Register) {
    api(.post, p + "/families") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.NewFamily.self)
      return .body(
        Wire.FamilyBody(try await caller.families.createFamily(named: body.name, creator: caller.user)),
        status: .created)
    }
    api(.get, p + "/families") { call in
      let caller = try call.caller()
      return .body(try await caller.families.families(for: caller.user).map(Wire.FamilyBody.init))
    }
    api(.get, p + "/family-codes/:code") { call in
      let caller = try call.caller()
      return .body(Wire.Preview(try await caller.families.findFamily(code: call.parameter("code"))))
    }
    api(.post, p + "/family-codes/:code/members") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.RoleBody.self)
      let membership = try await caller.families.joinFamily(
        code: call.parameter("code"), user: caller.user, role: body.role)
      return .body(Wire.MembershipBody(membership), status: .created)
    }
    api(.get, p + "/families/:family/members") { call in
      let caller = try call.caller()
      return .body(try await caller.families.members(of: call.parameter("family")).map(Wire.MemberBody.init))
    }
    api(.put, p + "/families/:family/members/:user/role") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.RoleBody.self)
      try await caller.families.changeRole(
        of: call.parameter("user"), in: call.parameter("family"), to: body.role, by: caller.user)
      return .noContent
    }
    api(.delete, p + "/families/:family/members/:user") { call in
      let caller = try call.caller()
      try await caller.families.removeMember(call.parameter("user"), from: call.parameter("family"), by: caller.user)
      return .noContent
    }
    api(.post, p + "/families/:family/code") { call in
      let caller = try call.caller()
      return .body(
        Wire.FamilyBody(try await caller.families.regenerateCode(for: call.parameter("family"), by: caller.user)))
    }
    api(.get, p + "/users/:user/profile") { call in
      let caller = try call.caller()
      return .body(Wire.User(try await caller.profile.profile(of: call.parameter("user"))))
    }
    api(.get, p + "/users/:user/notification-preferences") { call in
      let caller = try call.caller()
      return .body(Wire.Preferences(try await caller.profile.notificationPreferences(of: call.parameter("user"))))
    }
    api(.put, p + "/users/:user/notification-preferences") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.Preferences.self)
      try await caller.profile.setNotificationPreferences(body.model, for: call.parameter("user"))
      return .noContent
    }
    api(.post, p + "/sync/setup") { call in
      try await call.caller().sync.performInitialSetup()
      return .noContent
    }
    api(.post, p + "/families/:family/sync") { call in
      let caller = try call.caller()
      return .body(Wire.SyncStatusBody(try await caller.sync.sync(call.parameter("family"))))
    }
    api(.post, p + "/share-codes") { call in
      let caller = try call.caller()
      let family = try call.decode(Wire.FamilyBody.self)
      try caller.member(of: family.id)
      return .body(Wire.ShareCodeBody(await caller.sync.shareCode(for: family.model)))
    }
    api(.post, p + "/changes") { call in
      let caller = try call.caller()
      let change = try call.decode(Wire.PendingChangeBody.self).model()
      return .body(Wire.ChangeResultBody(try await caller.sync.apply(change)))
    }
  }

  private static func addContent(prefix p: String, _ api: Register) {
    api(.get, p + "/families/:family/events") { call in
      let (caller, family) = try Self.reader(call)
      return .body(try await caller.calendar.events(in: family).map(Wire.Event.init))
    }
    api(.post, p + "/families/:family/events") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.NewEventBody.self)
      let event = try await caller.calendar.addEvent(body.model, to: call.parameter("family"), by: caller.user)
      return .body(Wire.Event(event), status: .created)
    }
    api(.get, p + "/families/:family/tasks") { call in
      let (caller, family) = try Self.reader(call)
      return .body(try await caller.tasks.tasks(in: family).map(Wire.Task.init))
    }
    api(.post, p + "/families/:family/tasks") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.NewTaskBody.self)
      let task = try await caller.tasks.addTask(body.model, to: call.parameter("family"), by: caller.user)
      return .body(Wire.Task(task), status: .created)
    }
    api(.put, p + "/tasks/:task/status") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.StatusBody.self)
      try await caller.tasks.setStatus(body.status, ofTask: call.parameter("task"), by: caller.user)
      return .noContent
    }
    api(.put, p + "/tasks/:task/assignee") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.AssigneeBody.self)
      try await caller.tasks.assign(task: call.parameter("task"), to: body.assignee, by: caller.user)
      return .noContent
    }
    api(.get, p + "/families/:family/messages") { call in
      let (caller, family) = try Self.reader(call)
      return .body(try await caller.messaging.messages(in: family).map(Wire.Message.init))
    }
    api(.post, p + "/families/:family/messages") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.TextBody.self)
      let message = try await caller.messaging.sendMessage(body.text, to: call.parameter("family"), by: caller.user)
      return .body(Wire.Message(message), status: .created)
    }
    api(.get, p + "/families/:family/notices") { call in
      let (caller, family) = try Self.reader(call)
      return .body(try await caller.messaging.notices(in: family).map(Wire.NoticeBody.init))
    }
    api(.post, p + "/families/:family/notices") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.TextBody.self)
      let notice = try await caller.messaging.postNotice(body.text, to: call.parameter("family"), by: caller.user)
      return .body(Wire.NoticeBody(notice), status: .created)
    }
    api(.put, p + "/notices/:notice/pinned") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.PinnedBody.self)
      try await caller.messaging.setPinned(body.pinned, notice: call.parameter("notice"), by: caller.user)
      return .noContent
    }
    api(.get, p + "/families/:family/unread") { call in
      let (caller, family) = try Self.reader(call)
      return .body(try await caller.messaging.unreadMessages(in: family, for: caller.user))
    }
    api(.put, p + "/families/:family/read-marker") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.ReadMarkerBody.self)
      do {
        try await caller.messaging.markRead(in: call.parameter("family"), through: body.message, by: caller.user)
      } catch let error as AppError where error.code == .notFound {
        // The family is the address's and exists: a message of the body's that is not in it is input refused.
        var problem = Wire.Problem(error)
        problem.status = 422
        throw problem
      }
      return .noContent
    }
    api(.get, p + "/families/:family/routes") { call in
      let (caller, family) = try Self.reader(call)
      return .body(try await caller.schoolRun.routes(in: family).map(Wire.Route.init))
    }
    api(.get, p + "/families/:family/pickups") { call in
      let (caller, family) = try Self.reader(call)
      return .body(try await caller.schoolRun.pickups(in: family).map(Wire.PickupBody.init))
    }
    api(.put, p + "/pickups/:pickup/driver") { call in
      let caller = try call.caller()
      let body = try call.decode(Wire.DriverBody.self, nullable: ["driver"])
      try await caller.schoolRun.setDriver(body.driver, ofPickup: call.parameter("pickup"), by: caller.user)
      return .noContent
    }
  }

  /// The caller of a read of a family's content, and the family: the service decides what they may see of it.
  private static func reader(_ call: APIRequest) throws(AppError) -> (Caller, FamilyID) {
    (try call.caller(), call.parameter("family"))
  }
}

// MARK: The control API

extension BrowserServer {
  /// What the control API answers: the simulator's messages, and the simulation's version after it.
  struct ControlAnswer: Codable, Sendable {
    struct Message: Codable, Sendable {
      var kind: String
      var text: String
    }
    var messages: [Message]
    var version: Int
  }

  /// The simulation as the control API reports it.
  struct ControlState: Codable, Sendable {
    struct Fault: Codable, Sendable {
      var id: String
      var summary: String
    }
    var scenario: String
    var now: Date
    var acting: String
    var people: [String]
    var openPhones: [String]
    var faults: [Fault]
    var version: Int
  }

  private struct Argument: Codable, Sendable {
    var argument: String?
  }

  private struct Network: Codable, Sendable {
    var online: Bool
  }

  private func addControl(to router: Router<Context>, prefix p: String) {
    control(router, .get, p + "/control") { simulation, _ in
      let facts = await simulation.facts()
      let state = ControlState(
        scenario: facts.scenario.name, now: facts.now, acting: facts.acting, people: facts.people.map(\.id),
        openPhones: facts.open, faults: facts.faults.map { .init(id: $0.id, summary: $0.summary) },
        version: await simulation.version)
      return .body(state)
    }
    control(router, .get, p + "/control/save") { simulation, request in
      .text(await simulation.savedScenario(), type: Self.yamlType(accepting: request.accept))
    }
    control(router, .post, p + "/control/reset") { simulation, _ in
      try await Self.run(simulation, .command(.reset))
    }
    for (name, needsArgument) in [("scenario", true), ("clock", true), ("faults", false), ("latency", false)] {
      control(router, .post, p + "/control/\(name)") { simulation, request in
        let argument = try Self.argument(request, required: needsArgument)
        let command = name == "faults" ? "fault" : name
        // The argument is the words a client wrote after the command's name, read as the REPL reads them.
        return try await Self.run(simulation, .line(":\(command)" + (argument.isEmpty ? "" : " \(argument)")))
      }
    }
    control(router, .delete, p + "/control/faults/:fault") { simulation, request in
      let fault = try Self.word(request.parameters["fault"] ?? "")
      return try await Self.run(simulation, .command(.disarm(fault)))
    }
    control(router, .delete, p + "/control/faults") { simulation, _ in
      try await Self.run(simulation, .command(.disarm(nil)))
    }
    control(router, .delete, p + "/control/latency") { simulation, _ in
      try await Self.run(simulation, .command(.clearLatency))
    }
    control(router, .put, p + "/control/phones/:user/network") { simulation, request in
      let user = try Self.word(request.parameters["user"] ?? "")
      let body = try request.decode(Network.self)
      return try await Self.run(simulation, .command(.network(online: body.online, of: user)))
    }
  }

  /// `POST /test-sessions`, served only with `serve --test-sessions` (``Options/testSessions``): a session of a new
  /// test account of a given role in one of two test families (``MockBackend/testSession(in:role:expired:)``), so a
  /// contract suite needs only the server's address. Without the option the path does not exist (404), and no other
  /// route changes either way.
  private func addTestSessions(to router: Router<Context>, prefix p: String) {
    control(router, .post, p + "/test-sessions") { _, request in
      let body = try request.decode(Wire.TestSessionRequest.self)
      guard let family = MockBackend.TestFamily(rawValue: body.family) else {
        throw AppError(
          .validationFailed, "A test family is “one” or “two”, not “\(body.family.prefix(40))”.", recovery: [.edit])
      }
      let made = request.backend.testSession(
        in: family, role: body.role, expired: body.expired ?? false, secondFactor: body.mfa ?? false)
      return .body(
        Wire.TestSessionBody(family: made.family, session: made.session, mfaCode: made.mfaCode), status: .created)
    }
  }

  typealias ControlRoute = @Sendable (LiveSimulation, APIRequest) async throws -> APIAnswer

  /// Registers a route of the control API: as ``api(_:_:_:_:)``, with the simulation itself to drive.
  private func control(
    _ router: Router<Context>, _ method: HTTPRequest.Method, _ path: String, _ route: @escaping ControlRoute
  ) {
    let cors = options.cors
    router.on(RouterPath(path), method: method) { request, context in
      let origin = request.headers[.origin]
      let allowed = cors != nil && origin == cors ? cors : nil
      do {
        let simulation = try await apiSimulation(context)
        let buffer = try await request.body.collect(upTo: Self.bodyLimit)
        var parameters: [String: String] = [:]
        for (key, value) in context.parameters { parameters[String(key)] = String(value) }
        let call = APIRequest(
          environment: await simulation.environment, parameters: parameters, body: Data(buffer.readableBytesView),
          bearer: nil, accept: request.headers[.accept])
        return Self.apiResponse(try await route(simulation, call), cors: allowed)
      } catch let error as AppError {
        return Self.problemResponse(Wire.Problem(error), cors: allowed)
      } catch let invalid as Wire.Invalid {
        return Self.problemResponse(
          Wire.Problem(status: 400, title: "Bad request", detail: "The request was not understood: \(invalid.reason)."),
          cors: allowed)
      } catch let error as HTTPError {
        return Self.problemResponse(Self.problem(for: error.status, message: error.body), cors: allowed)
      } catch let error as any HTTPResponseError {
        return Self.problemResponse(Self.problem(for: error.status, message: nil), cors: allowed)
      } catch {
        return Self.problemResponse(
          Wire.Problem(status: 500, title: "Internal server error", detail: "\(type(of: error))"), cors: allowed)
      }
    }
  }

  /// Runs a simulator command, as the page's controls do; one refused answers 422 with the simulator's words.
  private static func run(_ simulation: LiveSimulation, _ choice: BrowserInput.Choice) async throws -> APIAnswer {
    let said = await simulation.handle(choice).steps.flatMap(\.messages)
    if let problem = said.first(where: { $0.kind == .problem }) {
      throw AppError(.validationFailed, problem.text, recovery: [.edit, .back])
    }
    return .body(
      ControlAnswer(
        messages: said.map { .init(kind: "\($0.kind)", text: $0.text) }, version: await simulation.version))
  }

  /// The body's `argument`: one line of words, as the REPL takes after the command's name.
  private static func argument(_ request: APIRequest, required: Bool) throws(Wire.Invalid) -> String {
    var argument = ""
    if !request.body.isEmpty || required { argument = try request.decode(Argument.self).argument ?? "" }
    if required, argument.trimmingCharacters(in: .whitespaces).isEmpty {
      throw Wire.Invalid(reason: "the body's “argument” is empty")
    }
    guard argument.count <= 200, argument.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control })
    else { throw Wire.Invalid(reason: "“argument” is one line of at most 200 characters") }
    return argument
  }

  /// A path parameter that names one thing: no spaces or control characters.
  private static func word(_ text: String) throws(Wire.Invalid) -> String {
    guard !text.isEmpty, text.count <= 100,
      text.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0.properties.generalCategory != .control })
    else { throw Wire.Invalid(reason: "“\(text.prefix(40))” is not a name") }
    return text
  }
}
