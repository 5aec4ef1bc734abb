import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that it is always either its old content or its new one, never torn, and never leaves
/// anything else behind.
///
/// The new content goes to a temporary file named `.NAME.tmp-PID-RANDOM` in the same folder, created with
/// `O_EXCL`, then `fsync`, then `rename` over the file, then `fsync` of the folder. On failure the temporary file
/// is removed; on SIGINT, SIGTERM or SIGHUP ``PendingFile``'s handler removes it; one left by a process killed
/// outright (SIGKILL) is removed by the next write of the same file, once its process is gone.
///
/// A file the person made read-only is refused, not replaced; a replaced file keeps its permissions; a symbolic
/// link is followed, so the file it points to is replaced and the link stays.
public enum AtomicFile {
  /// Why a file was not written, as a sentence a person can act on.
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    case readOnly
    /// The file exists, and the write was asked not to replace one.
    case exists
    case notRegular(kind: String)
    case system(operation: String, reason: String)

    public var description: String {
      switch self {
      case .readOnly: "the file is read-only; it was left as it is (make it writable to allow replacing it)"
      case .exists: "the file exists; it was left as it is"
      case .notRegular(let kind): "it is \(kind), not a regular file; it was left as it is"
      case .system(let operation, let reason): "\(operation) failed: \(reason)"
      }
    }
  }

  /// Replaces the file at `path` with `data`, or creates it. With `replacing` false an existing file is never
  /// replaced, even one made between a check and the write: the new file is linked into place, which fails if the
  /// name is taken (``Failure/exists``).
  public static func write(_ data: Data, to path: String, replacing: Bool = true) throws(Failure) {
    let fd = try create(data, at: path, replacing: replacing)
    close(fd)
  }

  /// Checks that the file at `path` could be replaced (absent, or a regular file that is not read-only), without
  /// writing anything.
  public static func checkReplaceable(_ path: String) throws(Failure) {
    _ = try existingMode(of: resolved(path))
  }

  /// Writes `data` to a new file that replaces `path` and returns its descriptor, open for writing at its end.
  package static func create(_ data: Data, at path: String, replacing: Bool = true) throws(Failure) -> Int32 {
    let target = resolved(path)
    let mode = try existingMode(of: target)
    if !replacing && mode != nil { throw .exists }
    let (folder, name) = split(target)
    removeAbandonedTemporaries(of: name, in: folder)
    let prefix = "\(folder)/.\(name).tmp-\(getpid())-"
    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<16 {
      temporary = prefix + String(UInt32.random(in: .min ... .max), radix: 36)
      PendingFile.set(temporary)
      fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else {
      let failure = systemFailure("creating a temporary file in \(folder)")
      PendingFile.clear()
      throw failure
    }
    func abandon(_ failure: Failure) -> Failure {
      close(fd)
      unlink(temporary)
      PendingFile.clear()
      return failure
    }
    if let mode, fchmod(fd, mode) != 0 { throw abandon(systemFailure("keeping the file's permissions")) }
    if let failure = writeAll(data, to: fd) { throw abandon(failure) }
    if fsync(fd) != 0 { throw abandon(systemFailure("fsync")) }
    var linked = false
    if !replacing {
      if link(temporary, target) == 0 {
        unlink(temporary)
        linked = true
      } else if errno == EEXIST {
        throw abandon(.exists)
      } else if errno == EPERM || errno == EOPNOTSUPP {
        // A file system without hard links: check once more, then rename below (a narrow window, not none).
        var info = stat()
        if lstat(target, &info) == 0 { throw abandon(.exists) }
      } else {
        throw abandon(systemFailure("linking the new file into place"))
      }
    }
    if !linked, rename(temporary, target) != 0 { throw abandon(systemFailure("renaming the new file into place")) }
    PendingFile.clear()
    let folderFD = open(folder, O_RDONLY | O_CLOEXEC)
    if folderFD >= 0 {
      fsync(folderFD)
      close(folderFD)
    }
    return fd
  }

  /// Writes all of `data`, retrying after interruptions; `nil` when it all went, else why not.
  package static func writeAll(_ data: Data, to fd: Int32) -> Failure? {
    data.withUnsafeBytes { writeAll($0, to: fd) }
  }

  /// Writes all of `text`'s UTF-8, as ``writeAll(_:to:)-(Data,_)`` does, straight from the string's storage.
  package static func writeAll(_ text: String, to fd: Int32) -> Failure? {
    var text = text
    return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
  }

  package static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Failure? {
    var offset = 0
    while offset < buffer.count {
      let written = writeBytes(fd, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return systemFailure("writing")
      }
      offset += written
    }
    return nil
  }

  static func systemFailure(_ operation: String) -> Failure {
    .system(operation: operation, reason: String(cString: strerror(errno)))
  }

  /// The permissions of the regular file at `path`, `nil` if there is none; refuses a read-only file or one that
  /// is not a regular file.
  private static func existingMode(of path: String) throws(Failure) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw systemFailure("looking at the file")
    }
    if let kind = kindName(info.st_mode) { throw .notRegular(kind: kind) }
    // Permission bits, not access(2): a person running as root still meant "don't touch" by removing them.
    if info.st_mode & 0o222 == 0 { throw .readOnly }
    return info.st_mode & 0o7777
  }

  private static func kindName(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }

  /// The path a symbolic link points to (so the link survives the replacement); `path` itself otherwise.
  private static func resolved(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else {
      return path
    }
    defer { free(real) }
    return String(cString: real)
  }

  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// Removes `.NAME.tmp-PID-…` files of processes that no longer run: what a write killed outright left.
  private static func removeAbandonedTemporaries(of name: String, in folder: String) {
    let prefix = ".\(name).tmp-"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      let rest = entry.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { unlink("\(folder)/\(entry)") }
    }
  }
}

/// The C library's `write`, out of reach of ``AtomicFile/write(_:to:)``'s name.
func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}

/// The C library's `close`, out of reach of methods named `close`.
package func closeDescriptor(_ fd: Int32) {
  close(fd)
}
