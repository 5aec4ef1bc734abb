import Foundation
import TribeBoardCore

/// The in-memory backend behind every mock service: one world, shared by all the devices of a scenario.
///
/// Its state changes only through ``perform(_:_:)``, which first applies any injected ``Fault``.
public actor MockBackend {
  public let clock: SimulatedClock
  private var state: MockState
  private var faults: [Fault]

  public init(_ configuration: MockConfiguration, clock: SimulatedClock) {
    self.clock = clock
    state = MockState(world: configuration.world, seed: configuration.seed)
    faults = configuration.faults
  }

  /// Runs `body` on the backend's state as `operation`, failing instead if a fault is armed for it.
  public func perform<T: Sendable>(
    _ operation: MockOperation, _ body: @Sendable (inout MockState, Date) throws(AppError) -> T
  ) throws(AppError) -> T {
    if let index = faults.firstIndex(where: { $0.operation == operation }) {
      let fault = faults[index]
      if let times = fault.times {
        if times <= 1 { faults.remove(at: index) } else { faults[index].times = times - 1 }
      }
      throw AppError(fault.error)
    }
    return try body(&state, clock.now())
  }

  /// Arms a fault, as a scenario's `faults` or the REPL's `:fault` do.
  public func inject(_ fault: Fault) {
    faults.append(fault)
  }

  /// Disarms every fault.
  public func clearFaults() {
    faults.removeAll()
  }

  /// The faults still armed.
  public var armedFaults: [Fault] { faults }

  /// A copy of the world as it is now.
  public var world: MockWorld { state.world }

  /// Issues a session token for `user` outside any operation, as a device's stored session.
  public func issueToken(for user: UserID) -> String {
    state.issueToken(for: user)
  }
}
