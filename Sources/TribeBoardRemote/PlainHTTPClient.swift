import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// HTTP/1.1 over plain TCP on swift-nio, one connection a call: what the Remote services need of an HTTP client.
public struct PlainHTTPClient: Sendable {
  /// Why a call got no answer: an address it can't call (not `http://host[:port]/…`), an answer cut short or larger
  /// than the limit, or no answer within the timeout.
  public enum Failure: Error, Equatable, Sendable {
    case unsupportedAddress(String)
    case incompleteAnswer
    case answerTooLarge
    case timedOut
  }

  /// A client on NIO's shared event loops.
  public static let shared = PlainHTTPClient(group: MultiThreadedEventLoopGroup.singleton)

  let group: any EventLoopGroup

  public init(group: any EventLoopGroup) {
    self.group = group
  }

  /// Sends `method` to `url` with `headers` and `body`, and answers with the status and body, or throws when no whole
  /// answer of at most `limit` bytes came within `timeout` (connecting included).
  public func call(
    _ method: HTTPMethod, _ url: String, headers: [(name: String, value: String)] = [], body: Data? = nil,
    timeout: TimeAmount, limit: Int
  ) async throws -> (status: Int, body: Data) {
    guard let address = URLComponents(string: url), address.scheme == "http", let host = address.host,
      !host.isEmpty
    else { throw Failure.unsupportedAddress(url) }
    let port = address.port ?? 80
    let query = address.percentEncodedQuery.map { "?" + $0 } ?? ""
    var head = HTTPRequestHead(
      version: .http1_1, method: method,
      uri: (address.percentEncodedPath.isEmpty ? "/" : address.percentEncodedPath) + query)
    head.headers.add(name: "Host", value: address.port.map { "\(host):\($0)" } ?? host)
    for header in headers { head.headers.add(name: header.name, value: header.value) }
    head.headers.add(name: "Content-Length", value: "\(body?.count ?? 0)")
    head.headers.add(name: "Connection", value: "close")

    let deadline = NIODeadline.now() + timeout
    let channel = try await ClientBootstrap(group: group).connectTimeout(timeout).connect(host: host, port: port) {
      channel in
      channel.eventLoop.makeCompletedFuture {
        try channel.pipeline.syncOperations.addHTTPClientHandlers()
        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
          wrappingChannelSynchronously: channel)
      }
    }
    let timedOut = NIOLockedValueBox(false)
    let closing = channel.channel.eventLoop.scheduleTask(deadline: deadline) {
      timedOut.withLockedValue { $0 = true }
      channel.channel.close(promise: nil)
    }
    defer { closing.cancel() }
    do {
      return try await channel.executeThenClose { inbound, outbound in
        // In one write: a server that answers on the head and closes must not fail the end's write. A failed
        // write (a server that answered early and closed) still leaves its answer to read.
        let parts: [HTTPClientRequestPart] =
          [.head(head)] + (body.map { [.body(.byteBuffer(ByteBuffer(bytes: $0)))] } ?? []) + [.end(nil)]
        try? await outbound.write(contentsOf: parts)
        var status: Int?
        var answer = ByteBuffer()
        for try await part in inbound {
          switch part {
          case .head(let head) where head.status.code >= 200: status = Int(head.status.code)
          case .head: continue  // 1xx: the answer follows
          case .body(var bytes):
            guard answer.readableBytes + bytes.readableBytes <= limit else { throw Failure.answerTooLarge }
            answer.writeBuffer(&bytes)
          case .end:
            if let status { return (status, Data(answer.readableBytesView)) }
          }
        }
        throw Failure.incompleteAnswer
      }
    } catch {
      if timedOut.withLockedValue({ $0 }) { throw Failure.timedOut }
      throw error
    }
  }
}
