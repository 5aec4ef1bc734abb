import Foundation

/// Runs a piece of async work with all of its jobs on the thread that asks, one after another.
///
/// On the global executor, the REPL's session would start a worker thread and could move between threads at its
/// suspension points; each move may wake another CPU, which on a busy machine waits for that CPU's next scheduler
/// tick (with a dozen hops to the first screen, a bare `tribeboard` took 7–8 ms or 11–12 ms at random). As the
/// task's executor preference (SE-0417), this executor keeps the task and everything it awaits on the calling thread.
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
