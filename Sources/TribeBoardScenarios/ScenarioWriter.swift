import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// Writes a ``Scenario`` as a scenario file that ``ScenarioLoader`` reads back to the same scenario: the world,
/// every phone (its memory and the screen it reopens on), the clock, the seed, the faults, latency and the auth
/// policy, and the journeys.
///
/// Every text a person typed is written double-quoted with YAML's escapes, so quotes, colons, `#`, leading spaces,
/// words such as `yes` or `null` and any Unicode come back exactly; ids and fixed words are written plain.
public enum ScenarioWriter {
  /// The scenario as YAML. Times are written to the second, in UTC.
  public static func yaml(_ scenario: Scenario) -> String {
    var out = YAMLText()
    let configuration = scenario.configuration
    out.line("# A saved TribeBoard world: tribeboard repl --scenario THIS-FILE reopens it.")
    // The name it was saved from, so a reopened world saves again to the same text.
    out.line("name: \(scenario.name)")
    out.line("summary: \(quoted(scenario.summary))")
    out.line("now: \(timestamp(configuration.now))")
    out.line("seed: \(configuration.seed)")
    out.line("device:")
    writePhone(configuration.device, screen: scenario.screens[configuration.device.user], into: &out, indent: "  ")
    if !configuration.phones.isEmpty {
      out.line("phones:")
      for phone in configuration.phones {
        writePhone(phone, screen: scenario.screens[phone.user], into: &out, indent: "    ", first: "  - ")
      }
    }
    writeAccounts(
      configuration.world.accounts, locks: configuration.signInLocks, attempts: configuration.attempts, into: &out)
    writeFamilies(configuration.world, into: &out)
    writeFaults(configuration.faults, into: &out)
    if !configuration.latency.isEmpty {
      out.line("latency:")
      for (key, seconds) in configuration.latency.sorted(by: { $0.key < $1.key }) {
        out.line("  \(key): \(duration(seconds))")
      }
    }
    let auth = configuration.auth
    out.line("auth:")
    out.line("  accessTokenLifetime: \(duration(auth.accessTokenLifetime))")
    out.line("  refreshTokenLifetime: \(duration(auth.refreshTokenLifetime))")
    out.line("  mfaAttempts: \(auth.mfaAttempts)")
    out.line("  mfaLockout: \(duration(auth.mfaLockout))")
    out.line("  mfaCodeLifetime: \(duration(auth.mfaCodeLifetime))")
    if !auth.signUp { out.line("  signUp: false") }
    if !scenario.journeys.isEmpty {
      out.line("journeys:")
      for journey in scenario.journeys {
        out.line("  \(journey.name):")
        for step in journey.steps { out.line("    - \(quoted(step))") }
      }
    }
    return out.text
  }

  // MARK: Phones

  private static func writePhone(
    _ phone: MockDeviceState, screen: SavedScreen?, into out: inout YAMLText, indent: String, first: String? = nil
  ) {
    out.line("\(first ?? indent)user: \(phone.user)")
    out.line("\(indent)onboardingCompleted: \(phone.onboardingCompleted)")
    out.line("\(indent)signedIn: \(phone.signedIn)")
    out.line("\(indent)offline: \(phone.offline)")
    if let until = phone.accessUntil { out.line("\(indent)accessUntil: \(timestamp(until))") }
    if let until = phone.refreshUntil { out.line("\(indent)refreshUntil: \(timestamp(until))") }
    if !phone.identities.isEmpty {
      out.line("\(indent)identities:")
      for provider in AuthProvider.allCases {
        guard let identity = phone.identities[provider] else { continue }
        out.line(
          "\(indent)  \(provider.rawValue): { name: \(quoted(identity.name)), email: \(quoted(identity.email)) }")
      }
    }
    if let screen, let fields = screenFields(screen) {
      out.line("\(indent)screen: { \(fields.joined(separator: ", ")) }")
    }
    for line in cacheLines(phone.cache, indent: indent) { out.line(line) }
    let outbox = phone.outbox
    guard outbox != Outbox() else { return }
    out.line("\(indent)outbox:")
    out.line("\(indent)  issued: \(outbox.issued)")
    if outbox.attempts > 0 { out.line("\(indent)  attempts: \(outbox.attempts)") }
    if let next = outbox.nextAttemptAt { out.line("\(indent)  nextAttempt: \(timestamp(next))") }
    if let failure = outbox.failure {
      out.line("\(indent)  failure: { error: \(failure.code.rawValue), message: \(quoted(failure.message)) }")
    }
    if !outbox.changes.isEmpty {
      out.line("\(indent)  changes:")
      for change in outbox.changes { out.line("\(indent)    - { \(changeFields(change).joined(separator: ", ")) }") }
    }
  }

  /// The keys of `screen: { … }`, or `nil` for a screen an app can't reopen on (the saver picks another first).
  static func screenFields(_ saved: SavedScreen) -> [String]? {
    switch saved {
    case .screen(let screen): screenFields(screen)
    case .familyPreview(let code): ["id: familyPreview", "code: \(code)"]
    case .verification(let provider): ["id: mfa", "provider: \(provider.rawValue)"]
    case .signUp(let provider): ["id: signUp", "provider: \(provider.rawValue)"]
    case .question(let back, let intent):
      screenFields(back).map { back in
        ["id: confirm", "action: \(intent.action.rawValue)"]
          + (intent.argument.map { ["argument: \(quoted($0.typed))"] } ?? []) + [
            "back: { \(back.joined(separator: ", ")) }"
          ]
      }
    }
  }

  private static func screenFields(_ screen: Screen) -> [String]? {
    var fields = ["id: \(screen.id.rawValue)"]
    switch screen {
    case .onboarding(let page): fields.append("page: \(page)")
    case .signIn, .familySetup, .createFamily, .joinFamily, .dashboard, .messages, .settings, .profile, .notifications,
      .familyCreated:
      break
    case .eventDetail(let item), .taskDetail(let item): fields.append("item: \(item)")
    case .memberDetail(let member): fields.append("member: \(member)")
    case .tasks(let mineOnly, let shown):
      if mineOnly { fields.append("mineOnly: true") }
      if !shown.isEmpty { fields.append("shown: [\(shown.joined(separator: ", "))]") }
    case .noticeboard(let shown), .calendar(let shown), .schoolRun(let shown), .familyManagement(let shown):
      if !shown.isEmpty { fields.append("shown: [\(shown.joined(separator: ", "))]") }
    case .addEvent(let draft):
      if let title = draft.title { fields.append("title: \(quoted(title))") }
      if let start = draft.start { fields.append("start: \(timestamp(start))") }
      if let place = draft.place { fields.append("place: \(quoted(place))") }
      if !draft.participants.isEmpty { fields.append("participants: [\(draft.participants.joined(separator: ", "))]") }
    case .addTask(let draft):
      if let title = draft.title { fields.append("title: \(quoted(title))") }
      if let assignee = draft.assignee { fields.append("assignee: \(assignee)") }
      if let due = draft.due { fields.append("due: \(timestamp(due))") }
      if draft.points != 0 { fields.append("points: \(draft.points)") }
    case .mfa, .signUp, .preparing, .familyPreview, .confirm:
      return nil
    }
    return fields
  }

  private static func changeFields(_ pending: PendingChange) -> [String] {
    var fields = ["id: \(quoted(pending.id))"]
    switch pending.change {
    case .sendMessage(let text, let family):
      fields += ["change: sendMessage", "family: \(family)", "text: \(quoted(text))"]
    case .postNotice(let text, let family):
      fields += ["change: postNotice", "family: \(family)", "text: \(quoted(text))"]
    case .setTaskStatus(let status, let task):
      fields += ["change: setTaskStatus", "task: \(task)", "status: \(status.rawValue)"]
    case .assignTask(let task, let user):
      fields += ["change: assignTask", "task: \(task)", "to: \(user)"]
    case .setPinned(let pinned, let notice):
      fields += ["change: setPinned", "notice: \(notice)", "pinned: \(pinned)"]
    case .setDriver(let driver, let pickup):
      fields += ["change: setDriver", "pickup: \(pickup)"] + (driver.map { ["driver: \($0)"] } ?? [])
    }
    fields += [
      "by: \(pending.author)", "at: \(timestamp(pending.madeAt))", "summary: \(quoted(pending.summary))",
      "waited: \(pending.waited)",
    ]
    return fields
  }

  // MARK: The world

  private static func writeAccounts(
    _ accounts: [MockAccount], locks: [UserID: Date], attempts: [UserID: CodeAttempts], into out: inout YAMLText
  ) {
    out.line("accounts:")
    for account in accounts {
      let profile = account.profile
      var fields = [
        "id: \(profile.id)", "name: \(quoted(profile.name))", "email: \(quoted(profile.email))",
        "providers: [\(account.providers.map(\.rawValue).joined(separator: ", "))]",
      ]
      if let code = account.mfaCode { fields.append("mfaCode: \(quoted(code))") }
      if account.isChild { fields.append("child: true") }
      if let birthday = profile.birthday {
        fields.append(String(format: "birthday: \"%02d-%02d\"", birthday.month, birthday.day))
      }
      let preferences = NotificationPreferences.Kind.allCases.filter { !account.notifications[$0] }
      if !preferences.isEmpty {
        fields.append("notifications: { \(preferences.map { "\($0.rawValue): false" }.joined(separator: ", ")) }")
      }
      if let until = locks[profile.id] { fields.append("lockedUntil: \(timestamp(until))") }
      if let counted = attempts[profile.id] {
        if counted.wrongCodes > 0 { fields.append("wrongCodes: \(counted.wrongCodes)") }
        if counted.wrongFamilyCodes > 0 { fields.append("wrongFamilyCodes: \(counted.wrongFamilyCodes)") }
        if let until = counted.familyCodesLockedUntil {
          fields.append("familyCodesLockedUntil: \(timestamp(until))")
        }
      }
      out.line("  - { \(fields.joined(separator: ", ")) }")
    }
  }

  private static func writeFamilies(_ world: MockWorld, into out: inout YAMLText) {
    guard !world.families.isEmpty else {
      out.line("families: []")
      return
    }
    let memberships = Dictionary(grouping: world.memberships, by: \.familyID)
    let messageIDs = Dictionary(grouping: world.messages, by: \.familyID).mapValues { Set($0.map(\.id)) }
    let events = Dictionary(grouping: world.events, by: \.familyID)
    let tasks = Dictionary(grouping: world.tasks, by: \.familyID)
    let messages = Dictionary(grouping: world.messages, by: \.familyID)
    let notices = Dictionary(grouping: world.notices, by: \.familyID)
    let routes = Dictionary(grouping: world.routes, by: \.familyID)
    let pickups = Dictionary(grouping: world.pickups, by: \.routeID)
    out.line("families:")
    for family in world.families {
      out.line("  - id: \(family.id)")
      out.line("    name: \(quoted(family.name))")
      out.line("    code: \(family.code)")
      out.line("    members:")
      for membership in memberships[family.id] ?? [] {
        var fields = ["account: \(membership.userID)", "role: \(membership.role.rawValue)"]
        if let expires = membership.expiresAt { fields.append("expires: \(timestamp(expires))") }
        // A marker naming no message of the family (a hand-built world) means none read, as leaving it out does.
        if let lastRead = membership.lastRead, messageIDs[family.id]?.contains(lastRead) == true {
          fields.append("lastRead: \(lastRead)")
        }
        out.line("      - { \(fields.joined(separator: ", ")) }")
      }
      list("events", events[family.id], into: &out) { event in
        var fields = ["id: \(event.id)", "title: \(quoted(event.title))", "start: \(timestamp(event.start))"]
        if let place = event.place { fields.append("place: \(quoted(place))") }
        if !event.participants.isEmpty {
          fields.append("participants: [\(event.participants.joined(separator: ", "))]")
        }
        return fields
      }
      list("tasks", tasks[family.id], into: &out) { task in
        var fields = ["id: \(task.id)", "title: \(quoted(task.title))"]
        if let assignee = task.assignee { fields.append("assignee: \(assignee)") }
        if let due = task.due { fields.append("due: \(timestamp(due))") }
        fields += ["points: \(task.points)", "status: \(task.status.rawValue)"]
        if let at = task.updatedAt { fields.append("updatedAt: \(timestamp(at))") }
        if let by = task.updatedBy { fields.append("updatedBy: \(by)") }
        return fields
      }
      list("messages", messages[family.id], into: &out) { message in
        [
          "id: \(message.id)", "from: \(message.sender)", "at: \(timestamp(message.sentAt))",
          "text: \(quoted(message.text))",
        ]
      }
      list("notices", notices[family.id], into: &out) { notice in
        [
          "id: \(notice.id)", "from: \(notice.author)", "at: \(timestamp(notice.postedAt))",
          "text: \(quoted(notice.text))", "pinned: \(notice.pinned)",
        ]
      }
      if let routes = routes[family.id], !routes.isEmpty {
        out.line("    schoolRuns:")
        for route in routes {
          out.line("      - id: \(route.id)")
          out.line("        route: \(quoted(route.name))")
          let stops = pickups[route.id] ?? []
          guard !stops.isEmpty else { continue }
          out.line("        pickups:")
          for pickup in stops {
            var fields = ["id: \(pickup.id)", "at: \(timestamp(pickup.at))"]
            if let driver = pickup.driver { fields.append("driver: \(driver)") }
            if !pickup.passengers.isEmpty {
              fields.append("passengers: [\(pickup.passengers.joined(separator: ", "))]")
            }
            out.line("          - { \(fields.joined(separator: ", ")) }")
          }
        }
      }
    }
  }

  private static func list<Item>(
    _ key: String, _ items: [Item]?, into out: inout YAMLText, _ fields: (Item) -> [String]
  ) {
    guard let items, !items.isEmpty else { return }
    out.line("    \(key):")
    for item in items { out.line("      - { \(fields(item).joined(separator: ", ")) }") }
  }

  private static func writeFaults(_ faults: [Fault], into out: inout YAMLText) {
    guard !faults.isEmpty else { return }
    out.line("faults:")
    for fault in faults {
      var fields = [
        "service: \(fault.operation.service)", "operation: \(fault.operation.operation)",
        "error: \(fault.error.rawValue)",
      ]
      switch fault.schedule {
      case .always: break
      case .next(let n): fields.append("times: \(n)")
      case .nth(let n): fields.append("call: \(n)")
      case .after(let date): fields.append("after: \(timestamp(date))")
      case .probability(let p): fields.append("probability: \(min(100, max(1, Int((p * 100).rounded()))))")
      }
      if let account = fault.account { fields.append("account: \(account)") }
      out.line("  - { \(fields.joined(separator: ", ")) }")
    }
  }

  // MARK: Scalars

  /// `text` as a double-quoted YAML scalar: `\` and `"` escaped, and every control character, line or paragraph
  /// separator, byte-order mark and non-character written as an escape, so the file stays one line per value.
  public static func quoted(_ text: String) -> String {
    // Almost every text is printable ASCII without `"` or `\`: written as it is.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
      return "\"" + text + "\""
    }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        let value = scalar.value
        let needsEscape =
          value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF
          || scalar.properties.isNoncharacterCodePoint
        if needsEscape {
          let hex = String(value, radix: 16, uppercase: true)
          out +=
            value <= 0xFF
            ? "\\x" + hex.leftPadded(2) : value <= 0xFFFF ? "\\u" + hex.leftPadded(4) : "\\U" + hex.leftPadded(8)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// `2026-03-02T08:00:00Z`: UTC, with milliseconds only when the time has them (`08:00:00.500Z`).
  static func timestamp(_ date: Date) -> String {
    let total = Int((date.timeIntervalSince1970 * 1000).rounded())
    let milliseconds = ((total % 1000) + 1000) % 1000
    let seconds = (total - milliseconds) / 1000
    let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
    let time = seconds - days * 86400
    let (year, month, day) = CivilDate.day(daysSince1970: days)
    // A year past 9999 is written as it is, which no scenario reads: `:save` then refuses, rather than writing a
    // wrong year.
    let text = String(
      format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld", year, month, day, time / 3600, time % 3600 / 60, time % 60)
    return text + (milliseconds == 0 ? "" : String(format: ".%03ld", milliseconds)) + "Z"
  }

  /// A duration in the largest unit that keeps it whole: `2d`, `1h`, `15m`, `90s`, `500ms`.
  static func duration(_ seconds: TimeInterval) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    for (unit, size) in [("d", 86_400_000), ("h", 3_600_000), ("m", 60000), ("s", 1000)]
    where milliseconds % size == 0 && milliseconds >= size {
      return "\(milliseconds / size)\(unit)"
    }
    return "\(max(milliseconds, 1))ms"
  }
}

/// Lines of YAML being written.
private struct YAMLText {
  var text = ""

  mutating func line(_ line: String) {
    text += line
    text += "\n"
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
