import Foundation
import Synchronization
import TribeBoardCore

/// The faults and latencies armed on the backend, as a scenario's `faults` and `latency` or the REPL's `:fault` and
/// `:latency` set them.
extension MockBackend {
  static func armed(_ fault: Fault, number: Int) -> Fault {
    var armed = fault
    armed.id = "f\(number)"
    armed.calls = 0
    return armed
  }

  /// The ids of the faults that have fired at least once.
  public var firedFaults: Set<String> { storage.withLock { $0.firedFaults } }

  /// Arms a fault, as a scenario's `faults` or the REPL's `:fault` do, and returns it with its id.
  @discardableResult
  public func inject(_ fault: Fault) -> Fault {
    storage.withLock { storage in
      storage.faultsArmed += 1
      let armed = Self.armed(fault, number: storage.faultsArmed)
      storage.faults.append(armed)
      return armed
    }
  }

  /// Disarms the fault with `id`; `false` when no armed fault has it.
  public func disarm(_ id: String) -> Bool {
    storage.withLock { storage in
      guard let index = storage.faults.firstIndex(where: { $0.id == id }) else { return false }
      storage.faults.remove(at: index)
      return true
    }
  }

  /// Disarms every fault.
  public func clearFaults() {
    storage.withLock { $0.faults.removeAll() }
  }

  /// The faults still armed, oldest first.
  public var armedFaults: [Fault] { storage.withLock { $0.faults } }

  /// The longest a call may take: one day of simulated time. Longer would be no call a phone waits for, and a
  /// handful of them would take the clock out of the years a scenario file can hold.
  public static let maximumLatency: TimeInterval = 86400

  /// Sets the simulated seconds calls to `key` (a service or an operation) take, at most ``maximumLatency``; 0
  /// removes it.
  public func setLatency(_ seconds: TimeInterval, for key: String) {
    storage.withLock { $0.latency[key] = seconds > 0 ? min(seconds, Self.maximumLatency) : nil }
  }

  /// The latency set, by service or operation.
  public var latencies: [String: TimeInterval] { storage.withLock { $0.latency } }

  /// The simulated seconds calls took since the last time this was asked.
  /// Runs `body`, whose calls take no simulated time and fire no fault: a saved phone reopening on its screen shows
  /// it as it was saved, and the faults and latency armed wait for the person's next step, as they did when it was
  /// saved (so a reopened world saves again to the same file).
  package func resuming<T>(_ body: () async -> T) async -> T {
    storage.withLock { $0.resuming = true }
    let result = await body()
    storage.withLock { $0.resuming = false }
    return result
  }

  /// The simulated seconds the calls since the last ask took (the slowest of them: they overlap), and starts again.
  public func takeElapsed() -> TimeInterval {
    storage.withLock { storage in
      let taken = storage.elapsed
      if taken != 0 { storage.elapsed = 0 }
      return taken
    }
  }
}
