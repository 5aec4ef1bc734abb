import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardTranscripts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output written with `write(2)`: a closed or full output is an error to handle, not a crash.
public enum StandardOutput {
  /// Standard output is closed, full, or its reader went away.
  public struct Closed: Error, Sendable, CustomStringConvertible {
    /// What the system said, e.g. "No space left on device".
    public var reason: String
    /// The reader went away (`… | head`): worth an exit code, not a message.
    public var isBrokenPipe = false
    public var description: String { "standard output could not be written: \(reason)" }
  }

  nonisolated(unsafe) private static var closedAtStart = false

  /// Call once at start-up. Ignores SIGPIPE (a reader that goes away becomes an error on write), and puts
  /// `/dev/null` on any of descriptors 0, 1 and 2 that is closed, so no file opened later takes their number and
  /// receives what was meant for the terminal. A closed standard output still fails on the first write.
  public static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    for fd: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 {
      if fd == STDOUT_FILENO { closedAtStart = true }
      let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0 && null != fd {
        dup2(null, fd)
        close(null)
      }
    }
  }

  /// Writes `text` in full, or throws.
  public static func write(_ text: String) throws(Closed) {
    if closedAtStart { throw Closed(reason: "it was closed") }
    try check(AtomicFile.writeAll(text, to: STDOUT_FILENO))
  }

  /// Writes `bytes` in full, or throws.
  public static func write(_ bytes: [UInt8]) throws(Closed) {
    if closedAtStart { throw Closed(reason: "it was closed") }
    try check(bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: STDOUT_FILENO) })
  }

  private static func check(_ failure: AtomicFile.Failure?) throws(Closed) {
    if case .system(_, let reason) = failure {
      throw Closed(reason: reason, isBrokenPipe: reason == String(cString: strerror(EPIPE)))
    }
  }

  /// Writes `text` to standard error as far as it goes: there is nowhere left to report a failure to.
  public static func writeError(_ text: String) {
    _ = AtomicFile.writeAll(text, to: STDERR_FILENO)
  }
}
