import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary file a write is filling, if any, kept where a signal handler can reach it: on SIGINT, SIGTERM or
/// SIGHUP the handler removes it before the process ends, so an interrupted write leaves nothing behind.
///
/// Only async-signal-safe calls happen in the handler (`unlink`, `write`, `_exit`); the path lives in memory
/// allocated once, before any handler is installed. There is one slot: the command-line tool writes one file at a
/// time; concurrent writers (tests) take turns with the slot under a lock.
public enum PendingFile {
  private static let capacity = 4096
  private static let lock = NSLock()
  nonisolated(unsafe) private static let path = UnsafeMutablePointer<CChar>.allocate(capacity: capacity + 1)
  nonisolated(unsafe) private static let isSet: UnsafeMutablePointer<sig_atomic_t> = {
    let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    flag.initialize(to: 0)
    return flag
  }()
  nonisolated(unsafe) private static let saysBye: UnsafeMutablePointer<sig_atomic_t> = {
    let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    flag.initialize(to: 0)
    return flag
  }()

  /// The prompt Ctrl-C shows again when it drops the line (see ``dropLineOnInterrupt(prompt:)``), and its length.
  private static let promptCapacity = 1024
  nonisolated(unsafe) private static let prompt = UnsafeMutablePointer<UInt8>.allocate(capacity: promptCapacity)
  nonisolated(unsafe) private static let promptLength: UnsafeMutablePointer<sig_atomic_t> = {
    let length = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    length.initialize(to: 0)
    return length
  }()

  /// Installs the handlers for SIGINT, SIGTERM and SIGHUP. With `sayingBye`, Ctrl-C (SIGINT) prints "Bye." and
  /// ends with status 0, as leaving the REPL does; otherwise a signal ends the process with status 128 + signal.
  public static func installHandlers(sayingBye: Bool) {
    _ = path
    _ = prompt
    isSet.pointee = 0
    saysBye.pointee = sayingBye ? 1 : 0
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { number in PendingFile.handle(number) }
    }
  }

  /// From now on Ctrl-C (SIGINT) drops the line being typed and the session goes on, as in the line editor: for
  /// plain lines read from a terminal, whose driver discards the half-typed line itself; the handler starts a new
  /// line showing `prompt` again. Call it before each read, with that read's prompt.
  public static func dropLineOnInterrupt(prompt text: String) {
    let bytes = Array(text.utf8.prefix(promptCapacity))
    promptLength.pointee = 0
    for (index, byte) in bytes.enumerated() { prompt[index] = byte }
    promptLength.pointee = sig_atomic_t(bytes.count)
    saysBye.pointee = 2
  }

  /// Remembers `file` as the one to remove if the process is interrupted. Returns `false` for a path too long to
  /// keep (the write still happens; only the clean-up on a signal is lost).
  @discardableResult
  static func set(_ file: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    isSet.pointee = 0
    let bytes = Array(file.utf8)
    guard bytes.count <= capacity else { return false }
    for (index, byte) in bytes.enumerated() { path[index] = CChar(bitPattern: byte) }
    path[bytes.count] = 0
    isSet.pointee = 1
    return true
  }

  /// Forgets the file: it was renamed into place or removed.
  static func clear() {
    lock.lock()
    defer { lock.unlock() }
    isSet.pointee = 0
  }

  private static func handle(_ number: Int32) {
    if number == SIGINT && saysBye.pointee == 2 {
      let newline: StaticString = "\n"
      _ = write(STDOUT_FILENO, newline.utf8Start, newline.utf8CodeUnitCount)
      _ = write(STDOUT_FILENO, prompt, Int(promptLength.pointee))
      return
    }
    if isSet.pointee == 1 { unlink(path) }
    if number == SIGINT && saysBye.pointee == 1 {
      let bye: StaticString = "\nBye.\n"
      _ = write(STDOUT_FILENO, bye.utf8Start, bye.utf8CodeUnitCount)
      _exit(0)
    }
    _exit(128 + number)
  }
}
