import Foundation
import NIOCore
import NIOHTTP1
import Testing
import TribeBoardCore
import TribeBoardMocks
import TribeBoardRemote

/// What the Remote services make of a service they can't call: `serviceUnavailable`, as of any other outage.
@Suite struct RemoteConnectionTests {
  /// Nothing listening on the port, an `https` address (the client speaks plain HTTP) and another scheme.
  @Test(arguments: ["http://127.0.0.1:1/api", "https://127.0.0.1:1/api", "ftp://127.0.0.1/api"])
  func aServiceThatCantBeCalledIsUnavailable(_ base: String) async {
    let connection = RemoteConnection(base: base, tokens: MockDevice(user: "sarah", onboardingCompleted: true))
    do {
      _ = try await RemoteAuthService(connection, user: "sarah").signIn(with: .apple)
      Issue.record("signed in at \(base)")
    } catch {
      #expect(error.code == .serviceUnavailable)
      #expect(error.message.hasPrefix("The service can't be reached"))
    }
  }
}

/// `PlainHTTPClient` against a server that takes the connection and never answers.
@Suite struct PlainHTTPClientTests {
  /// The call throws `timedOut` after its timeout (the time limit catches a call that would wait for ever).
  @Test(.timeLimit(.minutes(1))) func aServerThatNeverAnswersTimesOut() async throws {
    let listener = try SilentListener()
    defer { close(listener.descriptor) }
    await #expect(throws: PlainHTTPClient.Failure.timedOut) {
      _ = try await PlainHTTPClient.shared.call(
        .GET, "http://127.0.0.1:\(listener.port)/api/families", timeout: .milliseconds(300), limit: 1 << 10)
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
