import Foundation
import TribeBoardCore

extension FlowTable {
  static let dashboardScreen = ScreenSpec(
    .dashboard, inFamily: true, title: { state in state.family?.name ?? "Dashboard" },
    load: { state, services throws(AppError) in
      guard let family = state.family else { return }
      state.content.sync = await Flow.syncStatus(of: family.id, services)
      state.content.unsent = []
      if case .failed(_, let pending) = state.content.sync, pending > 0 {
        state.content.unsent = await services.device.outbox().changes.map(\.summary)
      }
      state.content.unread = 0
      if let user = state.user?.id { state.content.unread = try await unreadMessages(family.id, user, services).count }
      try await loadToday(&state, family.id, services)
    },
    body: { state in
      var blocks: [Block] = [
        .paragraph("\(greeting(at: state.now)), \(state.user?.firstName ?? "there")!"),
        .field("Your role", state.role?.displayName ?? "—"),
      ]
      if let expiresAt = state.membership?.expiresAt {
        blocks.append(.field("Access until", DateText.full(expiresAt, now: state.now)))
      }
      blocks.append(.field("Sync", syncText(state.content.sync, now: state.now)))
      if state.content.unread > 0 { blocks.append(.field("Messages", "\(state.content.unread) unread")) }
      if !state.content.unsent.isEmpty {
        blocks.append(.section("Not sent yet (choose Sync now to retry)"))
        blocks += state.content.unsent.map { .row($0, flag: "NOT SENT") }
      }
      blocks += today(state)
      blocks.append(.section("Members"))
      for member in state.content.members {
        blocks.append(
          .item(
            memberItem(
              member, text: "\(member.profile.name) · \(member.role.displayName)\(ended(member, state.now))", state)))
      }
      return blocks
    },
    actions: [
      .open(.openCalendar, "Calendar", phrases: ["calendar", "open calendar"], to: .calendar()),
      .open(.openTasks, "Tasks", phrases: ["tasks", "open tasks"], to: .tasks(mineOnly: false)),
      .open(.openMessages, "Messages", phrases: ["messages", "open messages"], to: .messages),
      .open(
        .openSchoolRun, "School run", phrases: ["school run", "open school run"], to: .schoolRun()),
      .open(.openSettings, "Settings", phrases: ["settings", "open settings"], to: .settings),
      Flow.syncNow,
      signOutOfFamily,
    ])

  /// What the Today summary draws from, as far as the role may see it: the calendar, the person's tasks, the school
  /// runs. The summary is the module screens' in brief: a part that fails to load is left out (its module's screen
  /// says why), except a session that ended, which ends the visit as anywhere else.
  static func loadToday(_ state: inout AppState, _ family: FamilyID, _ services: Services) async throws(AppError) {
    func part<T>(_ load: () async throws(AppError) -> [T]) async throws(AppError) -> [T] {
      do throws(AppError) {
        return try await load()
      } catch  where error.category != .auth {
        return []
      }
    }
    state.content.events =
      state.allows(.viewCalendar)
      ? try await part { () async throws(AppError) in try await services.calendar.events(in: family) } : []
    state.content.tasks =
      state.allows(.viewOwnTasks) || state.allows(.viewAllTasks)
      ? try await part { () async throws(AppError) in try await services.tasks.tasks(in: family) } : []
    if state.allows(.viewSchoolRun) {
      state.content.routes = try await part { () async throws(AppError) in
        try await services.schoolRun.routes(in: family)
      }
      state.content.pickups = try await part { () async throws(AppError) in
        try await services.schoolRun.pickups(in: family)
      }
    } else {
      state.content.routes = []
      state.content.pickups = []
    }
  }

  /// The Today summary: the next thing on the calendar, who drives the next school run (or that it needs a driver),
  /// and the chores due by the end of today (the family's to someone who sees every task, else the person's own), each the thing itself (its identity and facts) without a
  /// number: the summary opens modules, it does not act on their items.
  static func today(_ state: AppState) -> [Block] {
    var items: [Item] = []
    if let next = upcoming(state).first(where: { $0.kind != .schoolRun }) {
      let when =
        next.kind == .birthday ? DateText.day(next.start, now: state.now) : DateText.full(next.start, now: state.now)
      items.append(
        Item(
          id: next.id, text: "Next: \(next.title) · \(when)",
          kind: .event(
            EventFacts(
              title: next.title, start: next.start, place: next.place, kind: EventFacts.Kind(next.kind),
              participants: next.participants.map { person($0, state) }))))
    }
    if let pickup = state.content.pickups.filter({ $0.at >= state.now }).min(by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
      let route = state.content.routes.first { $0.id == pickup.routeID }?.name ?? "School run"
      let who =
        pickup.driver.map { $0 == state.user?.id ? "You drive next" : "\(state.content.name($0)) drives next" }
        ?? "The next school run needs a driver"
      items.append(
        Item(
          id: pickup.id, text: "\(who): \(route) · \(DateText.full(pickup.at, now: state.now))",
          kind: .pickup(
            PickupFacts(
              route: route, at: pickup.at, driver: pickup.driver.map { person($0, state) },
              passengers: pickup.passengers.map { person($0, state) },
              isMine: pickup.driver != nil && pickup.driver == state.user?.id, isPast: false,
              waiting: state.content.waiting.contains(pickup.id)))))
    }
    let endOfToday = DateText.startOfDay(state.now).addingTimeInterval(86400)
    let seesAll = state.allows(.viewAllTasks)
    let due = state.content.tasks.filter { task in
      task.status == .open && (seesAll || (task.assignee != nil && task.assignee == state.user?.id))
        && (task.due.map { $0 < endOfToday } ?? false)
    }
    for task in due.sorted(by: { ($0.due ?? .distantPast, $0.id) < ($1.due ?? .distantPast, $1.id) }) {
      let overdue = (task.due ?? state.now) < state.now
      items.append(
        Item(
          id: task.id,
          text: "\(overdue ? "Overdue" : "Due today"): \(task.title)"
            + (task.assignee.map { " (\(state.content.name($0)))" } ?? "")
            + " · \(DateText.full(task.due ?? state.now, now: state.now))",
          kind: .task(
            TaskFacts(
              title: task.title, assignee: task.assignee.map { person($0, state) }, due: task.due, points: task.points,
              state: overdue ? .overdue : .open, waiting: state.content.waiting.contains(task.id)))))
    }
    return items.isEmpty ? [] : [.section("Today")] + items.map { .item($0) }
  }

  static func greeting(at date: Date) -> String {
    switch DateText.hour(date) {
    case 5..<12: "Good morning"
    case 12..<18: "Good afternoon"
    default: "Good evening"
    }
  }

  private static func changes(_ count: Int) -> String {
    count.counted("change")
  }

  static func syncText(_ status: SyncStatus, now: Date? = nil) -> String {
    switch status {
    case .idle: "Not synced yet"
    case .upToDate(let date): "Up to date (\(DateText.full(date, now: now)))"
    case .syncing(let pending, let next):
      "Syncing, \(changes(pending)) waiting" + (next.map { ", next try at \(DateText.precise($0, now: now))" } ?? "")
    case .offline(let pending): pending == 0 ? "Offline" : "Offline, \(changes(pending)) waiting on this phone"
    case .failed(let error, let pending):
      "Failed: \(error.message)" + (pending > 0 ? " \(changes(pending)) waiting; choose Sync now." : "")
    }
  }
}
