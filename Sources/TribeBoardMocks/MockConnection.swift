import Foundation
import TribeBoardCore

/// The backend as one phone reaches it: every call carries the phone's account, network and access token.
public struct MockConnection: Sendable {
  public let backend: MockBackend
  /// The calling phone; `nil` for calls from no phone in particular (tests, tools).
  public let device: MockDevice?

  public init(_ backend: MockBackend, device: MockDevice?) {
    self.backend = backend
    self.device = device
  }

  /// Runs `body` as `operation`, with the phone's access token checked.
  func perform<T: Sendable>(
    _ operation: MockOperation, _ body: @Sendable (inout MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    try backend.perform(operation, from: device, authenticated: true, body)
  }

  /// Runs `body`, which only reads the backend's state, as `operation`, with the phone's access token checked.
  func read<T: Sendable>(
    _ operation: MockOperation, _ body: @Sendable (MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    try backend.read(operation, from: device, authenticated: true, body)
  }
}
