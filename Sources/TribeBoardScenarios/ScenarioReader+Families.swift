import Foundation
import TribeBoardCore
import TribeBoardMocks

extension ScenarioReader {
  static let family = YAMLObject.Schema(
    "in a family",
    keys: ["id", "name", "code", "members", "events", "tasks", "messages", "notices", "schoolRuns"],
    required: [
      ("id", "a short name such as 'johnsons', used in generated item ids"),
      ("name", "the family's name, such as The Johnsons"),
      ("code", "the 6-character join code, such as K7QM2X"),
      ("members", "a list of { account, role }, with at least one parentAdmin"),
    ])
  static let member = YAMLObject.Schema(
    "in a member", keys: ["account", "role", "expires", "lastRead"],
    required: [("account", "the member's account id"), ("role", "parentAdmin, adult, child or visitor")])
  static let event = YAMLObject.Schema(
    "in an event", keys: ["id", "title", "start", "place", "participants"],
    required: [("title", "what the event is"), ("start", "when it starts, like 2026-03-03T17:00:00Z")])
  static let task = YAMLObject.Schema(
    "in a task", keys: ["id", "title", "assignee", "due", "points", "status", "updatedAt", "updatedBy"],
    required: [("title", "what is to be done")])
  static let message = YAMLObject.Schema(
    "in a message", keys: ["id", "from", "at", "text"],
    required: [("from", "the sender, a member"), ("at", "when it was sent"), ("text", "what it says")])
  static let notice = YAMLObject.Schema(
    "in a notice", keys: ["id", "from", "at", "text", "pinned"],
    required: [("from", "the author, a member"), ("at", "when it was posted"), ("text", "what it says")])
  static let route = YAMLObject.Schema(
    "in a school run", keys: ["id", "route", "pickups"],
    required: [("route", "the route's name, such as Home → Oakwood Primary")])
  static let pickup = YAMLObject.Schema(
    "in a pickup", keys: ["id", "at", "driver", "passengers"], required: [("at", "when the pickup is")])

  /// Every family, in parts read at once on the machine's cores when there are many (a generated world of 10,000
  /// families is read in about half the time). The first part is read by a copy of this reader, the others by
  /// copies holding none of the families before them; the parts are then joined in order. They only join when
  /// nothing was reported and no id or code is used in two parts; otherwise the families are read again in one pass,
  /// so the diagnostics (which item is "already used by" which) are exactly those of reading in order.
  mutating func readFamilies(_ families: [Node], documentNodes: Int) {
    // About 10 nodes an item: the ids claimed need no rehashing as they grow.
    let items = documentNodes / 10
    let most = families.count / max(familiesPerPart, 1)
    let parts = most > 1 ? min(most, cores ?? ProcessInfo.processInfo.activeProcessorCount) : 1
    if parts > 1, !reader.hasErrors, let joined = inParts(families, parts: parts, items: items) {
      self = consume joined
      familyParts = parts
      return
    }
    itemIDs.reserveCapacity(items)
    for (index, family) in families.enumerated() { readFamily(family, index: index) }
  }

  /// `families` read in `parts` at once, by copies of this reader, and joined in order; `nil` when a part reported
  /// a problem or an id or code is in two parts.
  private func inParts(_ families: [Node], parts: Int, items: Int) -> ScenarioReader? {
    var later = self
    later.world = MockWorld()
    // Each part's reader is put in its own slot, by the one thread that read it.
    nonisolated(unsafe) let slots = UnsafeMutableBufferPointer<ScenarioReader?>.allocate(capacity: parts)
    slots.initialize(repeating: nil)
    DispatchQueue.concurrentPerform(iterations: parts) { [first = self, later] part in
      var reader = part == 0 ? first : later
      reader.itemIDs.reserveCapacity(items / parts)
      let range = families.count * part / parts..<families.count * (part + 1) / parts
      // Every node read retains its tree: each thread reads through its own, not contending for one count.
      let tree = families[range.lowerBound].tree.copy()
      for index in range { reader.readFamily(families[index].rebased(onto: tree), index: index) }
      slots[part] = reader
    }
    // Taken out of their slots (every part filled its own), so that each part's lists are let go as they are
    // joined, and the first part's grow in place.
    var read = (0..<parts).compactMap { slots.moveElement(from: $0) }
    slots.deallocate()
    var joined = read.removeFirst()
    guard !joined.reader.hasErrors else { return nil }
    while !read.isEmpty {
      guard joined.join(read.removeFirst()) else { return nil }
    }
    return joined
  }

  /// Adds the families `part` read after those read so far; `false` when it reported a problem or uses an id or
  /// code already used.
  private mutating func join(_ part: consuming ScenarioReader) -> Bool {
    guard !part.reader.hasErrors else { return false }
    for (id, position) in part.familyPositions {
      guard familyPositions.updateValue(position, forKey: id) == nil else { return false }
    }
    for (code, family) in part.familyCodes {
      guard familyCodes.updateValue(family, forKey: code) == nil else { return false }
    }
    for (account, active) in part.activeFamilies {
      guard activeFamilies.updateValue(active, forKey: account) == nil else { return false }
    }
    guard itemIDs.join(part.itemIDs) else { return false }
    // One list at a time, each let go once copied: a big world's lists are never all held twice.
    func move<Item>(_ items: inout [Item], to joined: inout [Item]) {
      joined += items
      items = []
    }
    move(&part.world.families, to: &world.families)
    move(&part.world.memberships, to: &world.memberships)
    move(&part.world.events, to: &world.events)
    move(&part.world.tasks, to: &world.tasks)
    move(&part.world.messages, to: &world.messages)
    move(&part.world.notices, to: &world.notices)
    move(&part.world.routes, to: &world.routes)
    move(&part.world.pickups, to: &world.pickups)
    return true
  }

  /// One family, its members and everything it holds.
  mutating func readFamily(_ node: Node, index: Int) {
    guard let object = reader.object(node, Self.family, subject: "each family") else { return }
    var id: String?
    if let node = object["id"], let given = reader.identifier(node, what: "family id") {
      if let earlier = familyPositions[given.value] {
        reader.report("family id '\(given.value)' is already used by the family at \(earlier)", at: node)
      } else {
        familyPositions[given.value] = given.position
        id = given.value
      }
    }
    let familyID = id ?? "family-\(index + 1)"
    var name: String?
    if let node = object["name"], let text = reader.text(node, key: "name") {
      do throws(AppError) {
        name = try Validation.familyName(text.value)
      } catch {
        reader.report("family name \(NodeReader.quoted(text.value)) is not valid: \(error.message)", at: node)
      }
    }
    var code: String?
    if let node = object["code"], let text = reader.text(node, key: "code") {
      do throws(AppError) {
        let canonical = try Validation.familyCode(text.value)
        if let earlier = familyCodes[canonical] {
          reader.report(
            "family code '\(canonical)' is already used by family '\(earlier.family)' at \(earlier.position); "
              + "family codes must be unique", at: node)
        } else {
          familyCodes[canonical] = (familyID, Position(node))
          code = canonical
        }
      } catch {
        reader.report("family code \(NodeReader.quoted(text.value)) is not valid: \(error.message)", at: node)
      }
    }
    var lastRead: [(UserID, Node)] = []
    var roles: [UserID: Role] = [:]
    let members = object["members"].flatMap {
      readMembers($0, family: familyID, lastRead: &lastRead, roles: &roles)
    }
    if let id, let name, let code { world.families.append(Family(id: id, name: name, code: code)) }

    let family = FamilyContext(id: familyID, members: members, roles: roles)
    readItems(object["events"], key: "events") { $0.readEvent($1, family: family, index: $2) }
    readItems(object["tasks"], key: "tasks") { $0.readTask($1, family: family, index: $2) }
    let messagesBefore = world.messages.count
    readItems(object["messages"], key: "messages") { $0.readMessage($1, family: family, index: $2) }
    readLastRead(lastRead, family: familyID, messages: world.messages[messagesBefore...].map(\.id))
    readItems(object["notices"], key: "notices") { $0.readNotice($1, family: family, index: $2) }
    readItems(object["schoolRuns"], key: "schoolRuns") { $0.readRoute($1, family: family, index: $2) }
  }

  /// What a family's items refer to: its id and the accounts listed as its members (`nil` when the members could
  /// not be read, so references to them are not checked rather than all reported).
  struct FamilyContext {
    var id: FamilyID
    /// The members in the order written, for messages.
    var members: [UserID]?
    /// The same, to look a reference up in constant time.
    var memberSet: Set<UserID>
    /// Each member's role, where it could be read.
    var roles: [UserID: Role]

    init(id: FamilyID, members: [UserID]?, roles: [UserID: Role] = [:]) {
      self.id = id
      self.members = members
      memberSet = Set(members ?? [])
      self.roles = roles
    }
  }

  /// Reads each item of an optional list with `read`, passing its 1-based index.
  private mutating func readItems(_ node: Node?, key: String, _ read: (inout ScenarioReader, Node, Int) -> Void) {
    guard let node, let items = reader.list(node, key: key) else { return }
    for (index, item) in items.enumerated() { read(&self, item, index + 1) }
  }

  /// The members; returns every account written in them, valid or not, so later references do not cascade.
  private mutating func readMembers(
    _ node: Node, family: FamilyID, lastRead: inout [(UserID, Node)], roles: inout [UserID: Role]
  ) -> [UserID]? {
    guard let items = reader.list(node, key: "members") else { return nil }
    if items.isEmpty {
      reader.report("family '\(family)' needs at least one member, a parentAdmin", at: node)
    }
    var written: [UserID] = []
    var seen: Set<UserID> = []
    var hasParentAdmin = false
    var everyRoleRead = true
    for item in items {
      guard let object = reader.object(item, Self.member, subject: "each member") else {
        everyRoleRead = false
        continue
      }
      var account: UserID?
      if let node = object["account"] {
        if case .scalar(let scalar) = node {
          let name = scalar.string
          if !seen.insert(name).inserted {
            reader.report("account '\(name)' is listed twice in members of '\(family)'", at: node)
          }
          written.append(name)
        }
        account = self.account(node, key: "account", context: "in members of '\(family)'")
      }
      let role = object["role"].flatMap { reader.choice($0, key: "role", as: Role.self) }
      if role == nil { everyRoleRead = false }
      if role == .parentAdmin { hasParentAdmin = true }
      if let account, let role, childAccounts.contains(account), role == .parentAdmin || role == .adult,
        let node = object["role"]
      {
        reader.report(
          "'\(account)' is a child account (child: true), so in '\(family)' their role must be child or visitor, "
            + "not \(role.rawValue)", at: node)
      }
      let expires = NodeReader.optional(object["expires"]) { reader.timestamp($0, key: "expires") }
      if let role, let node = object["role"] {
        // Only a visitor's access ends, and it always does.
        if role == .visitor, object["expires"] == nil {
          reader.report("a visitor needs 'expires': when their access ends, like 2026-03-06T18:00:00Z", at: node)
        } else if role != .visitor, let expiresNode = object["expires"] {
          reader.report("only a visitor's access expires; remove 'expires' or make the role visitor", at: expiresNode)
        }
      }
      if let account, let role, let expires {
        let membership = Membership(userID: account, familyID: family, role: role, expiresAt: expires)
        roles[account] = role
        if let now, membership.isActive(at: now), let node = object["account"] {
          // The app's own rule, as joining keeps it.
          if let earlier = activeFamilies[account] {
            do throws(AppError) {
              try RoleRules.checkOneFamily(joining: family, activeIn: earlier.family)
            } catch {
              reader.report(
                "'\(account)' is already active in family '\(earlier.family)' at \(earlier.position): a person is in "
                  + "one family at a time; end one membership (a visitor's 'expires' before 'now') or remove it",
                at: node)
            }
          } else {
            activeFamilies[account] = (family, Position(node))
          }
        }
        world.memberships.append(membership)
        // A message id, checked once the family's messages are read.
        if let node = object["lastRead"] { lastRead.append((account, node)) }
      }
    }
    if !items.isEmpty, everyRoleRead, !hasParentAdmin {
      reader.report(
        "family '\(family)' has no parentAdmin; give at least one member the role parentAdmin", at: node)
    }
    return written
  }

  /// Each member's `lastRead`: the id of one of the family's messages, `messages` in the order written.
  private mutating func readLastRead(_ markers: [(UserID, Node)], family: FamilyID, messages: [ItemID]) {
    for (account, node) in markers {
      guard let id = reader.identifier(node, what: "lastRead")?.value else { continue }
      guard messages.contains(id) else {
        reader.report(
          "lastRead '\(id)' is not a message of '\(family)'" + Suggestions.didYouMean(id, in: messages)
            + (messages.isEmpty
              ? "; it has no messages, so leave 'lastRead' out"
              : "; write the id of the last message \(account) has read: \(Suggestions.list(messages))"),
          at: node)
        continue
      }
      if let index = world.memberships.lastIndex(where: { $0.userID == account && $0.familyID == family }) {
        world.memberships[index].lastRead = id
      }
    }
  }

  // MARK: Items

  private mutating func readEvent(_ node: Node, family: FamilyContext, index: Int) {
    guard let object = reader.object(node, Self.event, subject: "each event") else { return }
    let id = itemID(object, kind: "event", generated: "\(family.id)-event-\(index)")
    let title = object["title"].flatMap { node in
      checked(reader.text(node, key: "title", singleLine: true), .title, key: "title", at: node)
    }
    let start = object["start"].flatMap { reader.timestamp($0, key: "start") }
    let place = NodeReader.optional(object["place"]) { node in
      checked(reader.text(node, key: "place", singleLine: true), .place, key: "place", at: node)
    }
    let participants = object["participants"].map { members($0, key: "participant", family: family) } ?? []
    guard let title, let start, let place, let participants else { return }
    world.events.append(
      CalendarEvent(
        id: id, familyID: family.id, title: title.value, start: start, place: place?.value,
        participants: participants))
  }

  private mutating func readTask(_ node: Node, family: FamilyContext, index: Int) {
    guard let object = reader.object(node, Self.task, subject: "each task") else { return }
    let id = itemID(object, kind: "task", generated: "\(family.id)-task-\(index)")
    let title = object["title"].flatMap { node in
      checked(reader.text(node, key: "title", singleLine: true), .title, key: "title", at: node)
    }
    let status =
      object["status"].map { reader.choice($0, key: "status", as: FamilyTask.Status.self) } ?? FamilyTask.Status.open
    // A done task stays with whoever did it, who may have left the family since (as what they wrote stays).
    let assignee = NodeReader.optional(object["assignee"]) { node in
      status == .done
        ? formerOrMember(node, key: "assignee", family: family) : member(node, key: "assignee", family: family)
    }
    let due = NodeReader.optional(object["due"]) { reader.timestamp($0, key: "due") }
    let points = object["points"].map { reader.integer($0, key: "points", maximum: Validation.maximumPoints) } ?? 0
    let updatedAt = NodeReader.optional(object["updatedAt"]) { reader.timestamp($0, key: "updatedAt") }
    let updatedBy = NodeReader.optional(object["updatedBy"]) {
      account($0, key: "updatedBy", context: "as who last changed a task")
    }
    if status == .open, let assignee = assignee ?? nil, let role = family.roles[assignee], let node = object["assignee"]
    {
      // The app's own rule, as assigning keeps it; a done task stays with whoever did it, whatever their role now.
      do throws(AppError) {
        try RoleRules.checkAssignee(role, name: assignee)
      } catch {
        reader.report("an open task's 'assignee' can't be '\(assignee)': \(error.message)", at: node)
      }
    }
    guard let title, let assignee, let due, let points, let status, let updatedAt, let updatedBy else { return }
    var task = FamilyTask(
      id: id, familyID: family.id, title: title.value, assignee: assignee, due: due, points: points, status: status)
    task.updatedAt = updatedAt
    task.updatedBy = updatedBy
    world.tasks.append(task)
  }

  private mutating func readMessage(_ node: Node, family: FamilyContext, index: Int) {
    guard let object = reader.object(node, Self.message, subject: "each message") else { return }
    let id = itemID(object, kind: "message", generated: "\(family.id)-message-\(index)")
    let sender = object["from"].flatMap { author($0, family: family) }
    let at = object["at"].flatMap { reader.timestamp($0, key: "at") }
    let text = object["text"].flatMap { node in
      checked(reader.text(node, key: "text", singleLine: true), .message, key: "text", at: node)
    }
    guard let sender, let at, let text else { return }
    world.messages.append(FamilyMessage(id: id, familyID: family.id, sender: sender, sentAt: at, text: text.value))
  }

  private mutating func readNotice(_ node: Node, family: FamilyContext, index: Int) {
    guard let object = reader.object(node, Self.notice, subject: "each notice") else { return }
    let id = itemID(object, kind: "notice", generated: "\(family.id)-notice-\(index)")
    let author = object["from"].flatMap { self.author($0, family: family) }
    let at = object["at"].flatMap { reader.timestamp($0, key: "at") }
    let text = object["text"].flatMap { node in
      checked(reader.text(node, key: "text", singleLine: true), .notice, key: "text", at: node)
    }
    let pinned = object["pinned"].map { reader.bool($0, key: "pinned") } ?? false
    guard let author, let at, let text, let pinned else { return }
    world.notices.append(
      Notice(id: id, familyID: family.id, author: author, postedAt: at, text: text.value, pinned: pinned))
  }

  private mutating func readRoute(_ node: Node, family: FamilyContext, index: Int) {
    guard let object = reader.object(node, Self.route, subject: "each school run") else { return }
    let id = itemID(object, kind: "school run", generated: "\(family.id)-route-\(index)")
    if let name = object["route"].flatMap({ node in
      checked(reader.text(node, key: "route", singleLine: true), .routeName, key: "route", at: node)
    }) {
      world.routes.append(SchoolRoute(id: id, familyID: family.id, name: name.value))
    }
    guard let node = object["pickups"], let pickups = reader.list(node, key: "pickups") else { return }
    for (offset, pickup) in pickups.enumerated() {
      readPickup(pickup, route: id, family: family, index: offset + 1)
    }
  }

  private mutating func readPickup(_ node: Node, route: ItemID, family: FamilyContext, index: Int) {
    guard let object = reader.object(node, Self.pickup, subject: "each pickup") else { return }
    let id = itemID(object, kind: "pickup", generated: "\(route)-pickup-\(index)")
    let at = object["at"].flatMap { reader.timestamp($0, key: "at") }
    let driver = NodeReader.optional(object["driver"]) { member($0, key: "driver", family: family) }
    let passengers = object["passengers"].map { members($0, key: "passenger", family: family) } ?? []
    if let driver = driver ?? nil, let role = family.roles[driver], let node = object["driver"] {
      // The app's own rule, as claiming a pickup and changing a role keep it.
      do throws(AppError) {
        try RoleRules.checkDriver(role, name: driver)
      } catch {
        reader.report("'driver' can't be '\(driver)': \(error.message)", at: node)
      }
    }
    guard let at, let driver, let passengers else { return }
    world.pickups.append(Pickup(id: id, routeID: route, at: at, driver: driver, passengers: passengers))
  }

  // MARK: Ids and references

  /// The item's `id`, or the generated one; either way claimed, so a second item with it is reported.
  private mutating func itemID(_ object: YAMLObject, kind: String, generated: ItemID) -> ItemID {
    if let node = object["id"] {
      guard let id = reader.identifier(node, what: "\(kind) id") else { return generated }
      claim(id.value, kind: kind, at: id.position, generated: false)
      return id.value
    }
    claim(generated, kind: kind, at: object.position, generated: true)
    return generated
  }

  private mutating func claim(_ id: ItemID, kind: String, at position: Position, generated: Bool) {
    guard let earlier = itemIDs.claim(id, by: (kind, position)) else { return }
    if generated {
      reader.report(
        "this \(kind)'s generated id '\(id)' is already used by the \(earlier.kind) at \(earlier.position); "
          + "give this \(kind) an explicit 'id'", at: position)
    } else {
      reader.report(
        "id '\(id)' is already used by the \(earlier.kind) at \(earlier.position); ids of events, tasks, "
          + "messages, notices, school runs and pickups must be unique across the scenario", at: position)
    }
  }

  /// Who wrote a message or notice: a member of `family`, or an account that has left it (what they wrote stays).
  private mutating func author(_ node: Node, family: FamilyContext) -> UserID? {
    formerOrMember(node, key: "from", family: family)
  }

  /// A member of `family`, or an account that has left it.
  private mutating func formerOrMember(_ node: Node, key: String, family: FamilyContext) -> UserID? {
    if case .scalar(let scalar) = node, accountPositions[scalar.string] != nil,
      !family.memberSet.contains(scalar.string), family.members != nil
    {
      return scalar.string
    }
    return member(node, key: key, family: family)
  }

  /// A member of `family`, by account id.
  private mutating func member(_ node: Node, key: String, family: FamilyContext) -> UserID? {
    guard let name = reader.text(node, key: key)?.value else { return nil }
    guard let members = family.members else { return name }
    guard family.memberSet.contains(name) else {
      reader.report(
        "\(key) \(NodeReader.quoted(name)) is not a member of '\(family.id)'"
          + Suggestions.didYouMean(name, in: members)
          + (members.isEmpty ? "; it has no members" : "; members are: \(Suggestions.list(members))"),
        at: node)
      return nil
    }
    return name
  }

  /// A list of members of `family`, each listed once.
  private mutating func members(_ node: Node, key: String, family: FamilyContext) -> [UserID]? {
    guard let items = reader.list(node, key: key + "s") else { return nil }
    var result: [UserID] = []
    result.reserveCapacity(items.count)
    // A short list (the usual) is searched; a long one hashed, so that it stays linear.
    var listed: Set<UserID> = []
    var complete = true
    for item in items {
      guard let name = member(item, key: key, family: family) else {
        complete = false
        continue
      }
      let repeated = items.count <= 8 ? result.contains(name) : !listed.insert(name).inserted
      if repeated {
        reader.report("\(key) '\(name)' is listed twice", at: item)
        complete = false
      }
      result.append(name)
    }
    return complete ? result : nil
  }
}
