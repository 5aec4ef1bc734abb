import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOPosix
import NIOSSL
import ServiceLifecycle
import TribeBoardEngine
import TribeBoardScenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tribeboard serve`: the simulation in the browser. A value: its routes are built in one function
/// (``router()``), so tests drive them without a socket.
public struct BrowserServer: Sendable {
  public enum Pace: String, Sendable, CaseIterable {
    /// Every step shows at once.
    case instant
    /// A step whose calls took simulated time shows its loading state for that time.
    case real
  }

  public struct Options: Sendable {
    public var host: String
    public var port: Int
    /// What a page must present (in the address, then as a cookie) when the server listens beyond loopback;
    /// `nil` on loopback.
    public var token: String?
    public var pace: Pace
    /// Whether to print a line per request.
    public var verbose: Bool
    /// The folder whose scenario files the page may open; `nil` for built-in scenarios only.
    public var folder: URL?
    /// The most simulations made with "New simulation" at once, and how long one unused and unwatched is kept.
    public var limit: Int
    public var idleLimit: Duration
    /// The one origin whose pages may call the API from a browser (CORS); `nil`: none but this server's own.
    public var cors: String?
    /// Whether the API serves `POST /test-sessions`, which hands out sessions of test accounts of given roles to a
    /// contract suite (`tribeboard serve --test-sessions`); never by default.
    public var testSessions: Bool
    /// The certificate and key to serve `https://` with; `nil`: plain `http://`.
    public var tls: TLSIdentity?

    public init(
      host: String = "127.0.0.1", port: Int = 8080, token: String? = nil, pace: Pace = .instant,
      verbose: Bool = false, folder: URL? = nil, limit: Int = 64, idleLimit: Duration = .seconds(1800),
      cors: String? = nil, testSessions: Bool = false, tls: TLSIdentity? = nil
    ) {
      self.tls = tls
      self.cors = cors
      self.testSessions = testSessions
      self.host = host
      self.port = port
      self.token = token
      self.pace = pace
      self.verbose = verbose
      self.folder = folder
      self.limit = limit
      self.idleLimit = idleLimit
    }
  }

  public static let bodyLimit = 64 * 1024

  let options: Options
  let store: SimulationStore

  /// A server whose default simulation (the one `/` opens) runs `scenario`; `reference` names it in recordings.
  public init(scenario: Scenario, reference: String, options: Options) async {
    self.options = options
    let simulation = await LiveSimulation(
      id: "default", scenario: scenario, reference: reference, folder: options.folder)
    store = SimulationStore(
      default: simulation, folder: options.folder, limit: options.limit, idleLimit: options.idleLimit)
  }

  /// Prints `line` on standard output at once (the address line is read by scripts; request lines follow it in
  /// order). A closed output is ignored: the server goes on serving.
  public static func say(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Whether `host` is a loopback address, where no token is needed.
  public static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// A fresh token for a server listening beyond loopback.
  public static func newToken() -> String { SimulationStore.newID() }

  /// The server's one event loop: every socket is read and written on its thread, and every simulation's steps run
  /// there too (``loopSerial``, the simulations' executor; ``loopTasks``, the one a socket's task prefers).
  static let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

  /// Serves until SIGINT or SIGTERM; `ready` is given the address once the socket listens.
  public func run(ready: @escaping @Sendable (String) -> Void) async throws {
    var logger = Logger(label: "tribeboard.serve") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .critical
    let host = options.host
    let token = options.token
    let http = HTTPServerBuilder.http1WebSocketUpgrade(
      webSocketRouter: socketRouter(), configuration: .init(ws: .init(maxFrameSize: Self.bodyLimit)))
    let scheme = options.tls == nil ? "http" : "https"
    let app = Application(
      router: router(),
      server: try options.tls.map { try .tls(http, tlsConfiguration: $0.configuration) } ?? http,
      configuration: .init(address: .hostname(host, port: options.port), serverName: nil),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        let shown = host.contains(":") ? "[\(host)]" : host
        ready("\(scheme)://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? ""))
      },
      eventLoopGroupProvider: .shared(Self.loops),
      logger: logger)
    var configuration = ServiceGroupConfiguration(
      services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    // Requests end at a stop, and windows' event streams with them; one that comes back while the server stops (a
    // browser reconnects by itself) must not keep it from stopping: after this, what is left is cancelled.
    configuration.maximumGracefulShutdownDuration = .seconds(2)
    try await ServiceGroup(configuration: configuration).run()
    await store.closeAll()
  }
}

/// A server's certificate chain and private key, read from PEM files, to serve `https://` with
/// (`tribeboard serve --tls-certificate FILE --tls-key FILE`).
public struct TLSIdentity: Sendable {
  /// Why the files can't be served with, naming the file and what it must hold.
  public struct Unreadable: Error, CustomStringConvertible {
    public let description: String
  }

  let configuration: TLSConfiguration

  /// Reads the chain (the server's certificate first) from `certificateFile` and its key from `keyFile`.
  public init(certificateFile: String, keyFile: String) throws(Unreadable) {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
    } catch {
      throw Unreadable(
        description: "can't read the certificate \(certificateFile): it must be a readable PEM file "
          + "(-----BEGIN CERTIFICATE-----).")
    }
    guard !chain.isEmpty else {
      throw Unreadable(description: "\(certificateFile) holds no certificate (-----BEGIN CERTIFICATE-----).")
    }
    let key: NIOSSLPrivateKey
    do {
      key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
    } catch {
      throw Unreadable(
        description: "can't read the private key \(keyFile): it must be a readable, unencrypted PEM file "
          + "(-----BEGIN PRIVATE KEY-----).")
    }
    configuration = .makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
  }
}
