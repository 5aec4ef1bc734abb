import Foundation
import Testing
import TribeBoardBrowser
import TribeBoardCore
import TribeBoardEngine
import TribeBoardMocks
import TribeBoardRemote
import TribeBoardScenarios
import TribeBoardTranscripts

/// How a phone reaches its services is a value each simulator is given (``ServiceTransport``), not a setting of the
/// process: a simulator over HTTP and one in-process live side by side in one process, each its own way, and give
/// the same transcript.
@Suite struct ServiceTransportTests {
  /// The Remote services of each phone, calling `server` (the loopback server of this process's mocks).
  static func overHTTP(_ server: LoopbackServices) -> ServiceTransport {
    ServiceTransport { environment, device in
      let connection = RemoteConnection(
        base: server.base, tokens: device,
        headers: [(LoopbackServices.phoneHeader, server.register(environment, device))])
      return Services.remote(
        connection, user: device.user, identities: device.identities, device: device, tokens: device,
        clock: environment.clock)
    }
  }

  @Test(.timeLimit(.minutes(2))) func simulatorsOverHTTPAndInProcessRunSideBySide() async throws {
    let server = try await ServiceContractTests.server()
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let journey = try #require(scenario.journeys.first)
    let remote = Simulator(scenario: scenario, transport: Self.overHTTP(server))
    let local = Simulator(scenario: scenario)
    let remoteSteps = await Transcript.steps(scenario, inputs: journey.steps, on: remote)
    let localSteps = await Transcript.steps(scenario, inputs: journey.steps, on: local)
    #expect(Transcript.format(remoteSteps) == Transcript.format(localSteps))
    let user = scenario.configuration.device.user
    #expect(remote.phones[user]?.services.auth is RemoteAuthService)
    #expect(local.phones[user]?.services.auth is MockAuthService)
  }
}
