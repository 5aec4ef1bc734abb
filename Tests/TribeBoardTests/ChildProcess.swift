import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program as a child process and waits for it with `waitpid`, never longer than a deadline.
///
/// Not Foundation's `Process`: on Linux it learns that a child ended when a socket the child inherited closes, so a
/// child that leaves a daemon behind (the first `tmux` command starts its server) never seems to end and
/// `waitUntilExit` hangs the test run; and its children start with most signals blocked, so SIGINT and SIGTERM
/// would never reach them.
enum ChildProcess {
  struct Result {
    /// The exit code, or 128 + the signal that ended it, as a shell reports it.
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
  }

  /// Where one of the child's output streams goes.
  enum Output {
    /// To a temporary file, returned in the result.
    case capture
    /// To a path opened for writing (`/dev/full`, `/dev/null`).
    case path(String)
    /// Closed, as a shell's `>&-` leaves it.
    case closed
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs the `tribeboard` binary `swift test` built (``ProcessFaultTests/binary``), as ``run(_:_:input:stdout:stderr:killAfter:signal:timeout:)``
  /// does; a missing binary fails the test, and a run still going at `timeout` is recorded as an issue.
  static func tribeboard(
    _ arguments: [String], input: String = "", stdout: Output = .capture, timeout: Double = 60,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    let binary = ProcessFaultTests.binary.path
    try #require(
      FileManager.default.isExecutableFile(atPath: binary), "no binary at \(binary)", sourceLocation: sourceLocation)
    let result = try run(binary, arguments, input: input, stdout: stdout, timeout: timeout)
    #expect(!result.timedOut, "\(arguments) was still running after \(timeout) s", sourceLocation: sourceLocation)
    return result
  }

  /// Runs `executable` with `arguments` and `input` on its standard input. After `killAfter` seconds it is sent
  /// `signal`; after `timeout` seconds it is killed (and `timedOut` is set).
  static func run(
    _ executable: String, _ arguments: [String], input: String = "", stdout: Output = .capture,
    stderr: Output = .capture, killAfter: Double? = nil, signal: Int32 = SIGKILL, timeout: Double = 60
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-child-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let inputPath = "\(folder)/stdin"
    try input.write(toFile: inputPath, atomically: false, encoding: .utf8)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    for (descriptor, output, name) in [(Int32(1), stdout, "stdout"), (2, stderr, "stderr")] {
      switch output {
      case .capture:
        posix_spawn_file_actions_addopen(&actions, descriptor, "\(folder)/\(name)", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      case .path(let path):
        posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY, 0)
      case .closed:
        posix_spawn_file_actions_addclose(&actions, descriptor)
      }
    }
    closeInheritedDescriptors(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    for caught in [SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGHUP, SIGQUIT] { sigaddset(&signals, caught) }
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      throw Failure(description: "could not start \(executable): \(String(cString: strerror(spawned)))")
    }

    var status: Int32 = 0
    var timedOut = false
    let start = Date()
    var signalled = false
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { break }
      if reaped == -1 {
        if errno == EINTR { continue }
        // Someone else reaped it: its exit status is lost, so nothing can be said of how it ended.
        throw Failure(description: "lost track of \(executable): \(String(cString: strerror(errno)))")
      }
      let elapsed = Date().timeIntervalSince(start)
      if let killAfter, !signalled, elapsed >= killAfter {
        kill(pid, signal)
        signalled = true
      } else if elapsed >= timeout {
        kill(pid, SIGKILL)
        timedOut = true
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        break
      }
      usleep(2_000)
    }
    let read = { (name: String) in (try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? "" }
    let ended = status & 0x7f
    return Result(
      status: ended == 0 ? (status >> 8) & 0xff : 128 + ended, stdout: read("stdout"), stderr: read("stderr"),
      timedOut: timedOut)
  }

  /// Keeps the test process's own descriptors out of the child (and out of any daemon it starts), where glibc can.
  private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    #if os(Linux)
      typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
      }
    #endif
  }
}
