import Foundation
import TribeBoardCore

/// Rules every state of the app keeps, whatever led to it: exploration checks them after every step, and each one
/// names what it found broken in a sentence.
extension Flow {
  /// Family content on the phone without an active membership at `now`: once a person's access ended (or they
  /// left, or signed out), no screen shows, and no cache keeps, anything of the family. `nil` when the rule holds.
  public static func familyContentWithoutAccess(_ state: AppState, at now: Date) -> String? {
    if let membership = state.membership, membership.isActive(at: now) { return nil }
    let content = state.content
    let holds =
      content.events.isEmpty && content.tasks.isEmpty && content.messages.isEmpty && content.notices.isEmpty
      && content.pickups.isEmpty && content.routes.isEmpty && state.cache.isEmpty
      && (content.members.isEmpty || state.screen.id == .confirm)
    guard !holds else { return nil }
    let whose = state.membership == nil ? "someone outside a family" : "a member whose access ended"
    return "\(whose) has family content on \(state.screen.id.rawValue)"
  }

  /// Actions on a list's items offered where the screen shows no numbered item (`open 1` on a list that shows none).
  /// `body`, the screen's body in `state`, when the caller has it.
  public func itemActionsWithoutItems(_ state: AppState, offered: [FlowAction], body: [Block]? = nil) -> String? {
    guard let action = offered.first(where: \.takesItem) else { return nil }
    // A screen that did not load shows no body.
    let shows =
      state.loaded
      && (body ?? table[state.screen.id].body(state)).contains {
        if case .item(_?, _, _) = $0 { true } else { false }
      }
    return shows ? nil : "\(state.screen.id.rawValue) offers “\(action.label)” but shows no numbered item"
  }

  /// The words the screen shows besides its actions: its notice, notes, error and body. `body`, the screen's body in
  /// `state`, when the caller has it.
  public func textShown(_ state: AppState, body: [Block]? = nil) -> [String] {
    var texts = state.notes
    if let notice = state.notice { texts.append(notice) }
    if let error = state.error { texts.append(error.message) }
    guard state.loaded else { return texts }
    for block in body ?? table[state.screen.id].body(state) {
      switch block {
      case .paragraph(let text), .section(let text), .empty(let text): texts.append(text)
      case .field(let name, let value): texts.append("\(name): \(value)")
      case .item(_, let text, _): texts.append(text)
      case .qr, .pager: break
      }
    }
    return texts
  }

  /// A count of one followed by a plural noun (`1 pts`, `1 changes waiting`), or a count of several followed by a
  /// singular one the app pluralises (`3 change`), in `text`; `nil` when every count agrees with its noun.
  public static func miscountedNoun(in text: String) -> String? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "+" })
    for (index, word) in words.dropLast().enumerated() {
      guard let count = Int(word) else { continue }
      let noun = words[index + 1].trimmingCharacters(in: .punctuationCharacters).lowercased()
      if count == 1, pluralNouns.contains(noun) { return "“1 \(noun)” in “\(text)”" }
      if count != 1, singularNouns.contains(noun) { return "“\(count) \(noun)” in “\(text)”" }
    }
    return nil
  }

  /// The nouns the app counts, as they read after a count of one, and after any other count.
  private static let singularNouns: Set<String> = [
    "pt", "point", "change", "notice", "message", "task", "event", "try", "member", "pickup", "second", "minute",
    "hour", "day",
  ]
  private static let pluralNouns: Set<String> = [
    "pts", "points", "changes", "notices", "messages", "tasks", "events", "tries", "members", "pickups", "seconds",
    "minutes", "hours", "days",
  ]
}
