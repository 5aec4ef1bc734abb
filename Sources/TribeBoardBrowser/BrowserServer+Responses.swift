import Foundation
import HTTPTypes
import Hummingbird

/// The responses the server gives, each with the same protective headers.
extension BrowserServer {
  /// No script but the page's own file, no inline script or style, nothing from elsewhere, no framing.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

  static func headers(type: String) -> HTTPFields {
    var headers = HTTPFields()
    headers[.contentType] = type
    headers[.cacheControl] = "no-store"
    headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy
    headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
    headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    return headers
  }

  static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: headers(type: "text/html; charset=utf-8"),
      body: .init(byteBuffer: ByteBuffer(string: html)))
  }

  static func asset(_ text: String, type: String) -> Response {
    Response(status: .ok, headers: headers(type: type), body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  static func download(_ text: String, name: String, type: String) -> Response {
    var headers = headers(type: type)
    headers[.contentDisposition] = "attachment; filename=\"\(name)\""
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  static func page(_ status: HTTPResponse.Status, title: String, _ text: String) -> Response {
    html(BrowserPage.message(title: title, text), status: status)
  }

  static func badRequest(_ reason: String) -> Response {
    page(.badRequest, title: "Bad request", "The request was not understood: \(reason).")
  }

  static func redirect(to path: String) -> Response {
    var headers = headers(type: "text/plain; charset=utf-8")
    headers[.location] = path
    return Response(status: .seeOther, headers: headers)
  }

  /// Whether the page's script sent the request and takes an update (``UpdateFormat``) as the answer.
  static func wantsUpdate(_ request: Request) -> Bool {
    request.headers[.accept]?.contains(UpdateFormat.accept) == true
  }

  /// The posted form, at most ``bodyLimit`` bytes (413 beyond), URL-encoded (400 otherwise).
  static func form(_ request: Request) async throws -> FormBody {
    let type = request.headers[.contentType] ?? ""
    guard type.hasPrefix("application/x-www-form-urlencoded") else {
      throw HTTPError(.badRequest, message: "a form is posted as application/x-www-form-urlencoded")
    }
    let buffer = try await request.body.collect(upTo: bodyLimit)
    do {
      return try FormBody(String(buffer: buffer))
    } catch {
      throw HTTPError(.badRequest, message: error.reason)
    }
  }
}

/// The checks every request passes before its route: the Host is one this server answers to (no DNS rebinding), a
/// post or a socket comes from this server's own pages (no cross-site posts, no cross-site sockets), the token is
/// presented when the server listens beyond loopback; and errors become pages that say what happened.
struct Guard<Context: RequestContext>: RouterMiddleware {
  let options: BrowserServer.Options

  static var tokenCookie: String { "tribeboard_token" }

  func handle(
    _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
  ) async throws -> Response {
    let response = await checked(request, context: context, next: next)
    if options.verbose { BrowserServer.say("\(request.method) \(request.uri.path) \(response.status.code)") }
    return response
  }

  private func checked(
    _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
  ) async -> Response {
    let api = Self.isAPI(request.uri.path)
    let origin = request.headers[.origin]
    // The one other origin allowed to call the API from a browser (`--cors`), when it is the caller.
    let corsOrigin = api && options.cors != nil && origin == options.cors ? options.cors : nil
    func refuse(_ status: HTTPResponse.Status, _ title: String, _ text: String) -> Response {
      api
        ? BrowserServer.problemResponse(
          .init(status: Int(status.code), title: title, detail: text), cors: corsOrigin)
        : BrowserServer.page(status, title: title, text)
    }
    guard let authority = request.head.authority, allows(host: Self.hostname(authority)) else {
      return refuse(.misdirectedRequest, "Wrong address", "This server answers to its own address only.")
    }
    if let corsOrigin, request.method == .options {
      var headers = BrowserServer.apiHeaders(type: "text/plain", cors: corsOrigin)
      headers[.contentType] = nil
      headers[.accessControlAllowMethods] = "GET, POST, PUT, DELETE"
      headers[.accessControlAllowHeaders] = "Authorization, Content-Type, X-TribeBoard-Token"
      headers[.accessControlMaxAge] = "600"
      return Response(status: .noContent, headers: headers)
    }
    if request.method != .get || request.headers[.upgrade] != nil, let origin, corsOrigin == nil {
      guard let url = URL(string: origin), let host = url.host, allows(host: host) else {
        return refuse(.forbidden, "Refused", "Changes are taken from this server's own pages only.")
      }
    }
    var setCookie: String?
    if let token = options.token {
      let cookie = request.headers[.cookie].flatMap { Self.cookie(Self.tokenCookie, in: $0) }
      let given = request.uri.queryParameters.get("token") ?? request.headers[Self.tokenHeader]
      guard cookie == token || given == token else {
        return api
          ? refuse(
            .unauthorized, "Run token needed",
            "This server listens beyond this computer: send the token of the address it printed, as the "
              + "X-TribeBoard-Token header or ?token=.")
          : refuse(
            .unauthorized, "Token needed",
            "This server listens beyond this computer: open the address it printed, with its token.")
      }
      if cookie != token, !api { setCookie = "\(Self.tokenCookie)=\(token); Path=/; HttpOnly; SameSite=Strict" }
    }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as HTTPError {
      response =
        api
        ? BrowserServer.problemResponse(BrowserServer.problem(for: error.status, message: error.body), cors: corsOrigin)
        : Self.page(for: error.status, message: error.body)
    } catch let error as any HTTPResponseError {
      response =
        api
        ? BrowserServer.problemResponse(BrowserServer.problem(for: error.status, message: nil), cors: corsOrigin)
        : Self.page(for: error.status, message: nil)
    } catch {
      response = refuse(.internalServerError, "Something went wrong", "\(error)")
    }
    if let setCookie { response.headers[.setCookie] = setCookie }
    return response
  }

  /// The header an API client sends the per-run token in (the page sends it in the address, then a cookie).
  static var tokenHeader: HTTPField.Name { BrowserServer.tokenHeaderName }

  /// Whether `path` is the services' or the control API's (`/api/…`, `/s/ID/api/…`): answered with problem details.
  static func isAPI(_ path: String) -> Bool {
    if path == "/api" || path.hasPrefix("/api/") { return true }
    let parts = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
    return parts.count >= 4 && parts[1] == "s" && (parts[3] == "api" || parts[3].hasPrefix("api/"))
  }

  static func page(for status: HTTPResponse.Status, message: String?) -> Response {
    switch status {
    case .notFound:
      return BrowserServer.page(
        .notFound, title: "Not found", "There is no such page or simulation here; simulations left unused are dropped.")
    case .contentTooLarge:
      return BrowserServer.page(
        .contentTooLarge, title: "Too large", "A request may carry at most \(BrowserServer.bodyLimit / 1024) KiB.")
    case .badRequest:
      return BrowserServer.badRequest(message ?? "malformed request")
    default:
      return BrowserServer.page(status, title: status.reasonPhrase, message ?? "")
    }
  }

  private func allows(host: String) -> Bool {
    let host = host.lowercased()
    return host == "localhost" || host == "127.0.0.1" || host == "[::1]" || host == "::1"
      || host == options.host.lowercased() || host == "[\(options.host.lowercased())]"
  }

  /// The host part of a Host header: `127.0.0.1:8080` → `127.0.0.1`, `[::1]:8080` → `[::1]`.
  static func hostname(_ authority: String) -> String {
    if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
      return String(authority[...end])
    }
    return String(authority.prefix { $0 != ":" })
  }

  static func cookie(_ name: String, in header: String) -> String? {
    for part in header.split(separator: ";") {
      let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
      if pair.count == 2, pair[0] == name { return String(pair[1]) }
    }
    return nil
  }
}
