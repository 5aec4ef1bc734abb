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
    "\(day(date, now: now)) \(time(date))"
  }

  /// "Tue 3 Mar 17:00:07", for what happens seconds apart (retries); the year as ``full(_:now:)`` shows it.
  package static func precise(_ date: Date, now: Date? = nil) -> String {
    full(date, now: now) + String(format: ":%02d", calendar.component(.second, from: date))
  }

  /// "Tue 3 Mar", or "Fri 1 Jan 2027" outside the year of `now` (always with the year without `now`).
  package static func day(_ date: Date, now: Date? = nil) -> String {
    let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
    let day = "\(weekdays[c.weekday! - 1]) \(c.day!) \(months[c.month! - 1])"
    let showsYear = now.map { calendar.component(.year, from: $0) != c.year! } ?? true
    return showsYear ? "\(day) \(c.year!)" : day
  }

  /// "2026-03-03 17:00", the form people type dates in.
  package static func typed(_ date: Date) -> String {
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d ", c.year!, c.month!, c.day!) + time(date)
  }

  /// "17:00": the time of day, as a phone's status bar shows it.
  package static func time(_ date: Date) -> String {
    let c = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", c.hour!, c.minute!)
  }

  /// The start of `date`'s day in UTC.
  public static func startOfDay(_ date: Date) -> Date {
    calendar.startOfDay(for: date)
  }

  /// The hour of `date` in UTC.
  public static func hour(_ date: Date) -> Int {
    calendar.component(.hour, from: date)
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
    calendar.nextDate(
      after: startOfDay(now).addingTimeInterval(-1), matching: DateComponents(month: month, day: day),
      matchingPolicy: .nextTime)
  }
}
