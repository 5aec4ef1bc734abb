import Foundation
import TribeBoardCore
import TribeBoardMocks

/// The parts of a scenario that make things go wrong: faults, latency, and how sessions and codes run out.
extension ScenarioReader {
  // MARK: Faults

  static let fault = YAMLObject.Schema(
    "in a fault", keys: ["service", "operation", "error", "times", "call", "after", "probability", "account"],
    required: [
      ("service", "auth, data or sync"),
      ("operation", "the operation to fail, such as signIn"),
      ("error", "the error code to fail with, such as networkTimeout"),
    ])

  /// A fault: which operation, which error, when (`times`, `call`, `after` or `probability`; every call when none
  /// is given) and whose phone (`account`).
  mutating func readFault(_ node: Node, start: Date) -> Fault? {
    guard let object = reader.object(node, Self.fault, subject: "each fault") else { return nil }
    let service = object["service"].flatMap { reader.choice($0, key: "service", among: MockOperation.services) }
    var operation: MockOperation?
    if let service, let node = object["operation"] {
      let names = MockOperation.allCases.filter { $0.service == service }.map(\.operation)
      operation = reader.choice(node, key: "\(service) operation", among: names)
        .flatMap { MockOperation(rawValue: "\(service).\($0)") }
    }
    let error = object["error"].flatMap { reader.choice($0, key: "error", as: AppError.Code.self) }
    let schedules = ["times", "call", "after", "probability"].filter { object[$0] != nil }
    if schedules.count > 1, let node = object[schedules[1]] {
      reader.report(
        "a fault takes one of times, call, after and probability; this one has \(schedules.joined(separator: " and "))",
        at: node)
      return nil
    }
    var schedule: Fault.Schedule? = .always
    if let node = object["times"] {
      schedule = reader.integer(node, key: "times", minimum: 1, hint: " (leave 'times' out to fail every call)")
        .map { .next($0) }
    } else if let node = object["call"] {
      schedule = reader.integer(node, key: "call", minimum: 1, hint: " (the call to fail: 1 is the first)").map {
        .nth($0)
      }
    } else if let node = object["after"] {
      schedule = readAfter(node, start: start).map { .after($0) }
    } else if let node = object["probability"] {
      schedule = reader.integer(node, key: "probability", minimum: 1, maximum: 100, hint: " (a percentage)")
        .map { .probability(Double($0) / 100) }
    }
    let account = NodeReader.optional(object["account"]) {
      self.account($0, key: "account", context: "as the phone a fault is limited to")
    }
    guard let operation, let error, let schedule, let account else { return nil }
    return Fault(operation: operation, error: error, schedule: schedule, account: account)
  }

  /// `after: 5m` (from the scenario's start) or `after: 2026-03-02T09:00:00Z`.
  private mutating func readAfter(_ node: Node, start: Date) -> Date? {
    if case .scalar(let scalar) = node, let seconds = DurationText.seconds(scalar.string) {
      return start.addingTimeInterval(seconds)
    }
    if case .scalar(let scalar) = node, scalar.string.contains("T") {
      return reader.timestamp(node, key: "after")
    }
    reader.report(
      "'after' must be \(DurationText.help) from the scenario's start, or a time like 2026-03-02T09:00:00Z, found "
        + NodeReader.describe(node), at: node)
    return nil
  }

  // MARK: Latency

  /// `latency: { data: 2s, auth.signIn: 500ms }`: simulated time per service or operation.
  mutating func readLatency(_ node: Node) -> [String: TimeInterval]? {
    let keys = MockOperation.services + MockOperation.allCases.map(\.rawValue)
    let schema = YAMLObject.Schema("in 'latency'", keys: keys)
    guard let object = reader.object(node, schema, subject: "'latency'") else { return nil }
    var latency: [String: TimeInterval] = [:]
    for key in keys {
      guard let value = object[key] else { continue }
      guard let seconds = duration(value, key: key) else { return nil }
      guard seconds <= MockBackend.maximumLatency else {
        reader.report(
          "'\(key)': a call can take at most a day (1d) of simulated time, found \(NodeReader.describe(value))",
          at: value)
        return nil
      }
      latency[key] = seconds
    }
    return latency
  }

  // MARK: Sessions and second factors

  static let auth = YAMLObject.Schema(
    "in 'auth'",
    keys: ["accessTokenLifetime", "refreshTokenLifetime", "mfaAttempts", "mfaLockout", "mfaCodeLifetime", "signUp"])

  /// `auth: { accessTokenLifetime: 1h, refreshTokenLifetime: 30d, mfaAttempts: 5, mfaLockout: 15m,
  /// mfaCodeLifetime: 10m }`; anything left out keeps its default.
  mutating func readAuthPolicy(_ node: Node) -> MockAuthPolicy? {
    guard let object = reader.object(node, Self.auth, subject: "'auth'") else { return nil }
    var policy = MockAuthPolicy()
    var valid = true
    func lifetime(_ key: String, _ path: WritableKeyPath<MockAuthPolicy, TimeInterval>) {
      guard let node = object[key] else { return }
      guard let seconds = duration(node, key: key) else {
        valid = false
        return
      }
      guard seconds > 0 else {
        reader.report("'\(key)' must be longer than 0s", at: node)
        valid = false
        return
      }
      policy[keyPath: path] = seconds
    }
    lifetime("accessTokenLifetime", \.accessTokenLifetime)
    lifetime("refreshTokenLifetime", \.refreshTokenLifetime)
    lifetime("mfaLockout", \.mfaLockout)
    lifetime("mfaCodeLifetime", \.mfaCodeLifetime)
    if let node = object["signUp"] {
      if let open = reader.bool(node, key: "signUp") { policy.signUp = open } else { valid = false }
    }
    if let node = object["mfaAttempts"] {
      if let attempts = reader.integer(node, key: "mfaAttempts", minimum: 1, maximum: 100) {
        policy.mfaAttempts = attempts
      } else {
        valid = false
      }
    }
    return valid ? policy : nil
  }

  /// A duration such as `90s` or `1h`.
  private mutating func duration(_ node: Node, key: String) -> TimeInterval? {
    if case .scalar(let scalar) = node, let seconds = DurationText.seconds(scalar.string) { return seconds }
    reader.report("'\(key)' must be \(DurationText.help), found \(NodeReader.describe(node))", at: node)
    return nil
  }
}
