import Foundation
import NIOCore
import NIOHTTP1
import Testing
import TribeBoardCore
import TribeBoardMocks
import TribeBoardRemote

/// What the Remote services make of a service they can't call: `serviceUnavailable`, as of any other outage, with a
/// message that says why and what to do.
@Suite struct RemoteConnectionTests {
  /// Nothing listening on the port, nothing listening for TLS, and an address of another scheme.
  @Test(arguments: [
    ("http://127.0.0.1:1/api", "the connection was refused"), ("https://127.0.0.1:1/api", "the connection was refused"),
    ("ftp://127.0.0.1/api", "is not an address to call"),
  ])
  func aServiceThatCantBeCalledIsUnavailable(_ base: String, _ says: String) async {
    let connection = RemoteConnection(base: base, tokens: MockDevice(user: "sarah", onboardingCompleted: true))
    do {
      _ = try await RemoteAuthService(connection, user: "sarah").signIn(with: .apple)
      Issue.record("signed in at \(base)")
    } catch {
      #expect(error.code == .serviceUnavailable)
      #expect(error.message.hasPrefix("The service can't be reached: "), "\(error.message)")
      #expect(error.message.contains(says), "\(error.message)")
    }
  }
}

/// `RemoteHTTPClient` against a server that takes the connection and never answers.
@Suite struct RemoteHTTPClientTests {
  /// The call throws `timedOut` after its timeout (the time limit catches a call that would wait for ever), plain
  /// or over TLS (the handshake never answered).
  @Test(.timeLimit(.minutes(1)), arguments: ["http", "https"])
  func aServerThatNeverAnswersTimesOut(_ scheme: String) async throws {
    let listener = try SilentListener()
    defer { close(listener.descriptor) }
    do {
      _ = try await RemoteHTTPClient.shared.call(
        .GET, "\(scheme)://127.0.0.1:\(listener.port)/api/families", timeout: .milliseconds(300), limit: 1 << 10)
      Issue.record("answered")
    } catch {
      #expect(error.kind == .timedOut, "\(error)")
      #expect(error.description.contains("did not answer within 0.3 s"), "\(error)")
    }
  }

  /// A trusted-certificate file that is not there, or not a certificate, is refused when the client is made.
  @Test func aCertificateFileThatCantBeReadIsSaid() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-ca-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let junk = folder.appendingPathComponent("junk.pem").path
    try "not a certificate\n".write(toFile: junk, atomically: true, encoding: .utf8)
    for file in [folder.appendingPathComponent("missing.pem").path, junk] {
      #expect {
        _ = try RemoteHTTPClient(trusting: [file])
      } throws: { error in
        "\(error)".contains(file) && "\(error)".contains("PEM")
      }
    }
  }

  /// A socket listening on a free loopback port: the kernel completes connections, nothing reads or answers them.
  struct SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
      #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let descriptor = descriptor
      let listening = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
          bind(descriptor, address, length) == 0 && listen(descriptor, 8) == 0
            && getsockname(descriptor, address, &length) == 0
        }
      }
      guard descriptor >= 0, listening else { throw POSIXError(.EADDRNOTAVAIL) }
      port = Int(UInt16(bigEndian: address.sin_port))
    }
  }
}
