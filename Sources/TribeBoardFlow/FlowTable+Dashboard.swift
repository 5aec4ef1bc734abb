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
