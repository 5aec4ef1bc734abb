import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOPosix
import Synchronization
import TribeBoardAPI
import TribeBoardCore
import TribeBoardMocks

/// The services of simulations run in this process, served over HTTP on loopback: what `tribeboard check --via http`
/// and `play --via http` put between the flow and the mocks. Each phone's calls name it
/// (``phoneHeader``), so they go through that phone's own device (its network, its token, faults on its account)
/// exactly as in-process calls do; the routes are the API's (``BrowserServer/addServices(prefix:_:)``).
public final class LoopbackServices: Sendable {
  /// The header naming the calling phone, as ``register(_:_:)`` named it.
  public static let phoneHeader = "X-TribeBoard-Phone"

  private let phones = Mutex<(next: Int, known: [String: (MockEnvironment, MockDevice)])>((0, [:]))
  private let serving = Mutex<(base: String, task: Task<Void, any Error>?)>(("", nil))

  /// The API's address, such as `http://127.0.0.1:PORT/api`, once serving.
  public var base: String { serving.withLock { $0.base } }

  private init() {}

  /// Makes `device`, a phone of `environment`, known to the server; returns the name its calls carry.
  public func register(_ environment: MockEnvironment, _ device: MockDevice) -> String {
    phones.withLock { phones in
      phones.next += 1
      let name = "phone-\(phones.next)"
      phones.known[name] = (environment, device)
      return name
    }
  }

  private func phone(_ name: String?) -> (MockEnvironment, MockDevice)? {
    guard let name else { return nil }
    return phones.withLock { $0.known[name] }
  }

  /// Stops serving.
  public func stop() { serving.withLock { $0.task?.cancel() } }

  struct NotServing: Error, CustomStringConvertible {
    var description: String { "the loopback server could not listen" }
  }

  /// Starts serving on a free loopback port; returns once the socket listens.
  public static func start() async throws -> LoopbackServices {
    let services = LoopbackServices()
    let (ready, continuation) = AsyncStream.makeStream(of: Int.self)
    let router = Router(context: BasicRequestContext.self)
    var logger = Logger(label: "tribeboard.loopback")
    logger.logLevel = .critical
    BrowserServer.addServices(prefix: "/api") { method, path, route in
      router.on(RouterPath(path), method: method) { request, context in
        guard let (environment, device) = services.phone(request.headers[HTTPField.Name(phoneHeader)!])
        else {
          return BrowserServer.problemResponse(
            .init(status: 404, title: "Not found", detail: "No such phone is registered here."), cors: nil)
        }
        do {
          let buffer = try await request.body.collect(upTo: 16 << 20)
          var parameters: [String: String] = [:]
          for (key, value) in context.parameters { parameters[String(key)] = String(value) }
          var call = BrowserServer.APIRequest(
            environment: environment, parameters: parameters, body: Data(buffer.readableBytesView),
            bearer: BrowserServer.bearer(request.headers[.authorization]))
          call.phone = device
          return BrowserServer.apiResponse(try await route(call), cors: nil)
        } catch let error as AppError {
          return BrowserServer.problemResponse(Wire.Problem(error), cors: nil)
        } catch let invalid as Wire.Invalid {
          return BrowserServer.problemResponse(
            .init(status: 400, title: "Bad request", detail: "The request was not understood: \(invalid.reason)."),
            cors: nil)
        } catch {
          return BrowserServer.problemResponse(
            .init(status: 500, title: "Internal server error", detail: "\(type(of: error))"), cors: nil)
        }
      }
    }
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
      onServerRunning: { channel in
        continuation.yield(channel.localAddress?.port ?? 0)
        continuation.finish()
      },
      eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), logger: logger)
    let task = Task(executorPreference: globalConcurrentExecutor) {
      defer { continuation.finish() }
      try await app.runService()
    }
    var port = 0
    for await given in ready { port = given }
    guard port != 0 else { throw NotServing() }
    services.serving.withLock { $0 = ("http://127.0.0.1:\(port)/api", task) }
    return services
  }
}
