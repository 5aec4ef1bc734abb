import NIOCore

/// Runs a task's work on one event loop's thread: the page's socket is read and written there, so a step taken in
/// its own task would otherwise cross threads twice (the frame's arrival wakes a pool thread, the answer wakes the
/// loop again), which on a small machine costs more than the step itself.
final class EventLoopExecutor: TaskExecutor {
  let loop: any EventLoop

  init(_ loop: any EventLoop) {
    self.loop = loop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

extension BrowserServer {
  /// Runs `body` on the server's event loop, as a socket's steps run: the benchmark measures a step there, without
  /// the hop to the loop a step from elsewhere would pay.
  package static func onLoop<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await withTaskExecutorPreference(EventLoopExecutor(loops.next())) { await body() }
  }
}
