import Foundation

// The rules on times, people and accounts that a screen checks for instant feedback and the service behind it
// enforces: each defined here once, so the app and any backend answer the same.
extension Validation {
  /// `date`, given for `field` ("the due date"), which must not be before `now`; `nowText` is how the refusal
  /// names the time it is (the app writes it as its screens do).
  public static func notInPast(_ date: Date, now: Date, field: String, nowText: String) throws(AppError) -> Date {
    guard date >= now else {
      throw AppError(
        .validationFailed, "\(field.sentenceCased) can't be in the past; it is now \(nowText).", recovery: [.edit])
    }
    return date
  }

  /// A time as a service's refusal names it when no screen words it: `2026-03-02T08:00:00Z`.
  public static func timestamp(_ date: Date) -> String {
    date.formatted(.iso8601)
  }

  /// An event's participants: each person once.
  public static func participants(_ people: [UserID]) throws(AppError) -> [UserID] {
    var seen: Set<UserID> = []
    for person in people where !seen.insert(person).inserted {
      throw AppError(
        .validationFailed, "\(person) is named twice among the participants: each person once.", recovery: [.edit])
    }
    return people
  }

  /// A change a phone sends was made at `madeAt`, which can't be after `now`, when the backend got it: conflicts
  /// are judged by that time, and a change from the future would win over every later one.
  public static func changeTime(_ madeAt: Date, now: Date) throws(AppError) {
    guard madeAt <= now else {
      throw AppError(
        .validationFailed,
        "A change can't be made after it is sent: it says \(timestamp(madeAt)), and it is now \(timestamp(now)).",
        recovery: [.back])
    }
  }

  /// Whether `text` is an identifier such as an account id: a lowercase ASCII letter, then lowercase letters,
  /// digits and `-`.
  public static func isIdentifier(_ text: String) -> Bool {
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard let first = text.utf8.first, letters.contains(first) else { return false }
    return text.utf8.allSatisfy { letters.contains($0) || digits.contains($0) || $0 == UInt8(ascii: "-") }
  }

  /// An account id a new account may take (``isIdentifier(_:)``).
  public static func accountID(_ id: String) throws(AppError) -> String {
    guard isIdentifier(id) else {
      throw AppError(
        .validationFailed,
        "An account id starts with a lowercase letter and uses only lowercase letters, digits and '-'.",
        recovery: [.edit])
    }
    return id
  }

  /// Whether `text` is an email address as the app takes one: one line, no spaces, an `@` with something either
  /// side.
  public static func isEmail(_ text: String) -> Bool {
    guard let at = text.firstIndex(of: "@"), at != text.startIndex, text.index(after: at) != text.endIndex,
      text.count <= 254
    else { return false }
    return !text.contains { $0.isWhitespace } && !containsControlCharacters(text)
      && !containsInvisibleCharacters(text)
  }

  /// `email` if it is an email address (``isEmail(_:)``).
  public static func email(_ email: String) throws(AppError) -> String {
    guard isEmail(email) else {
      throw AppError(.validationFailed, "An email address has an '@', like sarah@example.com.", recovery: [.edit])
    }
    return email
  }
}
