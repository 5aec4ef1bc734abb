import Foundation
import TribeBoardCore

extension FlowTable {
  /// The item a `#n` reference names in `items` (1-based; "3" and "#3" both work).
  static func item<T>(_ argument: String?, in items: [T], usage: String, noun: String) throws(AppError) -> T {
    let text = try argument.required(usage)
    guard let number = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text) else {
      throw AppError(
        .validationFailed, "Give the \(noun)'s number from the list, e.g. \(usage.split(separator: " ")[0]) 1.",
        recovery: [.edit])
    }
    guard items.indices.contains(number - 1) else {
      let range = items.isEmpty ? "the list is empty" : "choose 1 to \(items.count)"
      throw AppError(.validationFailed, "There is no \(noun) #\(number); \(range).", recovery: [.edit])
    }
    return items[number - 1]
  }

  /// The family member a person names by account id, first name or full name.
  static func member(_ name: String, in members: [Member]) throws(AppError) -> Member {
    let typed = name.trimmingCharacters(in: .whitespaces)
    let wanted = typed.lowercased()
    if let member = members.first(where: {
      $0.id == wanted || $0.profile.firstName.lowercased() == wanted || $0.profile.name.lowercased() == wanted
    }) {
      return member
    }
    let names = members.map(\.profile.firstName).joined(separator: ", ")
    throw AppError(
      .validationFailed, "“\(typed)” is not a member of this family. Members: \(names).", recovery: [.edit])
  }

  /// A date a person typed, which must not be in the past.
  static func futureDate(_ text: String, now: Date, field: String) throws(AppError) -> Date {
    guard let date = DateText.parse(text) else {
      throw AppError(
        .validationFailed,
        "Give \(field) as YYYY-MM-DD HH:MM (UTC), e.g. \(DateText.typed(now.addingTimeInterval(86400))).",
        recovery: [.edit])
    }
    guard date >= now else {
      throw AppError(
        .validationFailed,
        "\(field.sentenceCased) can't be in the past; it is now \(DateText.full(now)).",
        recovery: [.edit])
    }
    return date
  }

  /// A draft field's value for display.
  static func shown(_ value: String?) -> String {
    value ?? "—"
  }

  static func requireFamily(_ state: AppState) throws(AppError) -> (family: FamilyID, user: UserID) {
    guard let family = state.family?.id, let user = state.session?.user.id else { throw AppError(.sessionExpired) }
    return (family, user)
  }

  /// An action that sets one field of a form's draft (`title <title>`), re-validating as it goes.
  static func editDraft<Draft: Sendable>(
    _ id: ActionID, _ label: String, _ phrase: String, argument: String, requires: Capability, on screenID: ScreenID,
    draft: @escaping @Sendable (Screen) -> Draft?, screen: @escaping @Sendable (Draft) -> Screen,
    _ edit: @escaping @Sendable (inout Draft, String, AppState) throws(AppError) -> Void
  ) -> FlowAction {
    FlowAction(id, label, phrases: [phrase], argument: argument, requires: requires, targets: [screenID]) {
      state, text, _ throws(AppError) in
      guard var value = draft(state.screen) else { return }
      try edit(&value, try text.required("\(phrase) <\(argument)>"), state)
      state.screen = screen(value)
    }
  }
}
