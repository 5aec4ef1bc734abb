import Foundation

/// A value made on another core while this thread goes on, for work big enough to be worth a thread; or, when not,
/// made on this thread when asked for.
final class Aside<Value: Sendable>: @unchecked Sendable {
  private let make: @Sendable () -> Value
  /// Signalled once ``made`` holds the value, when it is made on another core.
  private let done: DispatchSemaphore?
  /// Written once, by the other core, before ``done`` is signalled; read only after waiting for it.
  private var made: Value?

  init(onAnotherCore: Bool, _ make: @escaping @Sendable () -> Value) {
    self.make = make
    done = onAnotherCore ? DispatchSemaphore(value: 0) : nil
    guard let done else { return }
    // A thread of its own, not the global queue: a caller on a pool thread waits for it, so it must not wait for
    // the pool too.
    Thread {
      self.made = make()
      done.signal()
    }.start()
  }

  /// The value, waiting for it if it is being made on another core. Call once.
  func value() -> Value {
    guard let done else { return make() }
    done.wait()
    guard let made else { preconditionFailure("signalled before the value was made") }
    return made
  }
}
