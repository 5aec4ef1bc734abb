import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files a person names without ever blocking or reading without bound: only regular files are read (a FIFO,
/// a device or a socket is refused before anything waits on it), and at most `limit` bytes.
public enum RegularFile {
  /// Why a file was not read, as a sentence a person can act on.
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    case directory
    /// A FIFO, device, socket…: `kind` names it.
    case notRegular(kind: String)
    /// More than `limit` bytes; `size` when the file system says how many.
    case tooLarge(limit: Int, size: Int?)
    /// The operating system refused (permissions, I/O error): its reason.
    case unreadable(String)

    public var description: String {
      switch self {
      case .missing: "no such file"
      case .directory: "this is a folder, not a file"
      case .notRegular(let kind): "this is \(kind), not a regular file; give the path of a file"
      case .tooLarge(let limit, let size):
        "the file is larger than the limit of \(limit) bytes" + (size.map { " (it has \($0))" } ?? "")
      case .unreadable(let reason): "cannot read the file: \(reason)"
      }
    }
  }

  /// The bytes of the regular file at `path`, at most `limit` of them.
  ///
  /// The file is opened without blocking (`O_NONBLOCK`), then checked with `fstat` on the open descriptor, so a
  /// FIFO swapped in after a check can't make it wait either.
  public static func read(_ path: String, limit: Int) throws(Failure) -> Data {
    var info = stat()
    guard stat(path, &info) == 0 else { throw failure(errno) }
    try requireRegular(info)
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw failure(errno) }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else { throw failure(errno) }
    try requireRegular(info)
    if Int(info.st_size) > limit { throw .tooLarge(limit: limit, size: Int(info.st_size)) }
    // Read until end of file, whatever the size said (it can grow), but never more than one byte past the limit.
    var data = Data()
    // Room for the whole file once: a growing buffer would need twice the file at its peak.
    data.reserveCapacity(min(Int(info.st_size), limit) + 1)
    let chunk = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 1)
    defer { buffer.deallocate() }
    while data.count <= limit {
      let count = readBytes(fd, buffer, min(chunk, limit + 1 - data.count))
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      if count == 0 { break }
      data.append(buffer.assumingMemoryBound(to: UInt8.self), count: count)
    }
    if data.count > limit { throw .tooLarge(limit: limit, size: nil) }
    return data
  }

  /// What kind of file `path` is, if it exists, without opening it: `nil` for a regular file or none at all.
  public static func irregularKind(at path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return kind(info)
  }

  private static func requireRegular(_ info: stat) throws(Failure) {
    if info.st_mode & S_IFMT == S_IFDIR { throw .directory }
    if let kind = kind(info) { throw .notRegular(kind: kind) }
  }

  private static func kind(_ info: stat) -> String? {
    switch info.st_mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }

  private static func failure(_ code: Int32) -> Failure {
    switch code {
    case ENOENT, ENOTDIR: .missing
    case EISDIR: .directory
    default: .unreadable(String(cString: strerror(code)))
    }
  }
}

/// The C library's `read`, out of reach of ``RegularFile/read(_:limit:)``'s name.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
