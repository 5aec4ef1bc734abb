import Foundation
import TribeBoardCore

extension FlowTable {
  /// The item a list number names in `items` (numbered from 1).
  static func item<T>(_ argument: ActionInput, in items: [T], noun: String) throws(AppError) -> T {
    let number = try argument.item()
    // Compare before subtracting: `Int.min - 1` would trap.
    guard number >= 1, number <= items.count else {
      let range = items.isEmpty ? "the list is empty" : "choose 1 to \(items.count)"
      throw AppError(.validationFailed, "There is no \(noun) #\(number); \(range).", recovery: [.edit])
    }
    return items[number - 1]
  }

  /// A list's items with the numbers the screen shows. On arrival (`shown` empty) they are numbered 1, 2, 3… in the
  /// order of `items`. While the person acts on the list, `shown` (the ids as they were numbered) keeps every
  /// item's number: an item that went away leaves its number unused, a new one is numbered after the rest.
  static func numbered<T: Identifiable>(_ items: [T], shown: [ItemID]) -> [(number: Int, item: T)]
  where T.ID == ItemID {
    guard !shown.isEmpty else { return items.enumerated().map { (number: $0.offset + 1, item: $0.element) } }
    var position = [ItemID: Int](minimumCapacity: shown.count)
    for (index, id) in shown.enumerated() where position[id] == nil { position[id] = index + 1 }
    var known: [(number: Int, item: T)] = []
    var added: [(number: Int, item: T)] = []
    for item in items {
      if let number = position[item.id] {
        known.append((number, item))
      } else {
        added.append((shown.count + added.count + 1, item))
      }
    }
    return known.sorted { $0.number < $1.number } + added
  }

  /// The numbers the list on `state`'s screen shows, by item (an account id for a member): the numbers its rows
  /// carry and a typed number names. Every list a person acts on by number keeps them (the task list, the
  /// noticeboard, the calendar, the school run, family management); empty on every other screen.
  public static func keptNumbers(_ state: AppState) -> [ItemID: Int] {
    let list = numberedIDs(state)
    return Dictionary(list.map { ($0.id, $0.number) }, uniquingKeysWith: { first, _ in first })
  }

  /// The list on `state`'s screen as it numbers it: each item's number and id, in the order the screen draws them.
  static func numberedIDs(_ state: AppState) -> [(number: Int, id: ItemID)] {
    switch state.screen {
    case .tasks: numberedTasks(state).map { ($0.number, $0.item.id) }
    case .noticeboard: numberedNotices(state).map { ($0.number, $0.item.id) }
    case .calendar: numberedEntries(state).map { ($0.number, $0.item.id) }
    case .schoolRun: numberedPickups(state).map { ($0.number, $0.item.id) }
    case .familyManagement: numberedMembers(state).map { ($0.number, $0.item.id) }
    default: []
    }
  }

  /// Keeps in the screen the numbers its list shows now (``keep(_:shown:)``), so they name the same items while the
  /// person stays on it, whatever they or anyone else changes. The flow calls it after every load of a screen; an
  /// action that changes the list's order calls it before sending the change. Nothing on a screen without a list.
  public static func keepShownNumbers(_ state: inout AppState) {
    switch state.screen {
    case .tasks(let mineOnly, let shown):
      state.screen = .tasks(mineOnly: mineOnly, shown: keep(numberedTasks(state), shown: shown))
    case .noticeboard(let shown):
      state.screen = .noticeboard(shown: keep(numberedNotices(state), shown: shown))
    case .calendar(let shown):
      state.screen = .calendar(shown: keep(numberedEntries(state), shown: shown))
    case .schoolRun(let shown):
      state.screen = .schoolRun(shown: keep(numberedPickups(state), shown: shown))
    case .familyManagement(let shown):
      state.screen = .familyManagement(shown: keep(numberedMembers(state), shown: shown))
    default:
      break
    }
  }

  /// What a list screen keeps once the person acts on it, so the numbers they saw (`list`) keep naming the same
  /// items on the next command: the ids in number order, each at its number.
  static func keep<T: Identifiable>(_ list: [(number: Int, item: T)], shown: [ItemID]) -> [ItemID]
  where T.ID == ItemID {
    shown + list.filter { $0.number > shown.count }.sorted { $0.number < $1.number }.map(\.item.id)
  }

  /// The item a list number names in a numbered list.
  static func item<T>(_ argument: ActionInput, numbered list: [(number: Int, item: T)], noun: String)
    throws(AppError) -> T
  {
    let number = try argument.item()
    if let found = list.first(where: { $0.number == number }) { return found.item }
    let highest = list.map(\.number).max() ?? 0
    let hint =
      list.isEmpty
      ? "the list is empty"
      : (1...highest).contains(number) ? "it is no longer on the list" : "choose 1 to \(highest)"
    throw AppError(.validationFailed, "There is no \(noun) #\(number); \(hint).", recovery: [.edit])
  }

  /// The family member a person names by account id, first name or full name.
  static func member(_ name: String, in members: [Member]) throws(AppError) -> Member {
    let typed = name.trimmingWhitespaceScalars
    let wanted = typed.lowercased()
    if let member = members.first(where: { $0.id == wanted || $0.profile.name.lowercased() == wanted }) {
      return member
    }
    let named = members.filter { $0.profile.firstName.lowercased() == wanted }
    if named.count == 1 { return named[0] }
    if named.count > 1 {
      // Never picked silently: the person says which.
      let names = named.map(\.profile.name)
      throw AppError(
        .validationFailed,
        "“\(typed)” could be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""): type the full name.",
        recovery: [.edit])
    }
    let names = members.map(\.profile.firstName).joined(separator: ", ")
    throw AppError(
      .validationFailed, "“\(typed)” is not a member of this family. Members: \(names).", recovery: [.edit])
  }

  /// A date given for `field`, which must not be in the past.
  static func futureDate(_ date: Date, now: Date, field: String) throws(AppError) -> Date {
    try Validation.notInPast(date, now: now, field: field, nowText: DateText.full(now, now: now))
  }

  /// A draft field's value for display.
  static func shown(_ value: String?) -> String {
    value ?? "—"
  }

  static func requireFamily(_ state: AppState) throws(AppError) -> (family: FamilyID, user: UserID) {
    guard let family = state.family?.id, let user = state.user?.id else { throw AppError(.sessionExpired) }
    return (family, user)
  }

  /// An action that sets one field of a form's draft (`title <title>`), re-validating as it goes.
  static func editDraft<Draft: Sendable>(
    _ id: ActionID, _ label: String, _ phrase: String, argument: ArgumentKind, requires: Capability,
    on screenID: ScreenID, draft: @escaping @Sendable (Screen) -> Draft?, screen: @escaping @Sendable (Draft) -> Screen,
    _ edit: @escaping @Sendable (inout Draft, ActionInput, AppState) throws(AppError) -> Void
  ) -> FlowAction {
    FlowAction(id, label, phrases: [phrase], argument: argument, requires: requires, targets: [screenID]) {
      state, input, _ throws(AppError) in
      guard var value = draft(state.screen) else { return }
      try edit(&value, input, state)
      state.screen = screen(value)
    }
  }
}

extension FlowTable {
  /// Someone an item names, as the screens draw them: their full name while they are a member, else what the
  /// screens call them.
  static func person(_ id: UserID, _ state: AppState) -> Person {
    Person(
      id: id, name: state.content.member(id)?.profile.name ?? state.content.name(id),
      family: state.content.members)
  }

  /// A member as a list draws them.
  static func memberItem(_ member: Member, number: Int? = nil, text: String, _ state: AppState) -> Item {
    let until = member.membership.expiresAt
    return Item(
      id: member.id, number: number, text: text,
      kind: .member(
        MemberFacts(
          person: Person(id: member.id, name: member.profile.name, family: state.content.members),
          role: member.role, until: until,
          ended: until != nil && !member.membership.isActive(at: state.now))))
  }
}
