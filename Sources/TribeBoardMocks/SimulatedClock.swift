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

  /// The last moment the clock shows: 9999-12-31T23:59:59Z. A scenario file's timestamps name four-digit years, so
  /// a clock past it would make a world no file can hold; every move stops there.
  public static let latest = Date(timeIntervalSince1970: 253_402_300_799)

  /// Moves the clock to `date`, at most ``latest``; it may go backwards, as a demo sometimes needs.
  public func set(_ date: Date) {
    current.withLock { $0 = min(date, Self.latest) }
  }

  /// Moves the clock forward by `interval` seconds, stopping at ``latest``.
  public func advance(by interval: TimeInterval) {
    current.withLock { $0 = min($0 + interval, Self.latest) }
  }
}
