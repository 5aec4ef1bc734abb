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
    guard let authority = request.head.authority, allows(host: Self.hostname(authority)) else {
      return BrowserServer.page(
        .misdirectedRequest, title: "Wrong address", "This server answers to its own address only.")
    }
    if request.method == .post || request.headers[.upgrade] != nil, let origin = request.headers[.origin] {
      guard let url = URL(string: origin), let host = url.host, allows(host: host) else {
        return BrowserServer.page(.forbidden, title: "Refused", "Changes are taken from this server's own pages only.")
      }
    }
    var setCookie: String?
    if let token = options.token {
      let cookie = request.headers[.cookie].flatMap { Self.cookie(Self.tokenCookie, in: $0) }
      let given = request.uri.queryParameters.get("token")
      guard cookie == token || given == token else {
        return BrowserServer.page(
          .unauthorized, title: "Token needed",
          "This server listens beyond this computer: open the address it printed, with its token.")
      }
      if cookie != token { setCookie = "\(Self.tokenCookie)=\(token); Path=/; HttpOnly; SameSite=Strict" }
    }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as HTTPError {
      response = Self.page(for: error.status, message: error.body)
    } catch let error as any HTTPResponseError {
      response = Self.page(for: error.status, message: nil)
    } catch {
      response = BrowserServer.page(.internalServerError, title: "Something went wrong", "\(error)")
    }
    if let setCookie { response.headers[.setCookie] = setCookie }
    return response
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
