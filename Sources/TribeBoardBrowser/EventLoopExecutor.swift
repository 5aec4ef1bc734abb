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

/// The serial executor of the simulations' actors: their jobs run on the same loop, and as if on the loop's task
/// executor too. A job of an actor run as the loop's own (`runSynchronously(on:)`) lost the task's executor
/// preference, so every `await` that came back to the actor went round the loop's queue again (about 21 jobs a
/// step); run with both, it goes on at once.
final class EventLoopSerialExecutor: SerialExecutor {
  let tasks: EventLoopExecutor

  init(_ tasks: EventLoopExecutor) {
    self.tasks = tasks
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    tasks.loop.execute {
      job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.tasks.asUnownedTaskExecutor())
    }
  }
}

extension BrowserServer {
  /// What runs on the server's event loop: the tasks of its sockets, and the simulations' actors.
  static let loopTasks = EventLoopExecutor(loops.next())
  static let loopSerial = EventLoopSerialExecutor(loopTasks)

  /// Runs `body` on the server's event loop, as a socket's steps run: the benchmark measures a step there, without
  /// the hop to the loop a step from elsewhere would pay.
  package static func onLoop<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await withTaskExecutorPreference(loopTasks) { await body() }
  }
}
