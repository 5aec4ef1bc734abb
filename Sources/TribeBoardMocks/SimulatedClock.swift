import Foundation
import Synchronization
import TribeBoardCore

/// A clock that only moves when told to, so every run of a scenario sees the same times.
public final class SimulatedClock: AppClock {
  private let current: Mutex<Date>

  public init(_ start: Date) {
    current = Mutex(start)
  }

  public func now() -> Date {
    current.withLock { $0 }
  }

  /// Moves the clock to `date`; it may go backwards, as a demo sometimes needs.
  public func set(_ date: Date) {
    current.withLock { $0 = date }
  }

  /// Moves the clock forward by `interval` seconds.
  public func advance(by interval: TimeInterval) {
    current.withLock { $0 += interval }
  }
}
