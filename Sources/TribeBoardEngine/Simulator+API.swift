import Foundation
import Synchronization
import TribeBoardCore
import TribeBoardMocks
import TribeBoardScenarios

/// A call of the services' HTTP API (`/api/…`) as a line of the simulation: a page recording keeps every call an API
/// client made while it recorded as `:api METHOD PATH [bearer TOKEN] [BODY]`, and replaying the line makes the same
/// call, so a recording holds whatever changed the world, whoever changed it.
public struct APICall: Equatable, Sendable {
  /// `GET`, `POST`, `PUT`, `DELETE`…
  public var method: String
  /// The path under `/api`: `/families/johnsons/tasks`.
  public var path: String
  /// The bearer token the call carried, if any. Tokens come from the simulation's seeded sources, so a replay that
  /// makes the same calls in the same order issues the same ones.
  public var bearer: String?
  /// The JSON body, on one line; empty for none.
  public var body: String

  public init(method: String, path: String, bearer: String?, body: String) {
    self.method = method.uppercased()
    self.path = path
    self.bearer = bearer.flatMap { $0.isEmpty ? nil : $0 }
    // JSON holds a line break only as whitespace between its tokens (one inside a string is written \n): a
    // space reads the same and keeps the call on one line.
    self.body =
      body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }.joined(separator: " ")
      .trimmingWhitespaceScalars
  }

  /// Reads the words after `:api`; `nil` when they are not `METHOD /PATH [bearer TOKEN] [BODY]`.
  public init?(words: String) {
    var rest = Substring(words.trimmingWhitespaceScalars)
    func word() -> String {
      let taken = rest.prefix { $0 != " " }
      rest = rest.dropFirst(taken.count).drop { $0 == " " }
      return String(taken)
    }
    let method = word()
    let path = word()
    guard !method.isEmpty, method.allSatisfy({ $0.isASCII && $0.isLetter }), path.hasPrefix("/"),
      !path.contains(where: { $0 == "?" || $0 == "#" })
    else { return nil }
    var bearer: String?
    if rest.hasPrefix("bearer ") {
      _ = word()
      bearer = word()
      guard bearer?.isEmpty == false else { return nil }
    }
    self.init(method: method, path: path, bearer: bearer, body: String(rest))
  }

  /// The words `:api` takes for this call.
  public var words: String {
    var words = "\(method) \(path)"
    if let bearer { words += " bearer \(bearer)" }
    if !body.isEmpty { words += " \(body)" }
    return words
  }

  /// Whether the call may change the world (every method but GET): every open phone then loads its screen again.
  public var mayChange: Bool { method != "GET" }
}

extension Simulator {
  /// How `:api` makes a call: the server's own routes, run without a socket, answering the HTTP status. Set by the
  /// front-end that serves them (`tribeboard` sets it as it starts); without it `:api` is refused.
  public static let apiRoutes = Mutex<(@Sendable (MockEnvironment, APICall) async -> Int)?>(nil)

  /// `:api METHOD PATH [bearer TOKEN] [BODY]`: makes the call, as the API client did.
  func api(_ call: APICall, into step: inout Step) async {
    guard let route = Self.apiRoutes.withLock({ $0 }) else {
      step.messages.append(
        .init(kind: .problem, text: "? :api needs the server's routes: replay this with tribeboard check or play."))
      step.snapshot = shownSnapshot
      return
    }
    let status = await route(environment, call)
    await answered(call, status: status, into: &step)
  }

  /// The step for `call`, which an API client made and `status` answered, as `:api` makes it when the line
  /// is replayed: a page recording keeps it, so the recording and its replay say the same.
  package func step(for call: APICall, answered status: Int) async -> Step {
    var step = Step(input: ":api \(call.words)")
    await answered(call, status: status, into: &step)
    finish(&step)
    history.append(":api \(call.words)")
    return step
  }

  /// After a call: every open phone loads its screen again when the call may have changed the world, as it does
  /// for the page; the simulated time the call took is the client's, which no screen waited on.
  private func answered(_ call: APICall, status: Int, into step: inout Step) async {
    if call.mayChange { await refreshOpenPhones() }
    _ = environment.backend.takeElapsed()
    step.messages.append(.init(kind: .info, text: "API: \(call.method) \(call.path) answered \(status)."))
    step.snapshot = shownSnapshot
  }
}
