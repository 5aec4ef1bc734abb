import ArgumentParser
import TribeBoardBrowser
import TribeBoardCore
import TribeBoardEngine
import TribeBoardMocks
import TribeBoardRemote

/// How the app reaches the mock services in `check` and `play`.
enum Via: String, CaseIterable, ExpressibleByArgument {
  /// The flow calls the mocks in-process.
  case process
  /// The flow calls the same mocks through the Remote services (HTTP clients), against a server on loopback: the
  /// proof that the Core protocols and the API's document are the whole contract.
  case http

  /// The transport the command's simulators give their phones: for `http`, a loopback server of this process's
  /// mocks is started, and each phone's Remote services call it naming the phone (``LoopbackServices``).
  func transport() async throws -> ServiceTransport {
    guard self == .http else { return .inProcess }
    let server = try await LoopbackServices.start()
    let base = server.base
    return ServiceTransport { environment, device in
      let phone = server.register(environment, device)
      let connection = RemoteConnection(
        base: base, tokens: device, headers: [(LoopbackServices.phoneHeader, phone)])
      return Services.remote(
        connection, user: device.user, identities: device.identities, device: device, tokens: device,
        clock: environment.clock)
    }
  }
}
