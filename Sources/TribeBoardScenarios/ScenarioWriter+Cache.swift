import Foundation
import TribeBoardCore

/// A phone's cache as the `cache:` key of `device` or a phone (read back by `ScenarioReader.readCache`).
extension ScenarioWriter {
  /// The lines of `cache:`, indented by `indent`; none for an empty cache. The session is not written: the phone
  /// keeps the one it is signed in with.
  static func cacheLines(_ cache: PhoneCache, indent: String) -> [String] {
    guard let place = cache.place else { return [] }
    let inner = indent + "  "
    var lines = ["\(indent)cache:"]
    let membership = place.value.membership
    var family = [
      "id: \(place.value.family.id)", "name: \(quoted(place.value.family.name))",
      "code: \(quoted(place.value.family.code))", "role: \(membership.role.rawValue)",
    ]
    if let expires = membership.expiresAt { family.append("expires: \(timestamp(expires))") }
    if let lastRead = membership.lastRead { family.append("lastRead: \(lastRead)") }
    if place.value.unread > 0 { family.append("unread: \(place.value.unread)") }
    family.append("at: \(timestamp(place.loadedAt))")
    lines.append("\(inner)family: { \(family.joined(separator: ", ")) }")
    func list<Item: Hashable & Sendable>(
      _ key: String, _ entry: PhoneCache.Entry<[Item]>?, _ fields: (Item) -> [String]
    ) {
      guard let entry else { return }
      guard !entry.value.isEmpty else {
        lines.append("\(inner)\(key): { at: \(timestamp(entry.loadedAt)), list: [] }")
        return
      }
      lines.append("\(inner)\(key):")
      lines.append("\(inner)  at: \(timestamp(entry.loadedAt))")
      lines.append("\(inner)  list:")
      for item in entry.value { lines.append("\(inner)    - { \(fields(item).joined(separator: ", ")) }") }
    }
    list("members", cache.members) { member in
      ["account: \(member.id)", "role: \(member.role.rawValue)"]
        + (member.membership.expiresAt.map { ["expires: \(timestamp($0))"] } ?? [])
        + (member.membership.lastRead.map { ["lastRead: \($0)"] } ?? [])
    }
    if let profile = cache.profile { lines.append("\(inner)profile: { at: \(timestamp(profile.loadedAt)) }") }
    if let preferences = cache.preferences {
      let value = preferences.value
      lines.append(
        "\(inner)notifications: { at: \(timestamp(preferences.loadedAt)), messages: \(value.messages), "
          + "tasks: \(value.tasks), calendar: \(value.calendar), schoolRun: \(value.schoolRun) }")
    }
    list("events", cache.events) { event in
      var fields = ["id: \(event.id)", "title: \(quoted(event.title))", "start: \(timestamp(event.start))"]
      if let place = event.place { fields.append("place: \(quoted(place))") }
      if !event.participants.isEmpty { fields.append("participants: [\(event.participants.joined(separator: ", "))]") }
      if event.kind != .event { fields.append("kind: \(event.kind.rawValue)") }
      return fields
    }
    list("tasks", cache.tasks) { task in
      var fields = ["id: \(task.id)", "title: \(quoted(task.title))"]
      if let assignee = task.assignee { fields.append("assignee: \(assignee)") }
      if let due = task.due { fields.append("due: \(timestamp(due))") }
      if task.points != 0 { fields.append("points: \(task.points)") }
      if task.status != .open { fields.append("status: \(task.status.rawValue)") }
      if let at = task.updatedAt { fields.append("updatedAt: \(timestamp(at))") }
      if let by = task.updatedBy { fields.append("updatedBy: \(by)") }
      return fields
    }
    list("messages", cache.messages) { message in
      [
        "id: \(message.id)", "from: \(message.sender)", "at: \(timestamp(message.sentAt))",
        "text: \(quoted(message.text))",
      ]
    }
    list("notices", cache.notices) { notice in
      [
        "id: \(notice.id)", "from: \(notice.author)", "at: \(timestamp(notice.postedAt))",
        "text: \(quoted(notice.text))",
      ]
        + (notice.pinned ? ["pinned: true"] : [])
    }
    if let routes = cache.routes, let pickups = cache.pickups {
      lines.append("\(inner)schoolRun:")
      lines.append("\(inner)  at: \(timestamp(min(routes.loadedAt, pickups.loadedAt)))")
      lines.append(
        "\(inner)  routes: [\(routes.value.map { "{ id: \($0.id), route: \(quoted($0.name)) }" }.joined(separator: ", "))]"
      )
      lines.append(pickups.value.isEmpty ? "\(inner)  pickups: []" : "\(inner)  pickups:")
      for pickup in pickups.value {
        var fields = ["id: \(pickup.id)", "route: \(pickup.routeID)", "at: \(timestamp(pickup.at))"]
        if let driver = pickup.driver { fields.append("driver: \(driver)") }
        if !pickup.passengers.isEmpty { fields.append("passengers: [\(pickup.passengers.joined(separator: ", "))]") }
        lines.append("\(inner)    - { \(fields.joined(separator: ", ")) }")
      }
    }
    return lines
  }
}
