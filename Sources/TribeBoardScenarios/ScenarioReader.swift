import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// Walks a composed scenario document and builds the ``Scenario`` it describes, checking every key, type,
/// value and reference on the way and collecting a diagnostic for each problem.
struct ScenarioReader {
  var reader: NodeReader
  let source: String
  let defaultName: String

  var world = MockWorld()
  /// Every account id written (valid or not), in order, for references and suggestions.
  var accountIDs: [String] = []
  var accountPositions: [String: Position] = [:]
  var childAccounts: Set<String> = []
  var familyPositions: [String: Position] = [:]
  var familyCodes: [String: (family: String, position: Position)] = [:]
  /// Every item id in use, with what uses it: ids are unique across all families and kinds of item.
  var itemIDs = ItemIDs()
  /// How many families a part holds at least when the families are read in parts, at once (see
  /// ``readFamilies(_:documentNodes:)``): below this, a thread costs more than it saves.
  var familiesPerPart = 2_000
  /// How many parts are read at once at most; the machine's cores when `nil`.
  var cores: Int?
  /// How many parts the families were read in: 1 when in one pass.
  var familyParts = 1
  /// The screen each phone reopens on, by its person.
  var screens: [UserID: SavedScreen] = [:]
  /// The ids of the changes queued on the phone being read: a message or notice made offline shows on that phone
  /// under its change's id, so its saved screen may name it.
  var queuedItems: Set<ItemID> = []
  /// Accounts whose sign-in is locked, and until when.
  var signInLocks: [UserID: Date] = [:]
  var attempts: [UserID: CodeAttempts] = [:]
  /// The scenario's `now`, once read: a world's rules hold at that time.
  var now: Date?
  /// The family each account is active in at `now`, and where: a person is in one family at a time.
  var activeFamilies: [UserID: (family: FamilyID, position: Position)] = [:]
  /// The account of each email (by ``RoleRules/emailKey(_:)``), and where: one account an email.
  var emails: [String: (account: String, position: Position)] = [:]

  init(file: String, source: String, defaultName: String) {
    reader = NodeReader(file: file)
    self.source = source
    self.defaultName = defaultName
  }

  static let topLevel = YAMLObject.Schema(
    nil,
    keys: [
      "name", "summary", "now", "seed", "device", "phones", "accounts", "families", "faults", "latency", "auth",
      "journeys",
    ],
    required: [
      ("summary", "a one-line description of the scenario"),
      ("now", "the simulated time the scenario starts at, like 2026-03-02T08:00:00Z"),
      ("device", "who holds the device: user, onboardingCompleted, signedIn"),
      ("accounts", "the people who can sign in, each with id, name, email and providers"),
    ])

  /// The scenario, or `nil` when anything was wrong (see ``reader``'s diagnostics). With `lazyJourneys`, the
  /// journeys are read when first asked for, and must then have nothing wrong with them (for the built-in scenarios,
  /// which the tests load both ways).
  mutating func read(_ root: Node?, lazyJourneys: Bool = false) -> Scenario? {
    guard let root else {
      reader.report(
        "the file holds no YAML; a scenario needs at least the keys summary, now, device and accounts", at: .start)
      return nil
    }
    guard let top = reader.object(root, Self.topLevel, subject: "the top level of a scenario") else { return nil }
    var name = defaultName
    if let node = top["name"], let given = reader.identifier(node, what: "the scenario name") {
      name = given.value
      if source.hasPrefix("built-in:"), name != defaultName {
        reader.report(
          "the built-in scenario in '\(defaultName).yaml' is named '\(name)'; built-in scenarios are found by file "
            + "name, so name it '\(defaultName)' or rename the file", at: node)
      }
    }
    let summary = top["summary"].flatMap { reader.text($0, key: "summary", singleLine: true) }
    let now = top["now"].flatMap { reader.timestamp($0, key: "now") }
    self.now = now
    let seed = top["seed"].map { reader.unsigned($0, key: "seed") } ?? 1
    if let node = top["accounts"] { readAccounts(node) }
    if let node = top["families"], let families = reader.list(node, key: "families") {
      readFamilies(families, documentNodes: root.documentNodeCount)
    }
    let device = top["device"].flatMap { readDevice($0, key: "device") }
    let phones = top["phones"].map { readPhones($0, device: device) } ?? []
    var faults: [Fault] = []
    if let node = top["faults"], let items = reader.list(node, key: "faults"), let now {
      faults = items.compactMap { readFault($0, start: now) }
    }
    let latency = top["latency"].flatMap { readLatency($0) } ?? [:]
    let auth = top["auth"].flatMap { readAuthPolicy($0) } ?? MockAuthPolicy()
    let journeysNode = top["journeys"]
    let journeys = lazyJourneys ? [] : journeysNode.map { readJourneys($0) } ?? []
    guard !reader.hasErrors, let summary, let now, let seed, let device else { return nil }
    let configuration = MockConfiguration(
      now: now, seed: seed, world: world, device: device, phones: phones, faults: faults, latency: latency,
      auth: auth, signInLocks: signInLocks, attempts: attempts)
    guard lazyJourneys, let journeysNode else {
      return Scenario(
        name: name, summary: summary.value, source: source, configuration: configuration, journeys: journeys,
        screens: screens)
    }
    let finished = self
    // The names as reading the journeys gives them: each key's text (reading refuses any other).
    let names = journeysNode.mapping.map { mapping in mapping.compactMap { $0.key.string } } ?? []
    return Scenario(
      name: name, summary: summary.value, source: source, configuration: configuration, journeyNames: names,
      readingJourneys: {
        var reader = finished
        let journeys = reader.readJourneys(journeysNode)
        let problems = reader.reader.sortedDiagnostics()
        precondition(
          problems.isEmpty,
          "the journeys of \(reader.source) have problems, found only when first used: "
            + problems.map(\.description).joined(separator: "; "))
        return journeys
      }, screens: screens)
  }

  // MARK: Accounts

  static let account = YAMLObject.Schema(
    "in an account",
    keys: [
      "id", "name", "email", "providers", "mfaCode", "child", "birthday", "notifications", "lockedUntil", "wrongCodes",
      "wrongFamilyCodes", "familyCodesLockedUntil",
    ],
    required: [
      ("id", "a short name such as 'sarah', used to refer to the account"),
      ("name", "the person's full name"),
      ("email", "the person's email address"),
      ("providers", "the providers the account signs in with: apple, google or both"),
    ])

  static let notifications = YAMLObject.Schema(
    "in notifications", keys: NotificationPreferences.Kind.allCases.map(\.rawValue))

  mutating func readAccounts(_ node: Node) {
    guard let items = reader.list(node, key: "accounts") else { return }
    for item in items {
      if let account = readAccount(item) { world.accounts.append(account) }
    }
  }

  private mutating func readAccount(_ node: Node) -> MockAccount? {
    guard let object = reader.object(node, Self.account, subject: "each account") else { return nil }
    var id: String?
    if let node = object["id"] {
      if case .scalar(let scalar) = node {
        if let earlier = accountPositions[scalar.string] {
          reader.report("account id '\(scalar.string)' is already used by the account at \(earlier)", at: node)
        } else {
          accountIDs.append(scalar.string)
          accountPositions[scalar.string] = Position(node)
        }
      }
      id = reader.identifier(node, what: "account id")?.value
    }
    let name = object["name"].flatMap { node in
      checked(reader.text(node, key: "name", singleLine: true), .personName, key: "name", at: node)
    }
    var email: String?
    if let node = object["email"], let text = reader.text(node, key: "email", singleLine: true) {
      if Validation.isEmail(text.value) {
        email = text.value
        let key = RoleRules.emailKey(text.value)
        if let earlier = emails[key] {
          reader.report(
            "email '\(text.value)' is already the email of account '\(earlier.account)' at \(earlier.position); "
              + "one account an email, so give each account its own", at: node)
        } else if let id {
          emails[key] = (id, Position(node))
        }
      } else {
        reader.report("'email' must be an email address with an '@', found \(NodeReader.quoted(text.value))", at: node)
      }
    }
    var providers: [AuthProvider] = []
    if let node = object["providers"], let items = reader.list(node, key: "providers") {
      if items.isEmpty { reader.report("'providers' must name at least one of apple, google", at: node) }
      for item in items {
        guard let provider = reader.choice(item, key: "provider", as: AuthProvider.self) else { continue }
        if providers.contains(provider) {
          reader.report("provider '\(provider.rawValue)' is listed twice", at: item)
        }
        providers.append(provider)
      }
    }
    var mfaCode: String?
    if let node = object["mfaCode"], let code = reader.text(node, key: "mfaCode") {
      if code.value.count == 6, code.value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
        mfaCode = code.value
      } else {
        reader.report(
          "'mfaCode' must be exactly 6 digits, like \"123456\"; found \(NodeReader.quoted(code.value))", at: node)
      }
    }
    let isChild = object["child"].flatMap { reader.bool($0, key: "child") } ?? false
    if isChild, let id { childAccounts.insert(id) }
    var birthday: DayOfYear?
    if let node = object["birthday"] {
      if case .scalar(let scalar) = node, let day = Timestamp.dayOfYear(from: scalar.string) {
        birthday = day
      } else {
        reader.report(
          "'birthday' must be a real date written YYYY-MM-DD or MM-DD, like 2015-06-14 or 06-14; found "
            + NodeReader.describe(node), at: node)
      }
    }
    var notifications = NotificationPreferences()
    if let node = object["notifications"],
      let settings = reader.object(node, Self.notifications, subject: "'notifications'")
    {
      for kind in NotificationPreferences.Kind.allCases {
        if let value = settings[kind.rawValue].flatMap({ reader.bool($0, key: kind.rawValue) }) {
          notifications[kind] = value
        }
      }
    }
    let lockedUntil = NodeReader.optional(object["lockedUntil"]) { reader.timestamp($0, key: "lockedUntil") }
    let wrongCodes = NodeReader.optional(object["wrongCodes"]) { reader.integer($0, key: "wrongCodes") }
    let wrongFamilyCodes = NodeReader.optional(object["wrongFamilyCodes"]) {
      reader.integer($0, key: "wrongFamilyCodes")
    }
    let familyCodesLockedUntil = NodeReader.optional(object["familyCodesLockedUntil"]) {
      reader.timestamp($0, key: "familyCodesLockedUntil")
    }
    guard let id, let name, let email, !providers.isEmpty, let lockedUntil, let wrongCodes, let wrongFamilyCodes,
      let familyCodesLockedUntil
    else { return nil }
    if let lockedUntil { signInLocks[id] = lockedUntil }
    let counted = CodeAttempts(
      wrongCodes: wrongCodes ?? 0, wrongFamilyCodes: wrongFamilyCodes ?? 0,
      familyCodesLockedUntil: familyCodesLockedUntil)
    if !counted.isEmpty { attempts[id] = counted }
    return MockAccount(
      profile: UserProfile(id: id, name: name.value, email: email, birthday: birthday), providers: providers,
      mfaCode: mfaCode, isChild: isChild, notifications: notifications)
  }

  /// `text` if it is a valid text of `field`'s kind by the app's own rule (``Validation/problem(in:_:)``), which
  /// the flow checks what a person types against; else `nil`, reported at `node`.
  mutating func checked(
    _ text: Located<String>?, _ field: Validation.TextField, key: String, at node: Node
  ) -> Located<String>? {
    guard let text else { return nil }
    if let problem = Validation.problem(in: text.value, field) {
      reader.report("'\(key)' is not valid: \(problem.message)", at: node)
      return nil
    }
    return text
  }

  /// An account id that must exist: reports an unknown one with a suggestion and the list of accounts.
  mutating func account(_ node: Node, key: String, context: String) -> String? {
    guard let name = reader.text(node, key: key)?.value else { return nil }
    guard accountPositions[name] != nil else {
      reader.report(
        "unknown account \(NodeReader.quoted(name)) \(context)\(Suggestions.didYouMean(name, in: accountIDs)); "
          + (accountIDs.isEmpty ? "no accounts are defined" : "accounts are: \(Suggestions.list(accountIDs))"),
        at: node)
      return nil
    }
    return name
  }
}

/// The ids of a scenario's items (events, tasks, messages, notices, school runs, pickups), each with the first item
/// that uses it. When the families were read in parts (``ScenarioReader/readFamilies(_:documentNodes:)``), one
/// table a part, in order, no id in two of them: joining them into one would cost as much as reading a part.
struct ItemIDs {
  typealias Use = (kind: String, position: Position)

  /// Never empty; ids are claimed in the last.
  private(set) var parts: [[ItemID: Use]] = [[:]]

  /// What uses `id`, if anything does.
  subscript(id: ItemID) -> Use? {
    for part in parts {
      if let use = part[id] { return use }
    }
    return nil
  }

  /// Every id, in no particular order.
  var all: [ItemID] { parts.flatMap(\.keys) }

  mutating func reserveCapacity(_ count: Int) { parts[parts.count - 1].reserveCapacity(count) }

  /// Records that `use` uses `id`; when something already does, keeps it and returns it.
  mutating func claim(_ id: ItemID, by use: Use) -> Use? {
    for part in parts.dropLast() {
      if let earlier = part[id] { return earlier }
    }
    // One lookup, not two: a second use of an id is rare, and then the first is put back.
    guard let earlier = parts[parts.count - 1].updateValue(use, forKey: id) else { return nil }
    parts[parts.count - 1][id] = earlier
    return earlier
  }

  /// Adds the tables of `other`, a reader of the families after these; `false`, and nothing added, when an id is in
  /// both.
  mutating func join(_ other: ItemIDs) -> Bool {
    for part in other.parts {
      for id in part.keys where self[id] != nil { return false }
    }
    parts = (parts + other.parts).filter { !$0.isEmpty }
    if parts.isEmpty { parts = [[:]] }
    return true
  }
}
