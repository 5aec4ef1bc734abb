import Foundation
import Testing
import TribeBoardBrowser
import TribeBoardCore
import TribeBoardMocks
import TribeBoardRemote
import TribeBoardScenarios

/// The Remote services against `tribeboard serve` over `https://`, with a throwaway certificate made for the test
/// (`openssl req -x509`): a journey goes through when the client trusts the certificate, and is refused, saying what
/// to do, when it does not.
@Suite(.serialized) struct RemoteTLSTests {
  /// A self-signed certificate for 127.0.0.1 and localhost, and its key, in a fresh folder.
  struct Certificate {
    let folder: URL
    var certificate: String { folder.appendingPathComponent("cert.pem").path }
    var key: String { folder.appendingPathComponent("key.pem").path }

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-tls-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let made = try ChildProcess.run(
        "/usr/bin/openssl",
        [
          "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
          "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout",
          folder.appendingPathComponent("key.pem").path, "-out", folder.appendingPathComponent("cert.pem").path,
        ], timeout: 30)
      guard made.status == 0 else { throw ChildProcess.Failure(description: "openssl: \(made.stderr)") }
    }
  }

  /// Serves family-admin over TLS on a free loopback port while `body` runs with the API's address.
  static func serving(_ certificate: Certificate, _ body: (String) async throws -> Void) async throws {
    let tls = try TLSIdentity(certificateFile: certificate.certificate, keyFile: certificate.key)
    let server = await BrowserServer(
      scenario: try BundledScenarios.scenario(named: "family-admin"), reference: "family-admin",
      options: .init(port: 0, tls: tls))
    let (addresses, given) = AsyncStream.makeStream(of: String.self)
    let running = Task { try await server.run { given.yield($0) } }
    defer { running.cancel() }
    var address: String?
    for await first in addresses {
      address = first
      break
    }
    let base = try #require(address)
    #expect(base.hasPrefix("https://127.0.0.1:"))
    try await body(base + "api")
  }

  @Test(.timeLimit(.minutes(1))) func theRemoteServicesWorkOverHTTPSWithTheCertificateTrusted() async throws {
    let certificate = try Certificate()
    defer { try? FileManager.default.removeItem(at: certificate.folder) }
    let client = try RemoteHTTPClient(trusting: [certificate.certificate])
    try await Self.serving(certificate) { base in
      let device = MockDevice(user: "mark", onboardingCompleted: true)
      let connection = RemoteConnection(base: base, tokens: device, client: client)
      guard case .signedIn(let session) = try await RemoteAuthService(connection, user: "mark").signIn(with: .google)
      else {
        Issue.record("Mark did not sign in")
        return
      }
      let tasks = RemoteTaskService(connection)
      let added = try await tasks.addTask(NewTask(title: "Buy milk"), to: "johnsons", by: session.user.id)
      #expect(added.title == "Buy milk")
      #expect(try await tasks.tasks(in: "johnsons").contains { $0.id == added.id })
    }
  }

  /// Without the certificate trusted, the call is refused at once with what to do; a plain `http://` call to the
  /// TLS server gets no answer it can read, and says so rather than hanging.
  @Test(.timeLimit(.minutes(1))) func anUntrustedCertificateOrTheWrongSchemeIsSaidNotHung() async throws {
    let certificate = try Certificate()
    defer { try? FileManager.default.removeItem(at: certificate.folder) }
    try await Self.serving(certificate) { base in
      for (address, says) in [
        (base, "certificate is not trusted"),
        (base.replacingOccurrences(of: "https://", with: "http://"), "call it at an https:// address"),
      ] {
        let connection = RemoteConnection(base: address, tokens: MockDevice(user: "mark", onboardingCompleted: true))
        do throws(AppError) {
          _ = try await RemoteAuthService(connection, user: "mark").signIn(with: .google)
          Issue.record("signed in at \(address)")
        } catch {
          #expect(error.code == .serviceUnavailable, "\(error.message)")
          #expect(error.message.contains(says), "\(error.message)")
        }
      }
    }
  }
}
