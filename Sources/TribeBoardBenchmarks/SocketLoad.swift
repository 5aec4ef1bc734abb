import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A load generator for `tribeboard serve`'s socket (`Benchmarks/serve.py` runs it): `connections` threads, each with
/// its own socket, send the page's steps (round the modules, ``BrowserBenchmarks/lines``) one at a time and wait for
/// each answer,
/// for `seconds`; each says the version its last answer showed, as the page does. Plain blocking sockets and the handful of WebSocket framing a client needs, so the generator costs
/// the server's machine little.
enum SocketLoad {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Steps answered per second, over every connection.
  static func run(host: String, port: Int, path: String, connections: Int, seconds: Double) throws -> Double {
    let deadline = Date().addingTimeInterval(seconds)
    let lock = NSLock()
    nonisolated(unsafe) var total = 0
    nonisolated(unsafe) var failure: Failure?
    let group = DispatchGroup()
    for _ in 0..<connections {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        do {
          let socket = try connect(host: host, port: port, path: path)
          defer { close(socket) }
          var n = 0
          var known = 0
          while Date() < deadline {
            let line = BrowserBenchmarks.lines[n % BrowserBenchmarks.lines.count].replacingOccurrences(
              of: " ", with: "+")
            try send(socket, frame("line=\(line)&known=\(known)"))
            known = version(in: try receiveFrame(socket)) ?? 0
            n += 1
          }
          lock.withLock { total += n }
        } catch {
          lock.withLock { failure = error as? Failure ?? Failure(description: "\(error)") }
        }
      }
      thread.start()
    }
    group.wait()
    if let failure { throw failure }
    return Double(total) / seconds
  }

  private static func connect(host: String, port: Int, path: String) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "no socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, host, &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure(description: "cannot connect to \(host):\(port)") }
    var one: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    let handshake =
      "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nOrigin: http://\(host):\(port)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    try send(socket, Array(handshake.utf8))
    var answer: [UInt8] = []
    while !answer.suffix(4).elementsEqual("\r\n\r\n".utf8) {
      answer.append(try receive(socket, count: 1)[0])
    }
    guard String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
      throw Failure(description: "no upgrade: \(String(decoding: answer.prefix(80), as: UTF8.self))")
    }
    return socket
  }

  /// A masked text frame (clients must mask; the key is zero, which leaves the bytes as they are).
  private static func frame(_ text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    precondition(payload.count < 126)
    return [0x81, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload
  }

  /// The version an answer shows (`<template data-version="N"`), which the next step says it knows, as the page's do.
  private static func version(in answer: [UInt8]) -> Int? {
    let prefix = Array("<template data-version=\"".utf8)
    guard answer.starts(with: prefix) else { return nil }
    return Int(String(decoding: answer[prefix.count...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self))
  }

  private static func receiveFrame(_ socket: Int32) throws -> [UInt8] {
    let head = try receive(socket, count: 2)
    var length = Int(head[1] & 0x7F)
    if length == 126 {
      let extended = try receive(socket, count: 2)
      length = Int(extended[0]) << 8 | Int(extended[1])
    } else if length == 127 {
      length = try receive(socket, count: 8).reduce(0) { $0 << 8 | Int($1) }
    }
    return try receive(socket, count: length)
  }

  private static func send(_ socket: Int32, _ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + offset, bytes.count - offset, 0) }
      guard sent > 0 else { throw Failure(description: "the server closed the socket") }
      offset += sent
    }
  }

  private static func receive(_ socket: Int32, count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let read = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + offset, count - offset, 0) }
      guard read > 0 else { throw Failure(description: "the server closed the socket") }
      offset += read
    }
    return bytes
  }
}
