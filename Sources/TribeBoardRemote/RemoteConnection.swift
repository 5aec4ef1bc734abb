import Foundation
import NIOCore
import NIOHTTP1
import TribeBoardAPI
import TribeBoardCore

/// Where the services are and how a call reaches them: the API's address, the session's ``TokenStore`` (whose access
/// token every call carries as its bearer), headers every call carries, and the HTTP client (which keeps each
/// server's connections and knows which certificate authorities to trust).
public struct RemoteConnection: Sendable {
  /// The API's address, such as `https://api.example.com/api` or `http://127.0.0.1:8080/api`.
  public let base: String
  public let tokens: any TokenStore
  /// Headers every call carries: the server's run token when it listens beyond loopback (`X-TribeBoard-Token`).
  public let headers: [(name: String, value: String)]
  let client: RemoteHTTPClient

  /// `client`: ``RemoteHTTPClient/shared`` trusts the system's certificate authorities; give one made with
  /// ``RemoteHTTPClient/init(trusting:)`` to trust a test server's own certificate.
  public init(
    base: String, tokens: any TokenStore, headers: [(name: String, value: String)] = [],
    client: RemoteHTTPClient = .shared
  ) {
    self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
    self.tokens = tokens
    self.headers = headers
    self.client = client
  }

  /// A path part, percent-encoded: ids may hold anything.
  static func part(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  /// Sends a call and answers with the body, or throws the ``AppError`` the server's problem carries. A server that
  /// can't be reached, or answers what this client can't read, is `serviceUnavailable`, whose message says why
  /// (refused, certificate not trusted, timed out…) and what to do.
  func send(
    _ method: HTTPMethod, _ path: String, body: Data? = nil, authorized: Bool = true, bearer: String? = nil
  ) async throws(AppError) -> (status: Int, body: Data) {
    var headers = headers
    if let token = bearer ?? (authorized ? tokens.accessToken : nil) {
      headers.append((name: "Authorization", value: "Bearer \(token)"))
    }
    if body != nil { headers.append((name: "Content-Type", value: "application/json")) }
    let status: Int
    let data: Data
    do {
      (status, data) = try await client.call(
        method, base + path, headers: headers, body: body, timeout: .seconds(60), limit: 64 << 20)
    } catch {
      throw AppError(
        .serviceUnavailable, "The service can't be reached: \(error.description)", recovery: [.retry, .back])
    }
    guard status < 400 else {
      guard let problem = try? Wire.decode(Wire.Problem.self, from: data), let error = try? problem.model() else {
        throw AppError(
          .serviceUnavailable, "The service answered \(status) without a problem.", recovery: [.retry, .back])
      }
      throw error
    }
    return (status, data)
  }

  /// Sends a call and reads its answer as `T`.
  func call<T: Decodable>(
    _ method: HTTPMethod, _ path: String, body: (some Encodable)? = Optional<Wire.TextBody>.none,
    authorized: Bool = true, as type: T.Type
  ) async throws(AppError) -> T {
    let answer = try await send(method, path, body: body.map { Wire.encode($0) }, authorized: authorized)
    return try Self.read(type, answer.body)
  }

  /// Sends a call whose answer has no body.
  func perform(_ method: HTTPMethod, _ path: String, body: (some Encodable)? = Optional<Wire.TextBody>.none)
    async throws(AppError)
  {
    _ = try await send(method, path, body: body.map { Wire.encode($0) })
  }

  static func read<T: Decodable>(_ type: T.Type, _ data: Data) throws(AppError) -> T {
    do {
      return try Wire.decode(type, from: data)
    } catch {
      throw AppError(
        .serviceUnavailable, "The service answered something this app can't read: \(error.reason).",
        recovery: [.retry, .back])
    }
  }

  static func model<T>(_ make: () throws(Wire.Invalid) -> T) throws(AppError) -> T {
    do {
      return try make()
    } catch {
      throw AppError(
        .serviceUnavailable, "The service answered something this app can't read: \(error.reason).",
        recovery: [.retry, .back])
    }
  }
}
