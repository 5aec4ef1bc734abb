import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// What the Remote services need of an HTTP client, on AsyncHTTPClient: `http://` and `https://` addresses, each
/// server's connections kept open and used again, and a failure that says what went wrong and what to do about it.
public final class RemoteHTTPClient: Sendable {
  /// Why a call got no answer, in words a person can act on (``description``).
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
      /// Not an `http://` or `https://` address with a host.
      case badAddress
      /// Nothing listens at the address.
      case refused
      /// The server's certificate is not signed by an authority this client trusts, or names another host.
      case untrustedCertificate
      /// The TLS connection could not be made for another reason (such as an `https://` address of a plain server).
      case tlsFailed
      /// No whole answer within the time allowed.
      case timedOut
      /// An answer longer than the limit.
      case answerTooLarge
      /// Anything else: the connection closed early, the host is unknown…
      case unreachable
    }

    public let kind: Kind
    public let description: String

    public init(_ kind: Kind, _ description: String) {
      self.kind = kind
      self.description = description
    }
  }

  /// A client trusting the system's certificate authorities only.
  public static let shared = RemoteHTTPClient(configuration: configuration(trustRoots: []))

  private let client: HTTPClient

  private init(configuration: HTTPClient.Configuration) {
    client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
  }

  /// A client that also trusts the certificate authorities (or self-signed certificates) in the PEM files
  /// `certificateFiles`, as a test server's or a company's own authority needs.
  public convenience init(trusting certificateFiles: [String]) throws(Failure) {
    var roots: [NIOSSLCertificate] = []
    for file in certificateFiles {
      do {
        roots += try NIOSSLCertificate.fromPEMFile(file)
      } catch {
        throw Failure(
          .badAddress,
          "can't read the certificate \(file): it must be a readable PEM file (-----BEGIN CERTIFICATE-----).")
      }
      if roots.isEmpty {
        throw Failure(.badAddress, "\(file) holds no certificate: it must be a PEM file (-----BEGIN CERTIFICATE-----).")
      }
    }
    self.init(configuration: Self.configuration(trustRoots: roots))
  }

  deinit {
    client.shutdown { _ in }
  }

  private static func configuration(trustRoots: [NIOSSLCertificate]) -> HTTPClient.Configuration {
    var tls = TLSConfiguration.makeClientConfiguration()
    if !trustRoots.isEmpty { tls.additionalTrustRoots = [.certificates(trustRoots)] }
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10)))
    // A connection that can't be made fails its call at once, with its reason, instead of being tried again until
    // the call's deadline.
    configuration.connectionPool.retryConnectionEstablishment = false
    return configuration
  }

  /// Sends `method` to `url` with `headers` and `body`, and answers with the status and body, or throws a
  /// ``Failure`` when no whole answer of at most `limit` bytes came within `timeout` (connecting included).
  public func call(
    _ method: HTTPMethod, _ url: String, headers: [(name: String, value: String)] = [], body: Data? = nil,
    timeout: TimeAmount, limit: Int
  ) async throws(Failure) -> (status: Int, body: Data) {
    guard let address = URLComponents(string: url), let scheme = address.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = address.host, !host.isEmpty
    else {
      throw Failure(.badAddress, "\(url) is not an address to call: give one such as https://api.example.com/api.")
    }
    var request = HTTPClientRequest(url: url)
    request.method = method
    for header in headers { request.headers.add(name: header.name, value: header.value) }
    if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
    let deadline = NIODeadline.now() + timeout
    do {
      let response = try await client.execute(request, deadline: deadline)
      let answer = try await response.body.collect(upTo: limit)
      return (Int(response.status.code), Data(answer.readableBytesView))
    } catch {
      throw Self.failure(error, url: url, scheme: scheme, timeout: timeout)
    }
  }

  /// The ``Failure`` that `error`, thrown while calling `url`, is.
  static func failure(_ error: any Error, url: String, scheme: String, timeout: TimeAmount) -> Failure {
    let text = String(reflecting: error)
    let seconds = Double(timeout.nanoseconds) / 1e9
    if let error = error as? HTTPClientError {
      if [.invalidURL, .emptyHost, .emptyScheme].contains(error) || text.contains("unsupportedScheme") {
        return Failure(.badAddress, "\(url) is not an address to call: give one such as https://api.example.com/api.")
      }
      if [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout].contains(error) {
        return Failure(
          .timedOut,
          "\(url) did not answer within \(seconds.formatted()) s: check that the server is running and not stuck.")
      }
    }
    if error is NIOTooManyBytesError {
      return Failure(.answerTooLarge, "\(url) answered more than the client reads.")
    }
    if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed")
      || text.contains("leafCertificateHostnameMismatch") || text.contains("unableToValidateCertificate")
    {
      return Failure(
        .untrustedCertificate,
        "\(url)'s certificate is not trusted (not signed by an authority this computer trusts, or made for another "
          + "host): give the certificate of the authority that signed it (or the server's own, if self-signed) as a "
          + "trusted certificate.")
    }
    if text.contains("ECONNREFUSED") || text.contains("Connection refused") || text.contains("connectionRefused") {
      return Failure(
        .refused, "nothing answers at \(url) (the connection was refused): check the address and that the server runs.")
    }
    if scheme == "http"
      && (text.contains("Connection reset") || text.contains("ECONNRESET")
        || (error as? HTTPClientError) == .remoteConnectionClosed)
    {
      return Failure(
        .unreachable,
        "\(url) closed the connection without an answer: if the server serves https, call it at an https:// address.")
    }
    if scheme == "https" && (text.contains("NIOSSL") || text.contains("BoringSSL") || text.contains("SSL")) {
      return Failure(
        .tlsFailed,
        "no TLS connection could be made to \(url) (is the server serving https?): \(text.prefix(200))")
    }
    return Failure(.unreachable, "\(url) can't be reached: \(text.prefix(200))")
  }
}
