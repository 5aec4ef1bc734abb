import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// The phones: the one in hand (`device`), the others a saved world left (`phones`), what each remembers (its
/// network, the changes waiting on it) and the screen its app reopens on.
extension ScenarioReader {
  static let device = YAMLObject.Schema(
    "in 'device'",
    keys: [
      "user", "onboardingCompleted", "signedIn", "offline", "accessUntil", "refreshUntil", "screen", "outbox", "cache",
      "identities",
    ],
    required: [("user", "the id of the account holding the device")])
  static let phone = YAMLObject.Schema(
    "in a phone", keys: device.keys, required: [("user", "the id of the account holding the phone")])

  mutating func readDevice(_ node: Node, key: String) -> MockDeviceState? {
    let schema = key == "device" ? Self.device : Self.phone
    guard let object = reader.object(node, schema, subject: key == "device" ? "'device'" : "each phone") else {
      return nil
    }
    let context = key == "device" ? "as the device's user" : "as a phone's user"
    let identities = object["identities"].map { readIdentities($0) } ?? [:]
    let user: UserID?
    if identities?.isEmpty == false, let node = object["user"], let id = reader.identifier(node, what: "'user'"),
      accountPositions[id.value] == nil
    {
      // Someone TribeBoard does not know yet: the id their account gets if they sign up.
      user = id.value
      if let signedIn = object["signedIn"], reader.bool(signedIn, key: "signedIn") == true {
        reader.report("'\(id.value)' has no account yet, so the phone can't be signed in", at: signedIn)
      }
    } else {
      user = object["user"].flatMap { account($0, key: "user", context: context) }
    }
    let onboarded = object["onboardingCompleted"].flatMap { reader.bool($0, key: "onboardingCompleted") }
    let signedIn = object["signedIn"].flatMap { reader.bool($0, key: "signedIn") }
    let offline = object["offline"].flatMap { reader.bool($0, key: "offline") }
    let outbox = object["outbox"].map { readOutbox($0, owner: user) } ?? Outbox()
    let accessUntil = NodeReader.optional(object["accessUntil"]) { reader.timestamp($0, key: "accessUntil") }
    let refreshUntil = NodeReader.optional(object["refreshUntil"]) { reader.timestamp($0, key: "refreshUntil") }
    for key in ["accessUntil", "refreshUntil"] where signedIn != true {
      if let node = object[key] {
        reader.report("'\(key)' is when a stored session runs out: it needs signedIn: true", at: node)
      }
    }
    queuedItems = Set(outbox?.changes.map(\.id) ?? [])
    if let node = object["screen"], let screen = readScreen(node), let user { screens[user] = screen }
    queuedItems = []
    let cache = object["cache"].map { readCache($0, user: user) } ?? PhoneCache()
    if let node = object["cache"], signedIn != true {
      reader.report("'cache' is what a signed-in phone kept of its family: it needs signedIn: true", at: node)
    }
    guard let user, let outbox, let accessUntil, let refreshUntil, let cache, let identities else { return nil }
    return MockDeviceState(
      user: user, onboardingCompleted: onboarded ?? false, signedIn: signedIn ?? false, offline: offline ?? false,
      outbox: outbox, accessUntil: accessUntil, refreshUntil: refreshUntil, cache: cache, identities: identities)
  }

  static let identities = YAMLObject.Schema(
    "in 'identities'", keys: AuthProvider.allCases.map(\.rawValue))
  static let identity = YAMLObject.Schema(
    "in an identity", keys: ["name", "email"],
    required: [
      ("name", "the person's name as the provider gives it"), ("email", "their email as the provider gives it"),
    ])

  /// `identities: { apple: { name: Jo Park, email: jo@example.com } }`: who each provider says the holder is.
  mutating func readIdentities(_ node: Node) -> ProviderIdentities? {
    guard let object = reader.object(node, Self.identities, subject: "'identities'") else { return nil }
    var identities: ProviderIdentities = [:]
    var valid = true
    for provider in AuthProvider.allCases {
      guard let node = object[provider.rawValue] else { continue }
      guard let fields = reader.object(node, Self.identity, subject: "an identity"),
        let name = fields["name"].flatMap({ reader.text($0, key: "name", singleLine: true) }),
        let email = fields["email"].flatMap({ reader.text($0, key: "email", singleLine: true) })
      else {
        valid = false
        continue
      }
      guard email.value.contains("@") else {
        reader.report("'email' must contain @", at: email.position)
        valid = false
        continue
      }
      identities[provider] = ProviderIdentity(provider: provider, name: name.value, email: email.value)
    }
    return valid ? identities : nil
  }

  /// `phones`: other people's phones, each at most once and never the device's.
  mutating func readPhones(_ node: Node, device: MockDeviceState?) -> [MockDeviceState] {
    guard let items = reader.list(node, key: "phones") else { return [] }
    var phones: [MockDeviceState] = []
    var holders: Set<UserID> = device.map { [$0.user] } ?? []
    for item in items {
      guard let phone = readDevice(item, key: "phone") else { continue }
      guard holders.insert(phone.user).inserted else {
        reader.report(
          "'\(phone.user)' already has a phone (in 'device' or earlier in 'phones'); a person has one phone",
          at: item)
        continue
      }
      phones.append(phone)
    }
    return phones
  }

  // MARK: Screens

  /// The screens an app can reopen on, and the keys each takes besides `id`.
  static let restorableScreens: [ScreenID: [String]] = [
    .onboarding: ["page"], .signIn: [], .familySetup: [], .createFamily: [], .joinFamily: [], .dashboard: [],
    .calendar: ["shown"], .eventDetail: ["item"], .addEvent: ["title", "start", "place", "participants"],
    .tasks: ["mineOnly", "shown"], .taskDetail: ["item"], .addTask: ["title", "assignee", "due", "points"],
    .messages: [], .noticeboard: ["shown"], .schoolRun: ["shown"], .settings: [], .profile: [], .notifications: [],
    .familyManagement: ["shown"], .memberDetail: ["member"], .familyCreated: [], .familyPreview: ["code"],
    .mfa: ["provider"], .signUp: ["provider"], .confirm: ["back", "action", "argument"],
  ]
  static let screenKeys = [
    "id", "page", "item", "member", "mineOnly", "shown", "title", "start", "place", "participants", "assignee", "due",
    "points", "code", "provider", "back", "action", "argument",
  ]
  static let screen = YAMLObject.Schema(
    "in 'screen'", keys: screenKeys, required: [("id", "the screen the app reopens on, such as dashboard")])

  /// `screen: { id: taskDetail, item: bins }`: where the phone's app reopens.
  mutating func readScreen(_ node: Node) -> SavedScreen? {
    guard let object = reader.object(node, Self.screen, subject: "'screen'"), let idNode = object["id"] else {
      return nil
    }
    let names = ScreenID.allCases.filter { Self.restorableScreens[$0] != nil }.map(\.rawValue)
    guard let id = reader.choice(idNode, key: "screen", among: names).flatMap(ScreenID.init(rawValue:)) else {
      return nil
    }
    let allowed = Self.restorableScreens[id] ?? []
    var valid = true
    for key in object.keysInOrder where key.value != "id" && !allowed.contains(key.value) {
      let takes = allowed.isEmpty ? "takes no other key" : "takes \(allowed.joined(separator: ", "))"
      reader.report("'\(key.value)' does not belong to the \(id.rawValue) screen, which \(takes)", at: key.position)
      valid = false
    }
    guard valid else { return nil }
    switch id {
    case .familyPreview:
      guard let node = object["code"] else {
        reader.report("the familyPreview screen needs 'code': the family code typed", at: object.position)
        return nil
      }
      guard let text = reader.text(node, key: "code") else { return nil }
      do throws(AppError) {
        return .familyPreview(code: try Validation.familyCode(text.value))
      } catch {
        reader.report("family code \(NodeReader.quoted(text.value)) is not valid: \(error.message)", at: node)
        return nil
      }
    case .mfa:
      guard let node = object["provider"] else {
        reader.report(
          "the mfa screen needs 'provider': apple or google, the sign-in waiting for its code", at: object.position)
        return nil
      }
      return reader.choice(node, key: "provider", as: AuthProvider.self).map { .verification($0) }
    case .signUp:
      guard let node = object["provider"] else {
        reader.report(
          "the signUp screen needs 'provider': apple or google, the sign-in that offered the account",
          at: object.position)
        return nil
      }
      return reader.choice(node, key: "provider", as: AuthProvider.self).map { .signUp($0) }
    case .confirm:
      return readQuestion(object)
    default:
      return readPlainScreen(id, object).map { .screen($0) }
    }
  }

  /// `{ id: confirm, action: remove, back: { id: memberDetail, member: rose } }`: the question the action asks on
  /// the screen `back`.
  private mutating func readQuestion(_ object: YAMLObject) -> SavedScreen? {
    guard let backNode = object["back"], let actionNode = object["action"] else {
      reader.report(
        "the confirm screen needs 'back' (the screen the question was asked from) and 'action' (the action that "
          + "asks it)", at: object.position)
      return nil
    }
    guard case .screen(let back)? = readScreen(backNode) else {
      if !reader.hasErrors { reader.report("'back' must be a screen of its own, not a question", at: backNode) }
      return nil
    }
    let asking = FlowTable.app[back.id].actions.filter { $0.confirmation != nil }.map(\.id.rawValue)
    guard !asking.isEmpty else {
      reader.report("no action of the \(back.id.rawValue) screen asks a question first", at: backNode)
      return nil
    }
    guard let action = reader.choice(actionNode, key: "action", among: asking).flatMap(ActionID.init(rawValue:)) else {
      return nil
    }
    guard let node = object["argument"] else { return .question(back: back, intent: Intent(action)) }
    guard let text = reader.text(node, key: "argument", singleLine: true) else { return nil }
    guard let spec = FlowTable.app[back.id].actions.first(where: { $0.id == action }), let kind = spec.argument else {
      reader.report("'argument': the \(action.rawValue) action takes no value", at: node)
      return nil
    }
    do throws(AppError) {
      let now = Date(timeIntervalSince1970: 0)
      return .question(back: back, intent: Intent(action, try kind.parse(text.value, now: now, usage: spec.usage)))
    } catch {
      reader.report("'argument': \(error.message)", at: node)
      return nil
    }
  }

  private mutating func readPlainScreen(_ id: ScreenID, _ object: YAMLObject) -> Screen? {
    switch id {
    case .onboarding:
      let page = object["page"].map { reader.integer($0, key: "page", minimum: 1, maximum: 3) } ?? 1
      return page.map { .onboarding(page: $0) }
    case .signIn: return .signIn
    case .familySetup: return .familySetup
    case .createFamily: return .createFamily
    case .joinFamily: return .joinFamily
    case .dashboard: return .dashboard
    case .familyCreated: return .familyCreated
    case .calendar:
      let shown = object["shown"].map { itemReferences($0, key: "shown", of: Self.calendarKinds) } ?? []
      return shown.map { .calendar(shown: $0) }
    case .messages: return .messages
    case .schoolRun:
      let shown = object["shown"].map { itemReferences($0, key: "shown", of: ["pickup"]) } ?? []
      return shown.map { .schoolRun(shown: $0) }
    case .settings: return .settings
    case .profile: return .profile
    case .notifications: return .notifications
    case .familyManagement:
      let shown = object["shown"].map { accounts($0, key: "shown") } ?? []
      if let shown, let node = object["shown"], !distinct(shown, node, key: "shown") { return nil }
      return shown.map { .familyManagement(shown: $0) }
    case .eventDetail, .taskDetail:
      guard let node = object["item"] else {
        reader.report("the \(id.rawValue) screen needs 'item': the id of the item it shows", at: object.position)
        return nil
      }
      let kinds = id == .eventDetail ? Self.calendarKinds : ["task"]
      guard let item = itemReference(node, key: "item", of: kinds) else { return nil }
      return id == .eventDetail ? .eventDetail(item) : .taskDetail(item)
    case .memberDetail:
      guard let node = object["member"] else {
        reader.report("the memberDetail screen needs 'member': the account it shows", at: object.position)
        return nil
      }
      return account(node, key: "member", context: "on the memberDetail screen").map { .memberDetail($0) }
    case .tasks:
      let mineOnly = object["mineOnly"].map { reader.bool($0, key: "mineOnly") } ?? false
      let shown = object["shown"].map { itemReferences($0, key: "shown", of: ["task"]) } ?? []
      guard let mineOnly, let shown else { return nil }
      return .tasks(mineOnly: mineOnly, shown: shown)
    case .noticeboard:
      let shown = object["shown"].map { itemReferences($0, key: "shown", of: ["notice"]) } ?? []
      return shown.map { .noticeboard(shown: $0) }
    case .addEvent:
      var draft = EventDraft()
      let title = NodeReader.optional(object["title"]) { reader.text($0, key: "title", singleLine: true) }
      let start = NodeReader.optional(object["start"]) { reader.timestamp($0, key: "start") }
      let place = NodeReader.optional(object["place"]) { reader.text($0, key: "place", singleLine: true) }
      let participants = object["participants"].map { accounts($0, key: "participants") } ?? []
      guard let title, let start, let place, let participants else { return nil }
      draft.title = title?.value
      draft.start = start
      draft.place = place?.value
      draft.participants = participants
      return .addEvent(draft)
    case .addTask:
      var draft = TaskDraft()
      let title = NodeReader.optional(object["title"]) { reader.text($0, key: "title", singleLine: true) }
      let assignee = NodeReader.optional(object["assignee"]) {
        account($0, key: "assignee", context: "on the addTask screen")
      }
      let due = NodeReader.optional(object["due"]) { reader.timestamp($0, key: "due") }
      let points = object["points"].map { reader.integer($0, key: "points", maximum: Validation.maximumPoints) } ?? 0
      guard let title, let assignee, let due, let points else { return nil }
      draft.title = title?.value
      draft.assignee = assignee
      draft.due = due
      draft.points = points
      return .addTask(draft)
    case .mfa, .signUp, .preparing, .familyPreview, .confirm:
      return nil
    }
  }

  /// Whether `id` is one a phone gives the changes it makes: `USER-change-N`.
  static func isChangeID(_ id: String) -> Bool {
    guard let range = id.range(of: "-change-", options: .backwards) else { return false }
    let number = id[range.upperBound...]
    return range.lowerBound > id.startIndex && !number.isEmpty && number.allSatisfy(\.isASCII) && Int(number) != nil
  }

  /// What the calendar lists: events, pickups, and birthdays (`birthday-ACCOUNT`).
  static let calendarKinds = ["event", "pickup", "birthday"]

  /// The id of an event, task, message, notice, school run or pickup of the scenario; with `kinds`, one of those
  /// kinds (`birthday` admits the calendar's `birthday-ACCOUNT` entries), as the screen or change naming it needs.
  private mutating func itemReference(_ node: Node, key: String, of kinds: [String]? = nil) -> ItemID? {
    guard let id = reader.identifier(node, what: "'\(key)'")?.value else { return nil }
    if kinds?.contains("birthday") == true, id.hasPrefix("birthday-"),
      accountPositions[String(id.dropFirst("birthday-".count))] != nil
    {
      return id
    }
    // A notice posted on the phone shows under its change's id (`USER-change-N`) while it waits, and keeps its number
    // in `shown` once sent.
    if kinds?.contains("notice") == true, queuedItems.contains(id) || Self.isChangeID(id) { return id }
    guard let use = itemIDs[id] else {
      reader.report(
        "'\(key)' names no item: no event, task, message, notice, school run or pickup has the id '\(id)'"
          + Suggestions.didYouMean(id, in: itemIDs.all.sorted()), at: node)
      return nil
    }
    if let kinds, !kinds.contains(use.kind) {
      let wanted = kinds.map { $0 == "birthday" ? "birthday (birthday-ACCOUNT)" : $0 }
      let list =
        wanted.count == 1 ? wanted[0] : wanted.dropLast().joined(separator: ", ") + " or " + wanted[wanted.count - 1]
      let article = list.hasPrefix("event") ? "an" : "a"
      reader.report(
        "'\(key)' must name \(article) \(list); '\(id)' is the \(use.kind) at \(use.position)", at: node)
      return nil
    }
    return id
  }

  /// A list of item ids, each of `kinds`, none twice: the numbers a list showed, one an item.
  private mutating func itemReferences(_ node: Node, key: String, of kinds: [String]) -> [ItemID]? {
    guard let items = reader.list(node, key: key) else { return nil }
    let ids = items.map { itemReference($0, key: key, of: kinds) }
    guard !ids.contains(nil) else { return nil }
    let found = ids.compactMap { $0 }
    return distinct(found, node, key: key) ? found : nil
  }

  /// Whether `ids`, read from the list `node`, names each item once; reports the first one named again.
  private mutating func distinct(_ ids: [String], _ node: Node, key: String) -> Bool {
    guard case .sequence(let items) = node else { return true }
    var seen: Set<String> = []
    for (id, item) in zip(ids, Array(items)) where !seen.insert(id).inserted {
      reader.report(
        "'\(key)' names '\(id)' twice: it lists the items in the order the screen numbered them, each once",
        at: item)
      return false
    }
    return true
  }

  private mutating func accounts(_ node: Node, key: String) -> [UserID]? {
    guard let items = reader.list(node, key: key) else { return nil }
    let ids = items.map { account($0, key: key, context: "in '\(key)'") }
    return ids.contains(nil) ? nil : ids.compactMap { $0 }
  }

  // MARK: Outbox

  static let outbox = YAMLObject.Schema(
    "in 'outbox'", keys: ["changes", "attempts", "nextAttempt", "failure", "issued"])
  static let change = YAMLObject.Schema(
    "in a change",
    keys: [
      "id", "change", "by", "at", "summary", "waited", "family", "text", "task", "status", "to", "notice", "pinned",
      "pickup", "driver",
    ],
    required: [
      ("id", "the change's id, which the backend applies at most once"),
      ("change", "what kind of change: sendMessage, postNotice, setTaskStatus, assignTask, setPinned or setDriver"),
      ("by", "the account that made it"), ("at", "when it was made"),
      ("summary", "a few words for the person, such as message “On my way”"),
    ])
  static let changeKinds: [String: [String]] = [
    "sendMessage": ["family", "text"], "postNotice": ["family", "text"], "setTaskStatus": ["task", "status"],
    "assignTask": ["task", "to"], "setPinned": ["notice", "pinned"], "setDriver": ["pickup"],
  ]
  static let failure = YAMLObject.Schema(
    "in 'failure'", keys: ["error", "message"],
    required: [("error", "the error code sending failed with"), ("message", "the message the person read")])

  /// `outbox: { changes: […], attempts: 1, nextAttempt: TIME, failure: { error, message }, issued: 3 }`, on the phone
  /// of `owner`. The queue holds only its phone's account's changes, each id once, and `issued` is past every id the
  /// phone made (`OWNER-change-N`): the backend applies an id once, so a change made again with an id already
  /// queued would be dropped as already applied while the phone says it synced.
  mutating func readOutbox(_ node: Node, owner: UserID?) -> Outbox? {
    guard let object = reader.object(node, Self.outbox, subject: "'outbox'") else { return nil }
    var outbox = Outbox()
    var valid = true
    var firstUse: [String: Position] = [:]
    if let node = object["changes"], let items = reader.list(node, key: "changes") {
      for item in items {
        guard let change = readChange(item, owner: owner) else {
          valid = false
          continue
        }
        if let earlier = firstUse[change.id] {
          reader.report(
            "change id '\(change.id)' is already used by the change at \(earlier); the backend applies an id once, "
              + "so the later change would be dropped as already applied", at: item)
          valid = false
        } else {
          firstUse[change.id] = item.position
        }
        outbox.changes.append(change)
      }
    }
    if let node = object["attempts"] {
      if let attempts = reader.integer(node, key: "attempts") { outbox.attempts = attempts } else { valid = false }
    }
    if let node = object["nextAttempt"] {
      if let date = reader.timestamp(node, key: "nextAttempt") { outbox.nextAttemptAt = date } else { valid = false }
    }
    if let node = object["issued"] {
      if let issued = reader.integer(node, key: "issued") { outbox.issued = issued } else { valid = false }
    }
    if valid, let owner {
      // The phone names its next change `OWNER-change-(issued + 1)`: no change queued may have that id or a later one.
      let prefix = "\(owner)-change-"
      let made = outbox.changes.compactMap { $0.id.hasPrefix(prefix) ? Int($0.id.dropFirst(prefix.count)) : nil }
      if let highest = made.max(), highest > outbox.issued {
        reader.report(
          "'issued' is \(outbox.issued), but the queue holds '\(prefix)\(highest)': the phone's next change would "
            + "take an id already queued and be dropped as already applied; 'issued' must be at least \(highest)",
          at: object["issued"]?.position ?? object.position)
        valid = false
      }
    }
    if let node = object["failure"] {
      if let failure = reader.object(node, Self.failure, subject: "'failure'"),
        let code = failure["error"].flatMap({ reader.choice($0, key: "error", as: AppError.Code.self) }),
        let message = failure["message"].flatMap({ reader.text($0, key: "message", singleLine: true) })
      {
        outbox.failure = AppError(code, message.value)
      } else {
        valid = false
      }
    }
    return valid ? outbox : nil
  }

  private mutating func readChange(_ node: Node, owner: UserID?) -> PendingChange? {
    guard let object = reader.object(node, Self.change, subject: "each change") else { return nil }
    let id = object["id"].flatMap { reader.text($0, key: "id", singleLine: true) }
    var author = object["by"].flatMap { account($0, key: "by", context: "as a change's author") }
    if let owner, let by = author, by != owner, let node = object["by"] {
      reader.report(
        "a change on \(owner)'s phone is made by \(owner) ('by: \(owner)'), not \(by): a phone queues only its own "
          + "account's changes", at: node)
      author = nil
    }
    let at = object["at"].flatMap { reader.timestamp($0, key: "at") }
    let summary = object["summary"].flatMap { reader.text($0, key: "summary", singleLine: true) }
    let waited = object["waited"].map { reader.bool($0, key: "waited") } ?? false
    guard let kindNode = object["change"],
      let kind = reader.choice(kindNode, key: "change", among: Self.changeKinds.keys.sorted())
    else { return nil }
    let needed = Self.changeKinds[kind] ?? []
    for key in needed where object[key] == nil && !(kind == "setDriver" && key == "driver") {
      reader.report("a \(kind) change needs '\(key)'", at: object.position)
      return nil
    }
    let change: Change?
    switch kind {
    case "sendMessage", "postNotice":
      let family = object["family"].flatMap { reader.identifier($0, what: "'family'")?.value }
      let text = object["text"].flatMap { reader.text($0, key: "text", singleLine: true)?.value }
      change = family.flatMap { family in
        text.map { kind == "sendMessage" ? .sendMessage($0, family: family) : .postNotice($0, family: family) }
      }
    case "setTaskStatus":
      let task = object["task"].flatMap { itemReference($0, key: "task", of: ["task"]) }
      let status = object["status"].flatMap { reader.choice($0, key: "status", as: FamilyTask.Status.self) }
      change = task.flatMap { task in status.map { .setTaskStatus($0, task: task) } }
    case "assignTask":
      let task = object["task"].flatMap { itemReference($0, key: "task", of: ["task"]) }
      let to = object["to"].flatMap { account($0, key: "to", context: "as a task's assignee") }
      change = task.flatMap { task in to.map { .assignTask(task, to: $0) } }
    case "setPinned":
      let notice = object["notice"].flatMap { itemReference($0, key: "notice", of: ["notice"]) }
      let pinned = object["pinned"].flatMap { reader.bool($0, key: "pinned") }
      change = notice.flatMap { notice in pinned.map { .setPinned($0, notice: notice) } }
    default:
      let pickup = object["pickup"].flatMap { itemReference($0, key: "pickup", of: ["pickup"]) }
      let driver = NodeReader.optional(object["driver"]) { account($0, key: "driver", context: "as a pickup's driver") }
      change = pickup.flatMap { pickup in driver.map { .setDriver($0, pickup: pickup) } }
    }
    guard let id, let author, let at, let summary, let waited, let change else { return nil }
    return PendingChange(
      id: id.value, change: change, author: author, madeAt: at, summary: summary.value, waited: waited)
  }
}
