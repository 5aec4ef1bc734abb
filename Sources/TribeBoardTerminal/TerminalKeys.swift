import TribeBoardEngine
import TribeBoardRendering
import TribeBoardTranscripts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Single key presses from a terminal, for ``Presenter``: the terminal is put in raw mode (no echo, no line
/// buffering, and Ctrl-C arrives as a key rather than a signal) until ``restore()``, which also runs if the
/// process is ended by SIGINT, SIGTERM or SIGHUP.
public final class TerminalKeys {
  private let fd: Int32
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) private static var savedFD: Int32 = -1

  /// Raw mode on `fd`, or `nil` when it is not a terminal.
  public init?(fd: Int32 = STDIN_FILENO) {
    guard isatty(fd) == 1, tcgetattr(fd, Self.saved) == 0 else { return nil }
    self.fd = fd
    var raw = Self.saved.pointee
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    Self.savedFD = fd
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { number in
        if TerminalKeys.savedFD >= 0 { tcsetattr(TerminalKeys.savedFD, TCSAFLUSH, TerminalKeys.saved) }
        _exit(128 + number)
      }
    }
    guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else {
      Self.savedFD = -1
      return nil
    }
  }

  deinit { restore() }

  /// Puts the terminal back as it was.
  public func restore() {
    guard Self.savedFD >= 0 else { return }
    tcsetattr(fd, TCSAFLUSH, Self.saved)
    Self.savedFD = -1
  }

  /// The presenter's console: keys from here, text to `write`.
  public func console(write: @escaping (String) throws -> Void) -> Presenter.Console {
    Presenter.Console(
      nextKey: { self.key(waiting: nil, forever: true) }, pause: { self.key(waiting: $0) }, write: write)
  }

  /// Waits for a key that means something (others are ignored), at most `waiting` unless `forever`.
  /// `nil` when the time is up, or at end of input.
  func key(waiting: Duration?, forever: Bool = false) -> Presenter.Key? {
    let deadline = waiting.map { ContinuousClock.now + $0 }
    while true {
      var timeout: Int32 = -1
      if !forever, let deadline {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return nil }
        timeout = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
      }
      guard readable(timeout: timeout) else {
        if forever { return nil }
        continue
      }
      guard let byte = readByte() else { return nil }
      switch byte {
      case 0x0D, 0x0A, 0x20, UInt8(ascii: "n"), UInt8(ascii: "j"): return .next
      case 0x03, 0x04, UInt8(ascii: "q"), UInt8(ascii: "Q"): return .stop
      case 0x1B:
        // An arrow or another sequence (ESC [ C), or Esc alone.
        var sequence: [UInt8] = []
        while sequence.count < 8, readable(timeout: 30), let next = readByte() { sequence.append(next) }
        if sequence.isEmpty { return .stop }
        if sequence == Array("[C".utf8) || sequence == Array("[B".utf8) || sequence == Array("[6~".utf8) {
          return .next
        }
      default: break
      }
    }
  }

  private func readable(timeout: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&entry, 1, timeout)
      if result < 0 && errno == EINTR { continue }
      return result > 0
    }
  }

  private func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(fd, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      return count == 1 ? byte : nil
    }
  }
}
