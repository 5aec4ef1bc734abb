import ArgumentParser
import TribeBoardBrowser
import TribeBoardCore
import TribeBoardMocks
import TribeBoardRemote

/// How the app reaches the mock services in `check` and `play`.
enum Via: String, CaseIterable, ExpressibleByArgument {
  /// The flow calls the mocks in-process.
  case process
  /// The flow calls the same mocks through the Remote services (HTTP clients), against a server on loopback: the
  /// proof that the Core protocols and the API's document are the whole contract.
  case http

  /// Puts the mocks behind HTTP for the rest of the command, when `http`.
  func install() async throws {
    guard self == .http else { return }
    let server = try await LoopbackServices.start()
    let base = server.base
    MockEnvironment.transport.withLock {
      $0 = { environment, device in
        let phone = server.register(environment, device)
        let connection = RemoteConnection(
          base: base, tokens: device, headers: [(LoopbackServices.phoneHeader, phone)])
        return Services(
          auth: RemoteAuthService(connection, user: device.user, identities: device.identities),
          families: RemoteFamilyService(connection), profile: RemoteProfileService(connection),
          calendar: RemoteCalendarService(connection), tasks: RemoteTaskService(connection),
          messaging: RemoteMessagingService(connection), schoolRun: RemoteSchoolRunService(connection),
          sync: RemoteCloudSyncService(connection), device: device, clock: environment.clock, tokens: device)
      }
    }
  }
}
