import Foundation

/// Dates as the app shows them, always in UTC so every machine prints the same transcript.
public enum DateText {
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// "Tue 3 Mar 17:00"
  public static func full(_ date: Date) -> String {
    let c = calendar.dateComponents([.weekday, .day, .month, .hour, .minute], from: date)
    return "\(weekdays[c.weekday! - 1]) \(c.day!) \(months[c.month! - 1]) \(time(c.hour!, c.minute!))"
  }

  /// "Tue 3 Mar"
  public static func day(_ date: Date) -> String {
    let c = calendar.dateComponents([.weekday, .day, .month], from: date)
    return "\(weekdays[c.weekday! - 1]) \(c.day!) \(months[c.month! - 1])"
  }

  /// "2026-03-03 17:00", the form people type dates in.
  public static func typed(_ date: Date) -> String {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(format: "%04d-%02d-%02d ", c.year!, c.month!, c.day!) + time(c.hour!, c.minute!)
  }

  private static func time(_ hour: Int, _ minute: Int) -> String {
    String(format: "%02d:%02d", hour, minute)
  }

  /// Reads a typed date and time: "2026-03-04 17:00", "2026-03-04T17:00", or "2026-03-04" (at 09:00).
  public static func parse(_ text: String) -> Date? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == " " || $0 == "T" })
    guard (1...2).contains(parts.count) else { return nil }
    let day = parts[0].split(separator: "-").compactMap { Int($0) }
    let time = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Int($0) } : [9, 0]
    guard day.count == 3, time.count == 2, (0..<24).contains(time[0]), (0..<60).contains(time[1]) else { return nil }
    let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1])
    guard let date = calendar.date(from: components),
      calendar.dateComponents([.year, .month, .day], from: date)
        == DateComponents(year: day[0], month: day[1], day: day[2])
    else { return nil }
    return date
  }

  /// The next time at or after `now` that `birthday` falls on, at midnight.
  public static func nextOccurrence(ofMonth month: Int, day: Int, after now: Date) -> Date? {
    let today = calendar.startOfDay(for: now)
    return calendar.nextDate(
      after: today.addingTimeInterval(-1), matching: DateComponents(month: month, day: day), matchingPolicy: .nextTime)
  }
}
