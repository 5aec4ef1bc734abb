import Foundation
import Testing
import TribeBoardBrowser
import TribeBoardCore
import TribeBoardMocks
import TribeBoardRemote
import TribeBoardScenarios
import TribeBoardTesting

/// The service contract (``ServiceContract``, in TribeBoardTesting) run against both implementations of the Core
/// protocols: the in-process mocks, and the Remote services calling the same mocks over HTTP.
@Suite struct ServiceContractTests {
  /// The family-admin world: Sarah (Apple) is the Johnsons' parent admin, Mark (Google) an adult.
  struct Subject: ServiceContractSubject {
    let environment: MockEnvironment
    let server: LoopbackServices?

    var parent: UserID { "sarah" }
    var parentProvider: AuthProvider { .apple }
    var other: UserID { "mark" }
    var otherProvider: AuthProvider { .google }
    var family: FamilyID { "johnsons" }
    var accessTokenLifetime: TimeInterval { environment.backend.authPolicy.accessTokenLifetime }

    func phone(for user: UserID) async throws -> Services {
      let device = MockDevice(user: user, onboardingCompleted: true)
      guard let server else { return environment.localServices(for: device) }
      let connection = RemoteConnection(
        base: server.base, tokens: device,
        headers: [(LoopbackServices.phoneHeader, server.register(environment, device))])
      return Services(
        auth: RemoteAuthService(connection, user: user), families: RemoteFamilyService(connection),
        profile: RemoteProfileService(connection), calendar: RemoteCalendarService(connection),
        tasks: RemoteTaskService(connection), messaging: RemoteMessagingService(connection),
        schoolRun: RemoteSchoolRunService(connection), sync: RemoteCloudSyncService(connection), device: device,
        clock: environment.clock, tokens: device)
    }

    func wait(_ seconds: TimeInterval) async { environment.clock.advance(by: seconds) }
  }

  static func subject(overHTTP: Bool) async throws -> Subject {
    let environment = MockEnvironment(try BundledScenarios.scenario(named: "family-admin").configuration)
    return Subject(environment: environment, server: overHTTP ? try await Self.server() : nil)
  }

  /// One loopback server for the suite's HTTP runs.
  static func server() async throws -> LoopbackServices {
    try await shared.value
  }

  static let shared = Task { try await LoopbackServices.start() }

  @Test(arguments: ServiceContract.checks.indices, [false, true])
  func theContractHolds(_ index: Int, overHTTP: Bool) async throws {
    let (name, check) = ServiceContract.checks[index]
    do {
      try await check(try await Self.subject(overHTTP: overHTTP))
    } catch {
      Issue.record("\(overHTTP ? "over HTTP" : "in-process"): \(name): \(error)")
    }
  }
}
