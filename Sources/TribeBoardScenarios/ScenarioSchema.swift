import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// The JSON Schema of scenario files (`tribeboard schema`), for editors (through the `yaml-language-server`
/// modeline) and validators such as check-jsonschema.
///
/// It is made from the reader's own lists: each mapping's keys and required keys come from the
/// ``YAMLObject/Schema`` the reader checks it against, and enumerations (roles, error codes, operations…) from
/// the types the reader reads them as. What the lists do not say (a key's value type, a pattern) is in
/// ``valueSchema(of:in:)``; a key added to a reader's list without a value type there is still allowed, with any
/// value. The loader stays the judge: the schema catches shape and spelling, not references between values.
public enum ScenarioSchema {
  /// Where the committed copy lives, relative to the package: the modeline in each bundled scenario points to it.
  public static let fileName = "scenario.schema.json"

  /// The `yaml-language-server` modeline for a scenario beside the committed schema.
  public static let modeline = "# yaml-language-server: $schema=\(fileName)"

  /// The schema as pretty-printed JSON, ending in a newline.
  public static var text: String {
    document.rendered(indent: "") + "\n"
  }

  /// The keys of every mapping the schema describes whose value type ``valueSchema(of:in:)`` does not give:
  /// `place: key`, for a test to keep the schema complete.
  public static var untypedKeys: [String] {
    objects.flatMap { object in
      object.schema.keys.filter { valueSchema(of: $0, in: object.schema) == nil }.map {
        "\(object.schema.place ?? "top level"): \($0)"
      }
    }
  }

  // MARK: The document

  /// The mappings the schema names as definitions, with the reader's schema for each.
  private static var objects: [(name: String, schema: YAMLObject.Schema)] {
    [
      ("device", ScenarioReader.device), ("account", ScenarioReader.account),
      ("notifications", ScenarioReader.notifications), ("family", ScenarioReader.family),
      ("member", ScenarioReader.member), ("event", ScenarioReader.event), ("task", ScenarioReader.task),
      ("message", ScenarioReader.message), ("notice", ScenarioReader.notice), ("schoolRun", ScenarioReader.route),
      ("pickup", ScenarioReader.pickup), ("fault", ScenarioReader.fault), ("latency", latency),
      ("auth", ScenarioReader.auth), ("expect", expect), ("phone", ScenarioReader.phone),
      ("screen", ScenarioReader.screen), ("outbox", ScenarioReader.outbox), ("change", ScenarioReader.change),
      ("failure", ScenarioReader.failure), ("cache", ScenarioReader.cache),
      ("cachedFamily", ScenarioReader.cachedFamily), ("cachedMembers", ScenarioReader.cachedMembers),
      ("cachedMember", ScenarioReader.cachedMember), ("cachedProfile", ScenarioReader.cachedProfile),
      ("cachedNotifications", ScenarioReader.cachedNotifications), ("cachedEvents", ScenarioReader.cachedEvents),
      ("cachedEvent", ScenarioReader.cachedEvent), ("cachedTasks", ScenarioReader.cachedTasks),
      ("cachedTask", ScenarioReader.cachedTask), ("cachedMessages", ScenarioReader.cachedMessages),
      ("cachedNotices", ScenarioReader.cachedNotices), ("cachedPost", ScenarioReader.cachedPost),
      ("cachedSchoolRun", ScenarioReader.cachedSchoolRun), ("cachedRoute", ScenarioReader.cachedRoute),
      ("cachedPickup", ScenarioReader.cachedPickup), ("identities", ScenarioReader.identities),
      ("identity", ScenarioReader.identity),
    ]
  }

  private static var document: JSON {
    var definitions: [(String, JSON)] = objects.map { ($0.name, object($0.schema)) }
    definitions += [
      ("identifier", identifier), ("text", oneLineText), ("timestamp", timestamp),
      ("duration", duration), ("step", step),
    ]
    var top = object(ScenarioReader.topLevel).pairs
    top.insert(("$schema", .string("https://json-schema.org/draft/2020-12/schema")), at: 0)
    top.insert(("$id", .string("https://tribeboard.example/\(fileName)")), at: 1)
    top.insert(("title", .string("TribeBoard simulator scenario")), at: 2)
    top.insert(
      ("description", .string("Made by `tribeboard schema` from the scenario reader's own key lists; do not edit.")),
      at: 3)
    top.append(("$defs", .object(definitions)))
    return .object(top)
  }

  /// A mapping read against `schema`: its keys, none other, the required ones required.
  private static func object(_ schema: YAMLObject.Schema) -> JSON {
    var pairs: [(String, JSON)] = [("type", .string("object"))]
    if schema === expect { pairs.append(("minProperties", .int(1))) }
    pairs.append(
      ("properties", .object(schema.keys.map { ($0, valueSchema(of: $0, in: schema) ?? .object([])) })))
    if !schema.required.isEmpty {
      pairs.append(("required", .array(schema.required.map { .string($0.key) })))
    }
    pairs.append(("additionalProperties", .bool(false)))
    if schema === ScenarioReader.fault { pairs += faultRules(schema) }
    return .object(pairs)
  }

  /// A fault takes one schedule, and its operation must be one of its service's.
  private static func faultRules(_ schema: YAMLObject.Schema) -> [(String, JSON)] {
    let schedules = ["times", "call", "after", "probability"].filter { schema.keys.contains($0) }
    var rules: [JSON] = []
    for (index, first) in schedules.enumerated() {
      for second in schedules.dropFirst(index + 1) {
        rules.append(.object([("not", .object([("required", .array([.string(first), .string(second)]))]))]))
      }
    }
    for service in MockOperation.services {
      let operations = MockOperation.allCases.filter { $0.service == service }.map(\.operation)
      rules.append(
        .object([
          ("if", .object([("properties", .object([("service", .object([("const", .string(service))]))]))])),
          ("then", .object([("properties", .object([("operation", enumeration(operations))]))])),
        ]))
    }
    return [("allOf", .array(rules))]
  }

  // MARK: Value types

  /// The schema of `key`'s value in a mapping read against `schema`; `nil` when none is written here.
  static func valueSchema(of key: String, in schema: YAMLObject.Schema) -> JSON? {
    if schema === ScenarioReader.topLevel {
      switch key {
      case "name": return reference("identifier")
      case "summary": return reference("text")
      case "now": return reference("timestamp")
      case "seed": return .object([("type", .string("integer")), ("minimum", .int(0))])
      case "device", "latency", "auth": return reference(key)
      case "accounts": return list(of: reference("account"))
      case "families": return list(of: reference("family"))
      case "faults": return list(of: reference("fault"))
      case "phones": return list(of: reference("phone"))
      case "journeys":
        return .object([
          ("type", .string("object")),
          (
            "description",
            .string("Journey name → its steps: lines of REPL input as typed, or expect: { key: value, … }.")
          ),
          ("propertyNames", reference("identifier")),
          ("additionalProperties", list(of: reference("step"), minimum: 1)),
        ])
      default: return nil
      }
    }
    if schema === ScenarioReader.notifications { return boolean }
    if schema === ScenarioReader.device || schema === ScenarioReader.phone {
      switch key {
      case "onboardingCompleted", "signedIn", "offline": return boolean
      case "screen", "outbox", "cache", "identities": return reference(key)
      default: break
      }
    }
    if let cached = cacheValueSchema(of: key, in: schema) { return cached }
    if schema === ScenarioReader.identities { return reference("identity") }
    if schema === ScenarioReader.auth, key == "signUp" { return boolean }
    if schema === ScenarioReader.screen {
      switch key {
      case "id":
        return enumeration(ScreenID.allCases.filter { ScenarioReader.restorableScreens[$0] != nil }.map(\.rawValue))
      case "back": return reference("screen")
      case "action": return reference("identifier")
      case "argument": return reference("text")
      default: break
      }
    }
    if schema === ScenarioReader.change, key == "change" {
      return enumeration(ScenarioReader.changeKinds.keys.sorted())
    }
    if schema === latency || (schema === ScenarioReader.auth && key.hasSuffix("Lifetime")) || key == "mfaLockout" {
      return reference("duration")
    }
    if schema === expect { return expectValue(key) }
    switch key {
    case "id": return reference("identifier")
    case "name", "title", "place", "text", "route", "summary": return reference("text")
    case "email": return .object([("type", .string("string")), ("pattern", .string("@"))])
    case "user", "account", "assignee", "from", "driver", "lastRead": return reference("identifier")
    case "providers": return list(of: enumeration(AuthProvider.allCases.map(\.rawValue)), minimum: 1, unique: true)
    case "mfaCode":
      return .object([
        (
          "anyOf",
          .array([
            .object([("type", .string("string")), ("pattern", .string("^[0-9]{6}$"))]),
            .object([("type", .string("integer")), ("minimum", .int(100_000)), ("maximum", .int(999_999))]),
          ])
        )
      ])
    case "child", "pinned", "waited", "mineOnly": return boolean
    case "accessUntil", "refreshUntil", "lockedUntil", "familyCodesLockedUntil", "updatedAt", "nextAttempt":
      return reference("timestamp")
    case "by", "updatedBy", "item", "member", "family", "task", "to", "notice", "pickup": return reference("identifier")
    case "message": return reference("text")
    case "provider": return enumeration(AuthProvider.allCases.map(\.rawValue))
    case "shown": return list(of: reference("identifier"))
    case "changes": return list(of: reference("change"))
    case "failure": return reference("failure")
    case "page", "attempts", "issued", "wrongCodes", "wrongFamilyCodes":
      return .object([("type", .string("integer")), ("minimum", .int(0))])
    case "birthday":
      return .object([
        ("type", .string("string")), ("pattern", .string("^([0-9]{4}-)?[0-9]{2}-[0-9]{2}$")),
        ("description", .string("YYYY-MM-DD or MM-DD")),
      ])
    case "notifications": return reference("notifications")
    case "code":
      let alphabet = String(Validation.familyCodeAlphabet)
      return .object([
        ("type", .array([.string("string"), .string("integer")])),
        ("pattern", .string("^[\(alphabet)\(alphabet.lowercased()) -]+$")),
        ("description", .string("\(Validation.familyCodeLength) letters and digits, like K7QM2X")),
      ])
    case "members": return list(of: reference("member"), minimum: 1)
    case "events": return list(of: reference("event"))
    case "tasks": return list(of: reference("task"))
    case "messages": return list(of: reference("message"))
    case "notices": return list(of: reference("notice"))
    case "schoolRuns": return list(of: reference("schoolRun"))
    case "pickups": return list(of: reference("pickup"))
    case "role": return enumeration(Role.allCases.map(\.rawValue))
    case "expires", "start", "due", "at": return reference("timestamp")
    case "participants", "passengers": return list(of: reference("identifier"), unique: true)
    case "points":
      return .object([("type", .string("integer")), ("minimum", .int(0)), ("maximum", .int(Validation.maximumPoints))])
    case "status": return enumeration(FamilyTask.Status.allCases.map(\.rawValue))
    case "service": return enumeration(MockOperation.services)
    case "operation": return enumeration(Array(Set(MockOperation.allCases.map(\.operation))).sorted())
    case "error": return enumeration(AppError.Code.allCases.map(\.rawValue))
    case "times", "call": return .object([("type", .string("integer")), ("minimum", .int(1))])
    case "after":
      return .object([("anyOf", .array([reference("duration"), reference("timestamp")]))])
    case "probability":
      return .object([
        ("type", .string("integer")), ("minimum", .int(1)), ("maximum", .int(100)),
        ("description", .string("a percentage")),
      ])
    case "mfaAttempts": return .object([("type", .string("integer")), ("minimum", .int(1)), ("maximum", .int(100))])
    default: return nil
    }
  }

  /// An `expect` key's value: error codes and roles from their types, or `none`; text otherwise.
  private static func expectValue(_ key: String) -> JSON? {
    guard let key = ExpectationKey(rawValue: key) else { return nil }
    let value = schema(of: key.value)
    return key.takesAList ? .object([("oneOf", .array([value, list(of: value, minimum: 1)]))]) : value
  }

  /// An expectation's value kind (``ExpectationValue``) as JSON Schema.
  private static func schema(of value: ExpectationValue) -> JSON {
    switch value {
    case .oneOf(let names): return enumeration(names)
    case .text, .person: return reference("text")
    case .account: return reference("identifier")
    case .count: return .object([("type", .string("integer")), ("minimum", .int(0)), ("maximum", .int(1_000_000))])
    case .fields(let fields):
      return .object([
        ("type", .string("object")),
        ("properties", .object(fields.map { ($0.name, schema(of: $0.value)) })),
        ("required", .array(fields.filter(\.required).map { .string($0.name) })),
        ("additionalProperties", .bool(false)),
      ])
    }
  }

  /// The reader's `latency` keys: a service, or a service's operation.
  private static let latency = YAMLObject.Schema(
    "in 'latency'", keys: MockOperation.services + MockOperation.allCases.map(\.rawValue))

  /// The reader's `expect` keys.
  private static let expect = YAMLObject.Schema("in 'expect'", keys: ScenarioReader.expectKeys)

  private static var step: JSON {
    .object([
      (
        "oneOf",
        .array([
          .object([
            ("type", .array([.string("string"), .string("number")])),
            ("description", .string("a line of REPL input, as typed")),
            ("pattern", .string("\\S")), ("not", oneLineBreak),
          ]),
          .object([
            ("type", .string("object")),
            ("properties", .object(ScenarioReader.stepKeys.map { ($0, reference($0 == "note" ? "text" : $0)) })),
            ("minProperties", .int(1)), ("maxProperties", .int(1)),
            ("additionalProperties", .bool(false)),
          ]),
        ])
      )
    ])
  }

  private static let identifier = JSON.object([
    ("type", .string("string")), ("pattern", .string("^[a-z][a-z0-9-]*$")),
    ("description", .string("a lowercase letter, then lowercase letters, digits and '-'")),
  ])

  /// Text on one line, not blank; a number is text too (the reader takes every scalar as written).
  private static let oneLineText = JSON.object([
    ("type", .array([.string("string"), .string("number")])),
    ("pattern", .string("\\S")), ("not", oneLineBreak),
  ])

  /// Matches text holding a line break.
  private static let oneLineBreak = JSON.object([("type", .string("string")), ("pattern", .string("[\\n\\r]"))])

  private static let timestamp = JSON.object([
    ("type", .string("string")),
    ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?(Z|[+-][0-9]{2}:[0-9]{2})$")),
    ("description", .string("an ISO 8601 time with a zone, like 2026-03-02T08:00:00Z")),
  ])

  private static let duration = JSON.object([
    ("type", .string("string")),
    ("pattern", .string("^[0-9]{1,9}(" + DurationText.units.map(\.suffix).joined(separator: "|") + ")$")),
    ("description", .string(DurationText.help)),
  ])

  private static let boolean = JSON.object([("type", .string("boolean"))])

  private static func reference(_ name: String) -> JSON {
    .object([("$ref", .string("#/$defs/\(name)"))])
  }

  private static func enumeration(_ values: [String]) -> JSON {
    .object([("enum", .array(values.map { .string($0) }))])
  }

  private static func list(of item: JSON, minimum: Int = 0, unique: Bool = false) -> JSON {
    var pairs: [(String, JSON)] = [("type", .string("array")), ("items", item)]
    if minimum > 0 { pairs.append(("minItems", .int(minimum))) }
    if unique { pairs.append(("uniqueItems", .bool(true))) }
    return .object(pairs)
  }
}

/// A JSON value whose objects keep their keys in the order given, so the schema's text is stable and readable.
enum JSON {
  case string(String)
  case int(Int)
  case bool(Bool)
  case array([JSON])
  case object([(String, JSON)])

  var pairs: [(String, JSON)] {
    if case .object(let pairs) = self { return pairs }
    return []
  }

  /// The value as text, two spaces an indent level; arrays of scalars on one line.
  func rendered(indent: String) -> String {
    switch self {
    case .string(let text): return Self.quoted(text)
    case .int(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    case .array(let items):
      if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
        return "[" + items.map { $0.rendered(indent: "") }.joined(separator: ", ") + "]"
      }
      let inner = indent + "  "
      return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let pairs):
      guard !pairs.isEmpty else { return "{}" }
      let inner = indent + "  "
      return "{\n"
        + pairs.map { inner + Self.quoted($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(separator: ",\n")
        + "\n\(indent)}"
    }
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension ScenarioSchema {
  /// The value types of a phone's `cache:` that differ from the same keys elsewhere.
  fileprivate static func cacheValueSchema(of key: String, in schema: YAMLObject.Schema) -> JSON? {
    let lists: [(YAMLObject.Schema, String)] = [
      (ScenarioReader.cachedMembers, "cachedMember"), (ScenarioReader.cachedEvents, "cachedEvent"),
      (ScenarioReader.cachedTasks, "cachedTask"), (ScenarioReader.cachedMessages, "cachedPost"),
      (ScenarioReader.cachedNotices, "cachedPost"),
    ]
    if let (_, item) = lists.first(where: { $0.0 === schema }), key == "list" { return list(of: reference(item)) }
    if schema === ScenarioReader.cache {
      switch key {
      case "family": return reference("cachedFamily")
      case "members", "events", "tasks", "messages", "notices", "profile", "notifications", "schoolRun":
        return reference("cached" + key.prefix(1).uppercased() + key.dropFirst())
      default: return nil
      }
    }
    if schema === ScenarioReader.cachedNotifications, key != "at" { return boolean }
    if schema === ScenarioReader.cachedFamily, key == "unread" {
      return .object([("type", .string("integer")), ("minimum", .int(0))])
    }
    if schema === ScenarioReader.cachedEvent, key == "kind" {
      return enumeration(CalendarEvent.Kind.allCases.map(\.rawValue))
    }
    if schema === ScenarioReader.cachedSchoolRun {
      switch key {
      case "routes": return list(of: reference("cachedRoute"))
      case "pickups": return list(of: reference("cachedPickup"))
      default: return nil
      }
    }
    return nil
  }
}
