import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func microseconds(_ duration: Duration) -> Double { milliseconds(duration) * 1000 }

func report(_ name: String, _ value: String, target: String) {
  print(
    name.padding(toLength: 44, withPad: " ", startingAt: 0) + value.padding(toLength: 16, withPad: " ", startingAt: 0)
      + target)
}

/// A line of a table: each cell padded to its width.
func row(_ cells: [(String, Int)]) -> String {
  cells.map { text, width in text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0) }
    .joined()
}

func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return .nan }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

/// Peak resident memory of this process, in MiB.
func peakMemory() -> Double {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  #endif
}

/// Runs `body` to completion and returns its result, blocking the calling thread.
///
/// The benchmark's top level never awaits: an `async` main parks the main thread in `dispatch_main`, whose
/// `sigsuspend` on a read-only mask crashes Valgrind 3.19, and the instruction counts run this binary under it.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    box.value = await body()
    done.signal()
  }
  done.wait()
  return box.value!
}

/// Carries a result out of the task ``blocking(_:)`` waits for; the semaphore orders the write before the read.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// The directory holding this executable, where `swift build` also puts the package's other executables.
let executableDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent()

/// The path of a program found on `PATH`, if any.
func which(_ program: String) -> String? {
  let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
  return paths.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Starts `path` with `arguments`, its standard input from /dev/null and its output to `output` (/dev/null by
/// default), waits for it and returns its exit status (-1 when it could not start).
@discardableResult
func spawn(_ path: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null") -> Int32 {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for argument in argv { free(argument) } }
  var pid = pid_t()
  guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return -1 }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
}
