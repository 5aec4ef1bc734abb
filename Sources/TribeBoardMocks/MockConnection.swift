import Foundation
import TribeBoardCore

/// The backend as one phone reaches it: every call carries the phone's account, network and access token.
public struct MockConnection: Sendable {
  public let backend: MockBackend
  /// The calling phone; `nil` for calls from no phone in particular (tests, tools), which may act as anyone.
  public let device: MockDevice?

  public init(_ backend: MockBackend, device: MockDevice?) {
    self.backend = backend
    self.device = device
  }

  /// The account calling: the phone's holder, whose token every call carries; `nil` for a call from no phone.
  var caller: UserID? { device?.user }

  /// Runs `body` as `operation`, with the phone's access token checked; `actor`, the account the call says acts or
  /// is asked about, must be the caller's.
  func perform<T: Sendable>(
    _ operation: MockOperation, as actor: UserID? = nil,
    _ body: @Sendable (inout MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    let caller = caller
    return try backend.perform(operation, from: device, authenticated: true) { state, now throws(AppError) in
      try Self.check(actor, is: caller)
      return try body(&state, now)
    }
  }

  /// As ``perform(_:as:_:)``, for a call whose body judges a time the caller gave (a due date, when a change was
  /// made) by when the phone sent the call, however long it took.
  func perform<T: Sendable>(
    _ operation: MockOperation, as actor: UserID?,
    judging body: @Sendable (inout MockState, _ sent: Date, _ now: Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    let caller = caller
    return try backend.perform(operation, from: device, authenticated: true) {
      state, sent, now throws(AppError) in
      try Self.check(actor, is: caller)
      return try body(&state, sent, now)
    }
  }

  /// Runs `body`, which only reads the backend's state, as `operation`, with the phone's access token checked.
  func read<T: Sendable>(
    _ operation: MockOperation, as actor: UserID? = nil, _ body: @Sendable (MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    let caller = caller
    return try backend.read(operation, from: device, authenticated: true) { state, now throws(AppError) in
      try Self.check(actor, is: caller)
      return try body(state, now)
    }
  }

  /// Refuses a call that names an account other than the caller's as the one acting or asked about.
  private static func check(_ actor: UserID?, is caller: UserID?) throws(AppError) {
    guard let actor, let caller, actor != caller else { return }
    throw MockState.notSelf
  }
}
