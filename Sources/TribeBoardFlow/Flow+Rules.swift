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
        if case .item(let item) = $0, item.number != nil { true } else { false }
      }
    return shows ? nil : "\(state.screen.id.rawValue) offers “\(action.label)” but shows no numbered item"
  }

  /// A choice offered that the person can't make: an action whose permission (as `reference`, the design's table,
  /// gives it) the role lacks, or a role to join as, or a family to create, that ``RoleRules`` refuses for this
  /// account (a child's account offered "Join as adult"), or a role to give a member that their account can't take
  /// (a child's account offered "adult"). `offered`, ``actions(in:)`` for `state`. `nil` when every
  /// choice offered is one the person can make.
  public static func choiceBeyondRole(_ state: AppState, offered: [FlowAction], reference: FlowTable) -> String? {
    let designed = reference[state.screen.id].actions
    let isChildAccount = state.user?.isChildAccount ?? false
    for action in offered {
      let twin =
        designed.first { $0.id == action.id && $0.label == action.label } ?? designed.first { $0.id == action.id }
      if let needed = twin?.requires ?? action.requires, !state.allows(needed) {
        return
          "\(state.role?.displayName ?? "someone without a role") is offered “\(action.label)” on \(state.screen.id.rawValue), which needs “\(needed.summary)”"
      }
      do throws(AppError) {
        if let role = joinedRole(action.id) { try RoleRules.checkJoin(role, isChildAccount: isChildAccount) }
        if action.id == .createFamily { try RoleRules.checkCreate(isChildAccount: isChildAccount) }
      } catch {
        let who = isChildAccount ? "a child's account" : state.role?.displayName ?? "someone without a role"
        return "\(who) is offered “\(action.label)” on \(state.screen.id.rawValue), which the role rules refuse"
      }
      // The roles offered for a member: only those their account can be given.
      if case .role(let among)? = action.argument, case .memberDetail(let id) = state.screen,
        let member = state.content.member(id),
        let beyond = among.first(where: {
          !RoleRules.givable(isChildAccount: member.profile.isChildAccount).contains($0)
        })
      {
        return
          "“\(action.label)” on \(state.screen.id.rawValue) offers \(beyond.displayName.lowercased()) for \(member.profile.firstName), whose account the role rules keep from it"
      }
    }
    return nil
  }

  /// When the copy `state` shows was loaded, if it is past `kind`'s time to live: the screen then states nothing of
  /// that kind (no count of notices from a noticeboard copy over an hour old). `nil` when the screen shows what it
  /// loaded, or a copy still within the time to live.
  public static func expiredCopy(of kind: PhoneCache.Kind, in state: AppState) -> Date? {
    guard let since = state.staleSince, let timeToLive = kind.timeToLive,
      state.now.timeIntervalSince(since) > timeToLive
    else { return nil }
    return since
  }

  /// A count stated for data the phone does not have: a number before a noun of a kind of data whose copy, shown
  /// while the network fails, is past its time to live ("2 notices" from a noticeboard copy over an hour old).
  /// `texts`, what the screen shows (``textShown(_:body:)``). `nil` when no such count is shown.
  public static func countWithoutData(_ state: AppState, texts: [String]) -> String? {
    guard state.staleSince != nil else { return nil }
    for (kind, nouns) in countedKinds where expiredCopy(of: kind, in: state) != nil {
      for text in texts {
        for (_, noun) in counts(in: text) where nouns.contains(noun) {
          return
            "“\(text)” on \(state.screen.id.rawValue) counts \(noun) from a \(kind.rawValue) copy past its time to live"
        }
      }
    }
    return nil
  }

  /// The nouns that count each kind of data with a time to live.
  private static let countedKinds: [(PhoneCache.Kind, Set<String>)] = [
    (.noticeboard, ["notice", "notices", "pinned"]), (.calendar, ["event", "events"]),
    (.tasks, ["task", "tasks", "pt", "pts"]), (.schoolRun, ["pickup", "pickups"]),
    (.members, ["member", "members"]),
  ]

  /// A question answered yes and then refused for a reason the phone could have known when it asked (the role,
  /// the family's rules, the input, an item gone): `asked`, the state showing the question; `answered`, the state
  /// right after yes, with nothing else happening in between. `nil` when yes was not refused so.
  public static func askedThenRefused(asked: AppState, answered: AppState) -> String? {
    guard case .confirm(let pending) = asked.screen, let error = answered.error else { return nil }
    switch error.code.category {
    case .validation, .permission, .notFound, .conflict:
      return
        "“\(pending.question)” is asked on \(pending.back.id.rawValue), but yes is refused: \(error.message)"
    case .network, .auth:
      return nil
    }
  }

  /// The role an action joins a family as, if it is one of the join choices.
  static func joinedRole(_ action: ActionID) -> Role? {
    switch action {
    case .joinAsAdult: .adult
    case .joinAsChild: .child
    case .joinAsVisitor: .visitor
    case .joinAsParentAdmin: .parentAdmin
    default: nil
    }
  }

  /// What a step repeated of what the step before said, as a sentence; `nil` when it repeated nothing. `before`
  /// and `after`, the acting person's state around the step; `fresh`, the state the same step reaches from `before`
  /// with what the step before said forgotten (its notes and notice, and an error it can't retry): a step that
  /// says only what happened on it says the same either way.
  public static func repeatedFeedback(before: AppState, after: AppState, fresh: AppState) -> String? {
    let repeated = after.notes.filter { before.notes.contains($0) && !fresh.notes.contains($0) }
    if let note = repeated.first { return "a step repeats the note “\(note)” of the step before" }
    if let notice = after.notice, notice == before.notice, fresh.notice != notice {
      return "a step repeats the notice “\(notice)” of the step before"
    }
    if let error = after.error, error == before.error, fresh.error != error {
      return "a step repeats the error “\(error.message)” of the step before"
    }
    return nil
  }

  /// Whether a step from `before` to `after` may have said again what the step before it said: only then is
  /// ``repeatedFeedback(before:after:fresh:)`` worth the step taken again from a state that forgot it.
  public static func mayRepeatFeedback(before: AppState, after: AppState) -> Bool {
    (!before.notes.isEmpty && after.notes.contains { before.notes.contains($0) })
      || (before.notice != nil && after.notice == before.notice)
      || (before.error != nil && before.retry == nil && after.error == before.error)
  }

  /// `state` with what its last step said forgotten, as a step that says only what happened on it finds it: no
  /// notes, no notice, and no error unless it can be retried (its "Try again" stays on the screen).
  public static func forgettingFeedback(_ state: AppState) -> AppState {
    var state = state
    state.notes = []
    state.notice = nil
    if state.retry == nil { state.error = nil }
    return state
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
      case .paragraph(let text), .hint(let text), .section(let text), .empty(let text): texts.append(text)
      case .field(let name, let value): texts.append("\(name): \(value)")
      case .input(let field): texts.append("\(field.label): \(field.value ?? "—")")
      case .item(let item): texts.append(item.text)
      case .qr, .pager: break
      }
    }
    return texts
  }

  /// A count of one followed by a plural noun (`1 pts`, `1 changes waiting`), or a count of several followed by a
  /// singular one the app pluralises (`3 change`), in `text`; `nil` when every count agrees with its noun.
  public static func miscountedNoun(in text: String) -> String? {
    for (count, noun) in counts(in: text) {
      if count == 1, pluralNouns.contains(noun) { return "“1 \(noun)” in “\(text)”" }
      if count != 1, singularNouns.contains(noun) { return "“\(count) \(noun)” in “\(text)”" }
    }
    return nil
  }

  /// The counts `text` states: a number that starts a word (after a space, "(" or "+", or at the start), a space,
  /// and the word after it in lower case ("2 Notices" → (2, "notices")).
  static func counts(in text: String) -> [(count: Int, noun: String)] {
    var found: [(count: Int, noun: String)] = []
    let bytes = text.utf8.span
    var index = 0
    while index < bytes.count {
      guard isDigit(bytes[index]), index == 0 || [0x20, 0x28, 0x2B].contains(bytes[index - 1]) else {
        index += 1
        continue
      }
      var count = 0
      while index < bytes.count, isDigit(bytes[index]) {
        count = min(count * 10 + Int(bytes[index] - 0x30), 1_000_000)
        index += 1
      }
      guard index < bytes.count, bytes[index] == 0x20 else { continue }
      var end = index + 1
      while end < bytes.count, isLetter(bytes[end]) { end += 1 }
      if end > index + 1 {
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: index + 1)
        let stop = text.utf8.index(start, offsetBy: end - index - 1)
        found.append((count, String(text[start..<stop]).lowercased()))
      }
    }
    return found
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

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
