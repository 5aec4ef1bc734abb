import Foundation
import TribeBoardCore

/// Dates as the app shows them, always in UTC so every machine prints the same transcript.
package enum DateText {
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// "Tue 3 Mar 17:00" when `date` is in the same year as `now`, else with its year: "Fri 1 Jan 2027 17:00".
  /// Without `now` the year is always shown.
  package static func full(_ date: Date, now: Date? = nil) -> String {
    let c = fields(date)
    let day = "\(weekdays[c.weekday - 1]) \(c.day) \(months[c.month - 1])"
    let time = "\(twoDigits(c.hour)):\(twoDigits(c.minute))"
    return showsYear(c.year, now) ? "\(day) \(c.year) \(time)" : "\(day) \(time)"
  }

  /// "Tue 3 Mar 17:00:07", for what happens seconds apart (retries); the year as ``full(_:now:)`` shows it.
  package static func precise(_ date: Date, now: Date? = nil) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    return full(date, now: now) + ":" + twoDigits(((seconds % 60) + 60) % 60)
  }

  /// "Tue 3 Mar", or "Fri 1 Jan 2027" outside the year of `now` (always with the year without `now`).
  package static func day(_ date: Date, now: Date? = nil) -> String {
    let c = fields(date)
    let day = "\(weekdays[c.weekday - 1]) \(c.day) \(months[c.month - 1])"
    return showsYear(c.year, now) ? "\(day) \(c.year)" : day
  }

  /// Whether a date in `year` is shown with its year: unless `now` is in that year.
  private static func showsYear(_ year: Int, _ now: Date?) -> Bool {
    guard let now else { return true }
    return fields(now).year != year
  }

  /// "2026-03-03 17:00", the form people type dates in.
  package static func typed(_ date: Date) -> String {
    let c = fields(date)
    let year = (0..<10000).contains(c.year) ? String(String(c.year + 10000).dropFirst()) : "\(c.year)"
    return "\(year)-\(twoDigits(c.month))-\(twoDigits(c.day)) \(twoDigits(c.hour)):\(twoDigits(c.minute))"
  }

  /// "17:00": the time of day, as a phone's status bar shows it.
  package static func time(_ date: Date) -> String {
    let c = fields(date)
    return "\(twoDigits(c.hour)):\(twoDigits(c.minute))"
  }

  /// `value` with at least two digits, as `%02d` writes it.
  private static func twoDigits(_ value: Int) -> String {
    paddedNumbers.indices.contains(value) ? paddedNumbers[value] : "\(value)"
  }

  /// "00" to "99", made once: dates show several on every screen.
  private static let paddedNumbers = (0..<100).map { $0 < 10 ? "0\($0)" : "\($0)" }

  /// A date's fields in UTC. Weekday 1 is Sunday, as the calendar counts.
  struct Fields: Equatable {
    var year, month, day, hour, minute, weekday: Int
  }

  /// 1900-01-01 and 2200-01-01, UTC: between them (in whole seconds) the fields are computed by arithmetic.
  private static let arithmeticRange: Range<TimeInterval> = -2_208_988_800..<7_258_118_400

  /// The fields of `date`: by arithmetic on the proleptic Gregorian calendar (what the calendar gives for these
  /// years) for whole seconds between 1900 and 2200, which is every date a scenario's clock shows; through the
  /// calendar otherwise.
  static func fields(_ date: Date) -> Fields {
    let time = date.timeIntervalSince1970
    guard arithmeticRange.contains(time), time == time.rounded(.down) else { return calendarFields(date) }
    let seconds = Int(time)
    let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
    let second = seconds - days * 86400
    let (year, month, day) = CivilDate.day(daysSince1970: days)
    return Fields(
      year: year, month: month, day: day, hour: second / 3600, minute: second % 3600 / 60,
      // 1970-01-01 was a Thursday (5).
      weekday: ((days % 7) + 7 + 4) % 7 + 1)
  }

  /// The start of `date`'s day in UTC, as `calendar.startOfDay(for:)` gives it: by arithmetic between 1900 and 2200
  /// (UTC has no daylight saving to skip), through the calendar otherwise. Screens ask on every render.
  public static func startOfDay(_ date: Date) -> Date {
    let time = date.timeIntervalSince1970
    guard arithmeticRange.contains(time) else { return calendar.startOfDay(for: date) }
    return Date(timeIntervalSince1970: (time / 86400).rounded(.down) * 86400)
  }

  /// The hour of `date` in UTC, as `calendar.component(.hour, from:)` gives it.
  public static func hour(_ date: Date) -> Int {
    fields(date).hour
  }

  /// The fields of `date` as the UTC Gregorian calendar gives them.
  static func calendarFields(_ date: Date) -> Fields {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
    return Fields(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, weekday: c.weekday!)
  }

  /// Reads a typed date and time: "2026-03-04 17:00", "2026-03-04T17:00", or "2026-03-04" (at 09:00).
  package static func parse(_ text: String) -> Date? {
    let parts = text.trimmingWhitespaceScalars.split(whereSeparator: { $0 == " " || $0 == "T" })
    guard (1...2).contains(parts.count) else { return nil }
    let day = parts[0].split(separator: "-").compactMap { Int($0) }
    let time = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Int($0) } : [9, 0]
    // Four-digit years only: what a scenario file's timestamps hold.
    guard day.count == 3, (1...9999).contains(day[0]), time.count == 2, (0..<24).contains(time[0]),
      (0..<60).contains(time[1])
    else { return nil }
    let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1])
    guard let date = calendar.date(from: components),
      calendar.dateComponents([.year, .month, .day], from: date)
        == DateComponents(year: day[0], month: day[1], day: day[2])
    else { return nil }
    return date
  }

  /// When `text` is written as ``parse(_:)`` reads it but names a day its month does not have (`2027-02-29`,
  /// `2026-04-31`): that day in words ("29 February 2027"); `nil` otherwise.
  package static func missingDay(_ text: String) -> String? {
    let parts = text.trimmingWhitespaceScalars.split(whereSeparator: { $0 == " " || $0 == "T" })
    guard (1...2).contains(parts.count) else { return nil }
    let day = parts[0].split(separator: "-").compactMap { Int($0) }
    let time = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Int($0) } : [9, 0]
    guard day.count == 3, (1...9999).contains(day[0]), time.count == 2, (0..<24).contains(time[0]),
      (0..<60).contains(time[1]), (1...12).contains(day[1]), (1...31).contains(day[2]), parse(text) == nil
    else { return nil }
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December",
    ]
    return "\(day[2]) \(months[day[1] - 1]) \(day[0])"
  }

  /// The next time at or after `now` that `birthday` falls on, at midnight.
  package static func nextOccurrence(ofMonth month: Int, day: Int, after now: Date) -> Date? {
    if let date = arithmeticNextOccurrence(ofMonth: month, day: day, after: now) { return date }
    let today = startOfDay(now)
    return calendar.nextDate(
      after: today.addingTimeInterval(-1), matching: DateComponents(month: month, day: day), matchingPolicy: .nextTime)
  }

  /// ``nextOccurrence(ofMonth:day:after:)`` by arithmetic, when `now` is in the arithmetic range and the day exists
  /// this year or next (so no matching policy comes into it); `nil` otherwise.
  static func arithmeticNextOccurrence(ofMonth month: Int, day: Int, after now: Date) -> Date? {
    let time = now.timeIntervalSince1970
    guard arithmeticRange.contains(time), time == time.rounded(.down), (1...12).contains(month), day >= 1 else {
      return nil
    }
    let seconds = Int(time)
    let today = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
    let year = fields(now).year
    for candidateYear in [year, year + 1] {
      guard day <= CivilDate.days(in: month, of: candidateYear) else { return nil }
      let candidate = CivilDate.daysSince1970(year: candidateYear, month: month, day: day)
      if candidate >= today { return Date(timeIntervalSince1970: TimeInterval(candidate * 86400)) }
    }
    return nil
  }
}
