import Foundation
import TribeBoardCore

/// The kind of value an action takes, as the flow table declares it: what help shows after the action's words, and
/// how ``InputParser`` reads what a person types there into an ``Argument``.
public enum ArgumentKind: Sendable, Equatable {
  /// Free text, described for help ("family name").
  case text(String)
  /// A number the screen shows beside an item of its list; `noun` names the items ("task").
  case item(noun: String)
  /// A task's points: a whole number from 0 to ``Validation/maximumPoints``.
  case points
  /// A date and time in UTC; `field` names it in messages ("the due date").
  case date(field: String)
  /// A role in the family, one of `among` (the roles the member can be given).
  case role(among: [Role])
  /// A kind of notification.
  case notification
  /// Members, by name, comma separated.
  case names

  /// The kind's name in JSON and HTML: `text`, `item`, `points`, `date`, `role`, `notification`, `names`.
  public var name: String {
    switch self {
    case .text: "text"
    case .item: "item"
    case .points: "points"
    case .date: "date"
    case .role: "role"
    case .notification: "notification"
    case .names: "names"
    }
  }

  /// What help shows between angle brackets: `task #`, `YYYY-MM-DD HH:MM`.
  public var description: String {
    switch self {
    case .text(let description): description
    case .item(let noun): "\(noun) #"
    case .points: "0-\(Validation.maximumPoints)"
    case .date: "YYYY-MM-DD HH:MM"
    case .role(let among): among.map { $0.displayName.lowercased() }.joined(separator: "|")
    case .notification: NotificationPreferences.Kind.allCases.map { $0.label.lowercased() }.joined(separator: "|")
    case .names: "names, comma separated"
    }
  }

  /// Whether `argument` is a value of this kind.
  public func accepts(_ argument: Intent.Argument) -> Bool {
    switch (self, argument) {
    case (.text, .text), (.item, .item), (.points, .points), (.date, .date), (.role, .role),
      (.notification, .notification), (.names, .names):
      true
    default: false
    }
  }

  /// Reads `text`, the words typed after the action's phrase, as a value of this kind. `now` gives the example in a
  /// date's message, and `usage` ("done <task #>") the example in a list number's.
  public func parse(_ text: String, now: Date, usage: String) throws(AppError) -> Intent.Argument {
    switch self {
    case .text:
      return .text(text)
    case .item(let noun):
      guard let number = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text) else {
        let verb = String(usage.prefix { $0 != "<" }).trimmingWhitespaceScalars
        throw AppError(
          .validationFailed, "Give the \(noun)'s number from the list, e.g. \(verb) 1.", recovery: [.edit])
      }
      return .item(number)
    case .points:
      guard let points = Int(text) else { throw Validation.pointsOutOfRange }
      return .points(points)
    case .date(let field):
      guard let date = DateText.parse(text) else {
        if let day = DateText.missingDay(text) {
          throw AppError(.validationFailed, "There is no \(day): give a date that exists.", recovery: [.edit])
        }
        throw AppError(
          .validationFailed,
          "Give \(field) as YYYY-MM-DD HH:MM (UTC), e.g. \(DateText.typed(now.addingTimeInterval(86400))).",
          recovery: [.edit])
      }
      return .date(date)
    case .role:
      let wanted = text.lowercased()
      guard
        let role = Role.allCases.first(where: {
          $0.displayName.lowercased() == wanted || $0.rawValue.lowercased() == wanted
        })
      else {
        throw AppError(.validationFailed, "Choose one of: \(Self.choices(of: self)).", recovery: [.edit])
      }
      return .role(role)
    case .notification:
      let wanted = text.lowercased()
      guard let kind = NotificationPreferences.Kind.allCases.first(where: { $0.label.lowercased() == wanted }) else {
        throw AppError(.validationFailed, "Choose one of: \(Self.choices(of: self)).", recovery: [.edit])
      }
      return .notification(kind)
    case .names:
      return .names(text.split(separator: ",").map { String($0).trimmingWhitespaceScalars })
    }
  }

  /// A choice's options as a sentence lists them: "messages, tasks, calendar, school run".
  private static func choices(of kind: ArgumentKind) -> String {
    kind.description.split(separator: "|").joined(separator: ", ")
  }
}

/// Reads what a person types into intents: an action's number ("2"), or its words with a value ("name The
/// Johnsons", "done #3"). The one place where words become intents; the flow itself deals in typed intents only.
public struct InputParser: Sendable {
  public let flow: Flow

  public init(flow: Flow = Flow()) {
    self.flow = flow
  }

  /// What a line of input means on the current screen.
  public enum Resolution: Equatable, Sendable {
    case intent(Intent)
    /// The input names an action here, but its value does not read as the action needs (a task number that is not
    /// a number): ``Flow/reject(_:with:to:services:)`` shows the error as the action's own.
    case invalid(ActionID, AppError)
    /// The input names no action here; the message says what would work.
    case unknown(String)
  }

  /// Reads `input` on the current screen. Actions hidden from the role, or unlisted, still resolve, so typing them gets
  /// an explanation rather than silence.
  public func resolve(_ input: String, in state: AppState) -> Resolution {
    let text = input.collapsingWhitespace
    let visible = flow.actions(in: state)
    // The first word and the rest (`text` has no space at either end nor two in a row).
    let space = text.firstIndex(of: " ")
    let firstWord = text[..<(space ?? text.endIndex)]
    let rest = space.map { String(text[text.index(after: $0)...]) }
    if state.screen.id == .mfa, Validation.looksLikeMFACode(text),
      let enter = visible.first(where: { $0.id == .enterCode })
    {
      // A code typed alone is the code, not an action's number.
      return resolution(enter, value: text, in: state)
    }
    if let number = Int(firstWord) {
      guard number >= 1 && number <= visible.count else {
        let choice = visible.isEmpty ? "this screen has no actions" : "choose 1 to \(visible.count)"
        return .unknown("There is no action \(number) here; \(choice).")
      }
      let action = visible[number - 1]
      if rest != nil && action.argument == nil {
        return .unknown("Action \(number) (\(action.label)) takes no value; type \(number) alone.")
      }
      return resolution(action, value: rest ?? "", in: state)
    }
    // An action the role may not take resolves whatever the screen's state, so the flow refuses it with the role's
    // reason (a visitor's "pin" on a board whose notices are all pinned); others only where their condition holds.
    let candidates =
      visible
      + flow.table[state.screen.id].actions.filter { hidden in
        !visible.contains { $0.id == hidden.id }
          && (hidden.condition.map { $0.test(state) } ?? true || hidden.requires.map { !state.allows($0) } ?? false)
      }
    let lowered = text.lowercased()
    var best: (action: FlowAction, length: Int)?
    for action in candidates {
      // The longest phrase that matches wins: test the match first, and count a phrase's characters only then.
      for phrase in action.phrases where Self.typed(lowered, matches: phrase, of: action) {
        let length = phrase.count
        if length > (best?.length ?? -1) { best = (action, length) }
      }
    }
    guard let (action, length) = best else {
      return .unknown("“\(text)” is not an action here.")
    }
    return resolution(action, value: String(text.dropFirst(length)).trimmingWhitespaceScalars, in: state)
  }

  /// Whether `lowered` (what was typed, lowercased, its runs of spaces folded) asks for `action` by its `phrase`: the
  /// phrase alone, or followed by a value if the action takes one.
  public static func typed(_ lowered: String, matches phrase: String, of action: FlowAction) -> Bool {
    if lowered == phrase { return true }
    guard action.argument != nil else { return false }
    // Typed text is nearly always ASCII, where characters are bytes: compare them without making `phrase + " "`
    // (every phrase of every action on the screen is tried at every step). Otherwise by characters, where a space
    // followed by a combining mark is not a space.
    var typed = lowered
    let ascii = typed.withUTF8 { typed -> Bool? in
      guard typed.allSatisfy({ $0 < 0x80 }) else { return nil }
      let phrase = phrase.utf8
      guard typed.count > phrase.count, typed[phrase.count] == UInt8(ascii: " ") else { return false }
      return zip(typed, phrase).allSatisfy { $0 == $1 }
    }
    return ascii ?? lowered.hasPrefix(phrase + " ")
  }

  /// `action` with `value` read as the kind it takes; no value leaves the intent without one, which the flow refuses
  /// saying how to give it.
  private func resolution(_ action: FlowAction, value: String, in state: AppState) -> Resolution {
    guard let kind = action.argument, !value.isEmpty else { return .intent(Intent(action.id)) }
    do throws(AppError) {
      return .intent(Intent(action.id, try kind.parse(value, now: state.now, usage: action.usage)))
    } catch {
      return .invalid(action.id, error)
    }
  }
}
