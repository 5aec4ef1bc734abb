import TribeBoardEngine
import TribeBoardRendering
import TribeBoardTranscripts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines from a file descriptor with bounded memory: a line longer than `maximumLength` bytes is cut to
/// `maximumLength + 1` bytes (the rest is read and dropped), so the caller can tell it was too long.
///
/// A line ending in CR LF loses the CR, so files saved on Windows read like any other; bytes that are not UTF-8
/// become U+FFFD.
public final class LineReader {
  private let fd: Int32
  private let maximumLength: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false

  public init(fd: Int32 = STDIN_FILENO, maximumLength: Int) {
    self.fd = fd
    self.maximumLength = maximumLength
  }

  /// The next line without its line break, or `nil` at end of input.
  public func next() -> String? {
    var line: [UInt8] = []
    var dropping = false
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        take(buffer[start..<newline], into: &line, dropping: &dropping)
        start = newline + 1
        if line.last == 0x0D && !dropping { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
      }
      take(buffer[start...], into: &line, dropping: &dropping)
      buffer.removeAll(keepingCapacity: true)
      start = 0
      if atEnd || !fill() {
        atEnd = true
        return line.isEmpty && !dropping ? nil : String(decoding: line, as: UTF8.self)
      }
    }
  }

  private func take(_ bytes: ArraySlice<UInt8>, into line: inout [UInt8], dropping: inout Bool) {
    guard !dropping else { return }
    let room = maximumLength + 1 - line.count
    line.append(contentsOf: bytes.prefix(room))
    if line.count > maximumLength { dropping = true }
  }

  /// Reads more input; `false` at end of input or on an error.
  private func fill() -> Bool {
    while true {
      var interrupted = false
      // Not zero-filled first: only what `read` writes is touched.
      let chunk = [UInt8](unsafeUninitializedCapacity: 1 << 16) { bytes, initialized in
        let count = read(fd, bytes.baseAddress, bytes.count)
        interrupted = count < 0 && errno == EINTR
        initialized = max(count, 0)
      }
      if interrupted { continue }
      guard !chunk.isEmpty else { return false }
      buffer.append(contentsOf: chunk)
      return true
    }
  }
}
