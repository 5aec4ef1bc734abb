import Foundation
import TribeBoardCore
import TribeBoardMocks

/// A phone's cache (`cache:` in `device` or a phone): what the phone kept of the family's data, each kind with
/// the time it was loaded (`at`). The items are the phone's copies, so they may differ from the world's (or name
/// items the world no longer has); the accounts they name must exist.
extension ScenarioReader {
  static let cache = YAMLObject.Schema(
    "in 'cache'",
    keys: ["family", "members", "profile", "notifications", "events", "tasks", "messages", "notices", "schoolRun"],
    required: [("family", "the family the phone's copy belongs to: { id, name, code, role, at }")])
  static let cachedFamily = YAMLObject.Schema(
    "in the cached family", keys: ["id", "name", "code", "role", "expires", "lastRead", "unread", "at"],
    required: [
      ("id", "the family's id"), ("name", "the family's name as the phone saw it"),
      ("code", "the family's code as the phone saw it"), ("role", "the person's role as the phone saw it"),
      ("at", "when the phone loaded it"),
    ])
  static func cachedList(_ key: String) -> YAMLObject.Schema {
    YAMLObject.Schema(
      "in the cached '\(key)'", keys: ["at", "list"],
      required: [("at", "when the phone loaded them"), ("list", "the items the phone kept, possibly none: []")])
  }
  static let cachedMembers = cachedList("members")
  static let cachedEvents = cachedList("events")
  static let cachedTasks = cachedList("tasks")
  static let cachedMessages = cachedList("messages")
  static let cachedNotices = cachedList("notices")
  static let cachedSchoolRun = YAMLObject.Schema(
    "in the cached school run", keys: ["at", "routes", "pickups"],
    required: [("at", "when the phone loaded it"), ("routes", "the routes"), ("pickups", "the pickups")])
  static let cachedProfile = YAMLObject.Schema(
    "in the cached profile", keys: ["at"], required: [("at", "when the phone loaded it")])
  static let cachedNotifications = YAMLObject.Schema(
    "in the cached notifications", keys: ["at", "messages", "tasks", "calendar", "schoolRun"],
    required: [("at", "when the phone loaded them")])
  static let cachedMember = YAMLObject.Schema(
    "in a cached member", keys: ["account", "role", "expires", "lastRead"],
    required: [("account", "the member's account"), ("role", "their role")])
  static let cachedEvent = YAMLObject.Schema(
    "in a cached event", keys: ["id", "title", "start", "place", "participants", "kind"],
    required: [("id", "the event's id"), ("title", "its title"), ("start", "when it starts")])
  static let cachedTask = YAMLObject.Schema(
    "in a cached task", keys: ["id", "title", "assignee", "due", "points", "status", "updatedAt", "updatedBy"],
    required: [("id", "the task's id"), ("title", "its title")])
  static let cachedPost = YAMLObject.Schema(
    "in a cached message or notice", keys: ["id", "from", "at", "text", "pinned"],
    required: [("id", "its id"), ("from", "who wrote it"), ("at", "when"), ("text", "what it says")])
  static let cachedRoute = YAMLObject.Schema(
    "in a cached route", keys: ["id", "route"], required: [("id", "the route's id"), ("route", "its name")])
  static let cachedPickup = YAMLObject.Schema(
    "in a cached pickup", keys: ["id", "route", "at", "driver", "passengers"],
    required: [("id", "the pickup's id"), ("route", "its route's id"), ("at", "when")])

  /// `cache: { family: {…}, members: { at, list }, tasks: { at, list }, … }`. The session is not written: the
  /// phone keeps the one it is signed in with.
  mutating func readCache(_ node: Node, user: UserID?) -> PhoneCache? {
    guard let object = reader.object(node, Self.cache, subject: "'cache'") else { return nil }
    var cache = PhoneCache()
    var valid = true
    guard let familyNode = object["family"], let family = readCachedFamily(familyNode, user: user) else {
      return nil
    }
    cache.place = family
    let familyID = family.value.family.id
    if let node = object["members"] {
      cache.members = readCachedList(node, Self.cachedMembers, key: "members") {
        $0.readCachedMember($1, family: familyID)
      }
      valid = valid && cache.members != nil
    }
    if let node = object["profile"] {
      if let profileObject = reader.object(node, Self.cachedProfile, subject: "'profile'"),
        let at = profileObject["at"].flatMap({ reader.timestamp($0, key: "at") }),
        let profile = world.accounts.first(where: { $0.profile.id == user })?.profile
      {
        cache.profile = .init(profile, loadedAt: at)
      } else {
        valid = false
      }
    }
    if let node = object["notifications"] {
      if let prefs = reader.object(node, Self.cachedNotifications, subject: "'notifications'"),
        let at = prefs["at"].flatMap({ reader.timestamp($0, key: "at") })
      {
        var preferences = NotificationPreferences()
        for key in ["messages", "tasks", "calendar", "schoolRun"] {
          guard let value = prefs[key] else { continue }
          guard let on = reader.bool(value, key: key) else {
            valid = false
            continue
          }
          switch key {
          case "messages": preferences.messages = on
          case "tasks": preferences.tasks = on
          case "calendar": preferences.calendar = on
          default: preferences.schoolRun = on
          }
        }
        cache.preferences = .init(preferences, loadedAt: at)
      } else {
        valid = false
      }
    }
    if let node = object["events"] {
      cache.events = readCachedList(node, Self.cachedEvents, key: "events") { $0.readCachedEvent($1, family: familyID) }
      valid = valid && cache.events != nil
    }
    if let node = object["tasks"] {
      cache.tasks = readCachedList(node, Self.cachedTasks, key: "tasks") { $0.readCachedTask($1, family: familyID) }
      valid = valid && cache.tasks != nil
    }
    if let node = object["messages"] {
      cache.messages = readCachedList(node, Self.cachedMessages, key: "messages") { reader, node in
        reader.readCachedPost(node).map {
          FamilyMessage(id: $0.id, familyID: familyID, sender: $0.from, sentAt: $0.at, text: $0.text)
        }
      }
      valid = valid && cache.messages != nil
    }
    if let node = object["notices"] {
      cache.notices = readCachedList(node, Self.cachedNotices, key: "notices") { reader, node in
        reader.readCachedPost(node).map {
          Notice(id: $0.id, familyID: familyID, author: $0.from, postedAt: $0.at, text: $0.text, pinned: $0.pinned)
        }
      }
      valid = valid && cache.notices != nil
    }
    if let node = object["schoolRun"] {
      if let run = reader.object(node, Self.cachedSchoolRun, subject: "'schoolRun'"),
        let at = run["at"].flatMap({ reader.timestamp($0, key: "at") }),
        let routes = run["routes"].flatMap({ readItems($0, key: "routes") { $0.readCachedRoute($1, family: familyID) } }
        ),
        let pickups = run["pickups"].flatMap({ readItems($0, key: "pickups") { $0.readCachedPickup($1) } })
      {
        cache.routes = .init(routes, loadedAt: at)
        cache.pickups = .init(pickups, loadedAt: at)
      } else {
        valid = false
      }
    }
    return valid ? cache : nil
  }

  private mutating func readCachedFamily(_ node: Node, user: UserID?) -> PhoneCache.Entry<PhoneCache.Place>? {
    guard let object = reader.object(node, Self.cachedFamily, subject: "the cached 'family'") else { return nil }
    let id = object["id"].flatMap { reader.identifier($0, what: "'id'") }
    if let id, familyPositions[id.value] == nil, let node = object["id"] {
      reader.report("the cached family \(NodeReader.quoted(id.value)) is not one of 'families'", at: node)
      return nil
    }
    let name = object["name"].flatMap { reader.text($0, key: "name", singleLine: true) }
    let code = object["code"].flatMap { reader.text($0, key: "code", singleLine: true) }
    let role = object["role"].flatMap { reader.choice($0, key: "role", as: Role.self) }
    let expires = NodeReader.optional(object["expires"]) { reader.timestamp($0, key: "expires") }
    let lastRead = NodeReader.optional(object["lastRead"]) { reader.identifier($0, what: "'lastRead'")?.value }
    let unread = NodeReader.optional(object["unread"]) { reader.integer($0, key: "unread") }
    let at = object["at"].flatMap { reader.timestamp($0, key: "at") }
    guard let id, let name, let code, let role, let expires, let lastRead, let unread, let at, let user else {
      return nil
    }
    let family = Family(id: id.value, name: name.value, code: code.value)
    let membership = Membership(
      userID: user, familyID: id.value, role: role, expiresAt: expires, lastRead: lastRead)
    return .init(.init(family: family, membership: membership, unread: unread ?? 0), loadedAt: at)
  }

  private mutating func readCachedList<Item: Hashable & Sendable>(
    _ node: Node, _ schema: YAMLObject.Schema, key: String, _ read: (inout ScenarioReader, Node) -> Item?
  ) -> PhoneCache.Entry<[Item]>? {
    guard let object = reader.object(node, schema, subject: "'\(key)'"),
      let at = object["at"].flatMap({ reader.timestamp($0, key: "at") }),
      let items = object["list"].flatMap({ readItems($0, key: "list", read) })
    else { return nil }
    return .init(items, loadedAt: at)
  }

  private mutating func readItems<Item>(_ node: Node, key: String, _ read: (inout ScenarioReader, Node) -> Item?)
    -> [Item]?
  {
    guard let nodes = reader.list(node, key: key) else { return nil }
    var items: [Item] = []
    var valid = true
    for node in nodes {
      if let item = read(&self, node) { items.append(item) } else { valid = false }
    }
    return valid ? items : nil
  }

  private mutating func accountProfile(_ node: Node, key: String) -> UserProfile? {
    guard let id = account(node, key: key, context: "in the cache") else { return nil }
    return world.accounts.first { $0.profile.id == id }?.profile
  }

  private mutating func readCachedMember(_ node: Node, family: FamilyID) -> Member? {
    guard let object = reader.object(node, Self.cachedMember, subject: "each cached member") else { return nil }
    let profile = object["account"].flatMap { accountProfile($0, key: "account") }
    let role = object["role"].flatMap { reader.choice($0, key: "role", as: Role.self) }
    let expires = NodeReader.optional(object["expires"]) { reader.timestamp($0, key: "expires") }
    let lastRead = NodeReader.optional(object["lastRead"]) { reader.identifier($0, what: "'lastRead'")?.value }
    guard let profile, let role, let expires, let lastRead else { return nil }
    return Member(
      profile: profile,
      membership: Membership(
        userID: profile.id, familyID: family, role: role, expiresAt: expires, lastRead: lastRead))
  }

  private mutating func readCachedEvent(_ node: Node, family: FamilyID) -> CalendarEvent? {
    guard let object = reader.object(node, Self.cachedEvent, subject: "each cached event") else { return nil }
    let id = object["id"].flatMap { reader.identifier($0, what: "'id'")?.value }
    let title = object["title"].flatMap { reader.text($0, key: "title", singleLine: true)?.value }
    let start = object["start"].flatMap { reader.timestamp($0, key: "start") }
    let place = NodeReader.optional(object["place"]) { reader.text($0, key: "place", singleLine: true)?.value }
    let participants = NodeReader.optional(object["participants"]) { node in
      readItems(node, key: "participants") { $0.account($1, key: "participants", context: "in the cache") }
    }
    let kind = NodeReader.optional(object["kind"]) { reader.choice($0, key: "kind", as: CalendarEvent.Kind.self) }
    guard let id, let title, let start, let place, let participants, let kind else { return nil }
    return CalendarEvent(
      id: id, familyID: family, title: title, start: start, place: place, participants: participants ?? [],
      kind: kind ?? .event)
  }

  private mutating func readCachedTask(_ node: Node, family: FamilyID) -> FamilyTask? {
    guard let object = reader.object(node, Self.cachedTask, subject: "each cached task") else { return nil }
    let id = object["id"].flatMap { reader.identifier($0, what: "'id'")?.value }
    let title = object["title"].flatMap { reader.text($0, key: "title", singleLine: true)?.value }
    let assignee = NodeReader.optional(object["assignee"]) { account($0, key: "assignee", context: "in the cache") }
    let due = NodeReader.optional(object["due"]) { reader.timestamp($0, key: "due") }
    let points = NodeReader.optional(object["points"]) { reader.integer($0, key: "points") }
    let status = NodeReader.optional(object["status"]) { reader.choice($0, key: "status", as: FamilyTask.Status.self) }
    let updatedAt = NodeReader.optional(object["updatedAt"]) { reader.timestamp($0, key: "updatedAt") }
    let updatedBy = NodeReader.optional(object["updatedBy"]) { account($0, key: "updatedBy", context: "in the cache") }
    guard let id, let title, let assignee, let due, let points, let status, let updatedAt, let updatedBy else {
      return nil
    }
    var task = FamilyTask(
      id: id, familyID: family, title: title, assignee: assignee, due: due, points: points ?? 0,
      status: status ?? .open)
    task.updatedAt = updatedAt
    task.updatedBy = updatedBy
    return task
  }

  private struct Post {
    var id: ItemID
    var from: UserID
    var at: Date
    var text: String
    var pinned: Bool
  }

  private mutating func readCachedPost(_ node: Node) -> Post? {
    guard let object = reader.object(node, Self.cachedPost, subject: "each cached message or notice") else {
      return nil
    }
    let id = object["id"].flatMap { reader.identifier($0, what: "'id'")?.value }
    let from = object["from"].flatMap { account($0, key: "from", context: "in the cache") }
    let at = object["at"].flatMap { reader.timestamp($0, key: "at") }
    let text = object["text"].flatMap { reader.text($0, key: "text")?.value }
    let pinned = NodeReader.optional(object["pinned"]) { reader.bool($0, key: "pinned") }
    guard let id, let from, let at, let text, let pinned else { return nil }
    return Post(id: id, from: from, at: at, text: text, pinned: pinned ?? false)
  }

  private mutating func readCachedRoute(_ node: Node, family: FamilyID) -> SchoolRoute? {
    guard let object = reader.object(node, Self.cachedRoute, subject: "each cached route") else { return nil }
    let id = object["id"].flatMap { reader.identifier($0, what: "'id'")?.value }
    let name = object["route"].flatMap { reader.text($0, key: "route", singleLine: true)?.value }
    guard let id, let name else { return nil }
    return SchoolRoute(id: id, familyID: family, name: name)
  }

  private mutating func readCachedPickup(_ node: Node) -> Pickup? {
    guard let object = reader.object(node, Self.cachedPickup, subject: "each cached pickup") else { return nil }
    let id = object["id"].flatMap { reader.identifier($0, what: "'id'")?.value }
    let route = object["route"].flatMap { reader.identifier($0, what: "'route'")?.value }
    let at = object["at"].flatMap { reader.timestamp($0, key: "at") }
    let driver = NodeReader.optional(object["driver"]) { account($0, key: "driver", context: "in the cache") }
    let passengers = NodeReader.optional(object["passengers"]) { node in
      readItems(node, key: "passengers") { $0.account($1, key: "passengers", context: "in the cache") }
    }
    guard let id, let route, let at, let driver, let passengers else { return nil }
    return Pickup(id: id, routeID: route, at: at, driver: driver, passengers: passengers ?? [])
  }
}
