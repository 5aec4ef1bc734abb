import Foundation
import TribeBoardCore

extension FlowTable {
  static let dashboardScreen = ScreenSpec(
    .dashboard, title: { state in state.family?.name ?? "Dashboard" },
    load: { state, services in
      guard let family = state.family else { return }
      do throws(AppError) {
        state.content.sync = try await services.sync.sync(family.id)
      } catch {
        state.content.sync = .failed(error)
      }
    },
    body: { state in
      var blocks: [Block] = [
        .paragraph("\(greeting(at: state.now)), \(state.session?.user.firstName ?? "there")!"),
        .field("Your role", state.role?.displayName ?? "—"),
      ]
      if let expiresAt = state.membership?.expiresAt {
        blocks.append(.field("Access until", DateText.full(expiresAt)))
      }
      blocks.append(.field("Sync", syncText(state.content.sync)))
      blocks.append(.section("Members"))
      blocks += state.content.members.map { member in
        .item(ref: nil, text: "\(member.profile.name) · \(member.role.displayName)")
      }
      return blocks
    },
    actions: [
      .go(.openCalendar, "Calendar", phrases: ["calendar", "open calendar"], to: .calendar, requires: .viewCalendar),
      .go(.openTasks, "Tasks", phrases: ["tasks", "open tasks"], to: .tasks(mineOnly: false), requires: .viewOwnTasks),
      .go(.openMessages, "Messages", phrases: ["messages", "open messages"], to: .messages, requires: .viewMessages),
      .go(
        .openSchoolRun, "School run", phrases: ["school run", "open school run"], to: .schoolRun,
        requires: .viewSchoolRun),
      .go(.openSettings, "Settings", phrases: ["settings", "open settings"], to: .settings, requires: .viewProfile),
      signOut,
    ])

  static func greeting(at date: Date) -> String {
    switch DateText.calendar.component(.hour, from: date) {
    case 5..<12: "Good morning"
    case 12..<18: "Good afternoon"
    default: "Good evening"
    }
  }

  static func syncText(_ status: SyncStatus) -> String {
    switch status {
    case .idle: "Not synced yet"
    case .upToDate(let date): "Up to date (\(DateText.full(date)))"
    case .offline(let pending): "Offline, \(pending) change\(pending == 1 ? "" : "s") waiting"
    case .failed(let error): "Failed: \(error.message)"
    }
  }
}
