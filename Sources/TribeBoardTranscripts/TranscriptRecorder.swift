import Foundation
import TribeBoardEngine
import TribeBoardRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records a live session as a transcript file, one step at a time, in constant memory.
///
/// The file is created atomically with the first screen (see ``AtomicFile``), then each step is appended with a
/// single `write`: after every step the file is a complete transcript of the steps so far. A step that could not
/// be written in full is cut off again, so a full disk never leaves half a step.
public final class TranscriptRecorder {
  /// The file, as given.
  public let path: String
  private var fd: Int32
  private var length: off_t

  /// Creates (or replaces) the transcript at `path` holding `header` (``TranscriptHeader``: the lines naming its
  /// scenario) and `first`, the session's opening step.
  public init(path: String, header: String = "", first: Step) throws(AtomicFile.Failure) {
    self.path = path
    let data = Data((header + Transcript.format(first) + "\n").utf8)
    fd = try AtomicFile.create(data, at: path)
    length = off_t(data.count)
  }

  deinit { close() }

  /// Appends `step`.
  public func append(_ step: Step) throws(AtomicFile.Failure) {
    guard fd >= 0 else { throw .system(operation: "writing", reason: "the recording was closed") }
    let data = Data((Transcript.format(step) + "\n").utf8)
    if let failure = AtomicFile.writeAll(data, to: fd) {
      _ = ftruncate(fd, length)
      _ = lseek(fd, length, SEEK_SET)
      throw failure
    }
    length += off_t(data.count)
  }

  /// Flushes the file to disk and closes it.
  public func close() {
    guard fd >= 0 else { return }
    fsync(fd)
    closeDescriptor(fd)
    fd = -1
  }
}
