import TribeBoardCore

/// A scenario's mock world at run time: one backend and clock, and a device for each person who uses the app.
public final class MockEnvironment: Sendable {
  public let configuration: MockConfiguration
  public let clock: SimulatedClock
  public let backend: MockBackend

  /// Builds the world from `configuration`; nothing is shared with other environments.
  public init(_ configuration: MockConfiguration) {
    self.configuration = configuration
    clock = SimulatedClock(configuration.now)
    backend = MockBackend(configuration, clock: clock)
  }

  /// The device of the scenario's `device.user`, remembering what the scenario says.
  public func primaryDevice() async -> MockDevice {
    let device = configuration.device
    let session = device.signedIn ? try? await backend.issueSession(for: device.user) : nil
    return MockDevice(
      user: device.user, onboardingCompleted: device.onboardingCompleted, session: session, online: !device.offline)
  }

  /// A device for another member, onboarded and signed in, for acting as them in a demo.
  public func signedInDevice(for user: UserID) async -> MockDevice {
    MockDevice(user: user, onboardingCompleted: true, session: try? await backend.issueSession(for: user))
  }

  /// The services as the app on `device` sees them.
  public func services(for device: MockDevice) -> Services {
    Services(
      auth: MockAuthService(backend: backend, device: device), data: MockDataService(backend: backend, device: device),
      sync: MockCloudSyncService(backend: backend, device: device), device: device, clock: clock)
  }
}
