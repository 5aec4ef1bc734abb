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
    await device(configuration.device)
  }

  /// A device for another member, for acting as them in a demo: their phone as the configuration's `phones` left
  /// it, or else a fresh one, onboarded and signed in.
  public func signedInDevice(for user: UserID) async -> MockDevice {
    if let saved = configuration.phones.first(where: { $0.user == user }) { return await device(saved) }
    return MockDevice(user: user, onboardingCompleted: true, session: try? backend.issueSession(for: user))
  }

  /// A phone remembering what `state` says; a signed-in one holds a session issued now.
  private func device(_ state: MockDeviceState) async -> MockDevice {
    let session =
      state.signedIn
      ? try? backend.issueSession(
        for: state.user, accessUntil: state.accessUntil, refreshUntil: state.refreshUntil)
      : nil
    let device = MockDevice(
      user: state.user, onboardingCompleted: state.onboardingCompleted, session: session, online: !state.offline,
      identities: state.identities)
    if state.outbox != Outbox() { await device.setOutbox(state.outbox) }
    if !state.cache.isEmpty {
      var cache = state.cache
      cache.session = session
      await device.setCache(cache)
    }
    return device
  }

  /// The in-process mock services as the app on `device` sees them.
  public func localServices(for device: MockDevice) -> Services {
    let data = MockDataService(backend: backend, device: device)
    return Services(
      auth: MockAuthService(backend: backend, device: device), families: data, profile: data, calendar: data,
      tasks: data, messaging: data, schoolRun: data, sync: MockCloudSyncService(backend: backend, device: device),
      device: device, clock: clock, tokens: device)
  }
}
