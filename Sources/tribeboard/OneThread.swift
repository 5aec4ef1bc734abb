import Foundation

/// Runs a piece of async work with all of its jobs on the thread that asks, one after another.
///
/// As the task's executor preference (SE-0417), it keeps a command and everything it awaits on the main thread: no
/// worker thread starts and no `await` moves to another CPU, and the main thread never parks in `dispatch_main`, so
/// Valgrind can count a whole command (`Benchmarks/README.md`, *Shortcuts*). `serve` leaves it for the global
/// executor.
final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var finished = false

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Runs `operation` to its end on the calling thread, blocking it meanwhile.
  func run(_ operation: @escaping @Sendable () async -> Void) {
    Task.detached(executorPreference: self) {
      await operation()
      self.finish()
    }
    while true {
      condition.lock()
      while jobs.isEmpty && !finished { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  private func finish() {
    condition.lock()
    finished = true
    condition.signal()
    condition.unlock()
  }
}
