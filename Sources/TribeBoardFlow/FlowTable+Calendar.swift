import Foundation
import TribeBoardCore

extension FlowTable {
  /// How far ahead birthdays show on the calendar.
  static let birthdayHorizon: TimeInterval = 30 * 86400

  static let calendarScreens: [ScreenSpec] = [
    ScreenSpec(
      .calendar, requires: .viewCalendar, title: "Calendar", load: loadAgenda,
      body: { state in
        let entries = numberedEntries(state)
        guard !entries.isEmpty else {
          return [.empty(state.allows(.addEvent) ? "Nothing coming up. Add an event?" : "Nothing coming up.")]
        }
        var blocks: [Block] = [.section("Upcoming")]
        for (number, entry) in entries {
          blocks.append(
            .item(
              Item(
                id: entry.id, number: number, text: agendaLine(entry, state),
                flag: entry.kind == .event ? nil : kindName(entry.kind),
                kind: .event(
                  EventFacts(
                    title: entry.title, start: entry.start, place: entry.place, kind: EventFacts.Kind(entry.kind),
                    participants: entry.participants.map { person($0, state) })))))
        }
        return blocks
      },
      actions: [
        FlowAction(
          .openItem, "Open an entry", phrases: ["open", "o"], argument: .item(noun: "entry"),
          when: Condition("something is coming up") { !upcoming($0).isEmpty }, targets: [.eventDetail],
          onItem: ItemOffer("Open")
        ) { state, argument, _ throws(AppError) in
          let entry = try item(argument, numbered: numberedEntries(state), noun: "entry")
          state.screen = .eventDetail(entry.id)
        },
        .open(.addEvent, "Add an event", phrases: ["add event", "add"], to: .addEvent(EventDraft())),
        .home,
      ]),
    ScreenSpec(
      .eventDetail, requires: .viewCalendar,
      title: { state in entry(state)?.title ?? "Event" }, load: loadAgenda,
      body: { state in
        guard let entry = entry(state) else { return [.empty("This entry is no longer on the calendar.")] }
        let who = entry.participants.map { state.content.name($0) }.joined(separator: ", ")
        return [
          .field(
            "When",
            entry.kind == .birthday
              ? DateText.day(entry.start, now: state.now) : DateText.full(entry.start, now: state.now)),
          .field("Where", entry.place ?? "—"),
          .field("Who", who.isEmpty ? "Everyone" : who),
          .field("Kind", kindName(entry.kind).sentenceCased),
        ]
      },
      actions: [.back(to: .calendar(), label: "Back to the calendar"), .home]),
    ScreenSpec(
      .addEvent, requires: .addEvent, title: "Add an event",
      body: { state in
        guard case .addEvent(let draft) = state.screen else { return [] }
        return [
          .input(
            FormField(
              .title, "Title", value: draft.title, required: true, maxLength: Validation.TextField.title.maxLength)),
          .input(
            FormField(
              .when, "When", value: draft.start.map { DateText.full($0, now: state.now) },
              typed: draft.start.map(DateText.typed), required: true, input: .dateTime)),
          .input(FormField(.place, "Where", value: draft.place, maxLength: Validation.TextField.place.maxLength)),
          .input(
            FormField(
              .with, "Who",
              value: draft.participants.isEmpty
                ? "Everyone" : draft.participants.map { state.content.name($0) }.joined(separator: ", "),
              typed: draft.participants.isEmpty ? everyone : draft.participants.joined(separator: ", "),
              choices: state.content.members.filter { $0.membership.isActive(at: state.now) }
                .map { ($0.id, $0.profile.name) }, input: .members)),
          .hint("Fill in a title and a time, then save. Times are UTC."),
        ]
      },
      actions: [
        editEvent(.title, "Set the title", "title", argument: .text("title")) { draft, input, _ throws(AppError) in
          draft.title = try Validation.text(input.text(), .title)
        },
        editEvent(.when, "Set the date and time", "when", argument: .date(field: "the time")) {
          draft, input, state throws(AppError) in
          draft.start = try futureDate(input.date(), now: state.now, field: "the time")
        },
        editEvent(.place, "Set the place", "place", argument: .text("place")) { draft, input, _ throws(AppError) in
          draft.place = try Validation.text(input.text(), .place)
        },
        editEvent(.with, "Choose who takes part", "with", argument: .names) {
          draft, input, state throws(AppError) in
          var ids: [UserID] = []
          // "Everyone" is what an event is for when it names no one; beside names, the names say who.
          let names = try input.names().filter { $0.lowercased() != everyone }
          for name in names {
            // One person once, however their name is typed.
            let found = try member(name, in: state.content.members)
            guard found.membership.isActive(at: state.now) else {
              throw RoleRules.notAParticipant(found.profile.firstName, endedAt: found.membership.expiresAt)
            }
            let id = found.id
            if !ids.contains(id) { ids.append(id) }
          }
          draft.participants = ids
        },
        FlowAction(.save, "Save the event", phrases: ["save"], requires: .addEvent, targets: [.calendar]) {
          state, _, services throws(AppError) in
          guard case .addEvent(let draft) = state.screen else { return }
          guard let title = draft.title else {
            throw AppError(.validationFailed, "Give the event a title first: title <title>.", recovery: [.edit])
          }
          guard let start = draft.start else {
            throw AppError(.validationFailed, "Say when it is first: when <YYYY-MM-DD HH:MM>.", recovery: [.edit])
          }
          // Time passed since the date was typed: "in the future" holds when saving too.
          _ = try futureDate(start, now: services.clock.now(), field: "the time")
          let (family, user) = try requireFamily(state)
          let event = try await services.calendar.addEvent(
            NewEvent(title: title, start: start, place: draft.place, participants: draft.participants), to: family,
            by: user)
          state.screen = .calendar()
          state.notice = "Added “\(event.title)” on \(DateText.full(event.start, now: state.now))."
        },
        .back(to: .calendar(), label: "Cancel"),
      ]),
  ]

  /// What the add-event form's "Who" takes for the whole family.
  static let everyone = "everyone"

  private static func editEvent(
    _ id: ActionID, _ label: String, _ phrase: String, argument: ArgumentKind,
    _ edit: @escaping @Sendable (inout EventDraft, ActionInput, AppState) throws(AppError) -> Void
  ) -> FlowAction {
    editDraft(
      id, label, phrase, argument: argument, requires: .addEvent, on: .addEvent,
      draft: { screen in if case .addEvent(let draft) = screen { draft } else { nil } }, screen: Screen.addEvent, edit)
  }

  private static let loadAgenda: ScreenSpec.Load = { state, services throws(AppError) in
    state.content.events = try await services.calendar.events(in: try requireFamily(state).family)
    try await loadSchoolRuns(&state, services)
  }

  /// Everything on the calendar from now on: events, the next month's birthdays and the school runs, by date.
  static func upcoming(_ state: AppState) -> [CalendarEvent] {
    guard let family = state.family?.id else { return [] }
    let birthdays = state.content.members.compactMap { member -> CalendarEvent? in
      guard let birthday = member.profile.birthday,
        let date = DateText.nextOccurrence(ofMonth: birthday.month, day: birthday.day, after: state.now),
        date.timeIntervalSince(state.now) <= birthdayHorizon
      else { return nil }
      return CalendarEvent(
        id: "birthday-\(member.id)", familyID: family, title: "\(member.profile.firstName)'s birthday", start: date,
        participants: [member.id], kind: .birthday)
    }
    let runs = state.content.pickups.map { pickup in
      CalendarEvent(
        id: pickup.id, familyID: family,
        title: state.content.routes.first { $0.id == pickup.routeID }?.name ?? "School run", start: pickup.at,
        participants: (pickup.driver.map { [$0] } ?? []) + pickup.passengers, kind: .schoolRun)
    }
    let today = DateText.startOfDay(state.now)
    return
      (state.content.events.filter { $0.start >= state.now } + runs.filter { $0.start >= state.now }
      + birthdays.filter { $0.start >= today })
      .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
  }

  /// The calendar's entries with their numbers: in ``upcoming(_:)`` order on arrival, then kept while the person
  /// stays on the calendar.
  static func numberedEntries(_ state: AppState) -> [(number: Int, item: CalendarEvent)] {
    guard case .calendar(let shown) = state.screen else { return numbered(upcoming(state), shown: []) }
    return numbered(upcoming(state), shown: shown)
  }

  private static func entry(_ state: AppState) -> CalendarEvent? {
    guard case .eventDetail(let id) = state.screen else { return nil }
    return upcoming(state).first { $0.id == id } ?? state.content.events.first { $0.id == id }
  }

  private static func agendaLine(_ entry: CalendarEvent, _ state: AppState) -> String {
    let when =
      entry.kind == .birthday
      ? DateText.day(entry.start, now: state.now) : DateText.full(entry.start, now: state.now)
    var line = when
    line += " · "
    line += entry.title
    if let place = entry.place {
      line += " · "
      line += place
    }
    return line
  }

  static func kindName(_ kind: CalendarEvent.Kind) -> String {
    switch kind {
    case .event: "event"
    case .birthday: "birthday"
    case .schoolRun: "school run"
    }
  }
}
