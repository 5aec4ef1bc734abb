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
