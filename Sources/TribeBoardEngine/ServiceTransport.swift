import TribeBoardCore
import TribeBoardMocks

/// How the app on a phone reaches its services: the in-process mocks (``inProcess``), or the same mocks behind HTTP
/// clients (`tribeboard check --via http`). A value given to the simulator that runs the phones.
public struct ServiceTransport: Sendable {
  private let make: @Sendable (MockEnvironment, MockDevice) -> Services

  /// A transport whose services for a phone are what `make` gives for its environment and device.
  public init(_ make: @escaping @Sendable (MockEnvironment, MockDevice) -> Services) {
    self.make = make
  }

  /// The in-process mocks (``MockEnvironment/localServices(for:)``).
  public static let inProcess = ServiceTransport { environment, device in environment.localServices(for: device) }

  /// The services as the app on `device`, a phone of `environment`, sees them.
  public func services(_ environment: MockEnvironment, for device: MockDevice) -> Services {
    make(environment, device)
  }
}
