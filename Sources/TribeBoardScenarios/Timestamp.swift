import Foundation
import TribeBoardCore

/// Strict parsing of the dates scenarios use, from the text as written (never through YAML's own typing).
package enum Timestamp {
  /// An ISO 8601 timestamp with a zone: `2026-03-02T08:00:00Z`, `2026-03-02T09:00+01:00`. Seconds are optional,
  /// and may have milliseconds (`08:00:00.500Z`, 1 to 3 digits: a saved world's clock moves by latency); a missing
  /// zone and a space instead of `T` are not accepted.
  package static func date(from text: String) -> Result<Date, Problem> {
    var text = text
    return text.withUTF8 { date(fromUTF8: $0) }
  }

  /// ``date(from:)`` of UTF-8 bytes.
  static func date(fromUTF8 c: UnsafeBufferPointer<UInt8>) -> Result<Date, Problem> {
    // YYYY-MM-DDTHH:MM then optionally :SS, then Z or ±HH:MM.
    guard c.count >= 17, c[4] == .dash, c[7] == .dash, c[10] == UInt8(ascii: "T"), c[13] == .colon,
      let year = number(c, 0, 4), let month = number(c, 5, 2), let day = number(c, 8, 2),
      let hour = number(c, 11, 2), let minute = number(c, 14, 2)
    else { return .failure(.format) }
    var index = 16
    var second = 0
    var milliseconds = 0
    if index < c.count, c[index] == .colon {
      guard let value = number(c, index + 1, 2) else { return .failure(.format) }
      second = value
      index += 3
      if index < c.count, c[index] == UInt8(ascii: ".") {
        var digits = 0
        while index + 1 + digits < c.count, digits < 4,
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c[index + 1 + digits])
        {
          digits += 1
        }
        guard (1...3).contains(digits), let value = number(c, index + 1, digits) else { return .failure(.format) }
        milliseconds = value * [100, 10, 1][digits - 1]
        index += 1 + digits
      }
    }
    var offset = 0
    if index == c.count - 1, c[index] == UInt8(ascii: "Z") {
      offset = 0
    } else if index == c.count - 6, c[index] == UInt8(ascii: "+") || c[index] == .dash, c[index + 3] == .colon,
      let hours = number(c, index + 1, 2), let minutes = number(c, index + 4, 2)
    {
      guard hours <= 23, minutes <= 59 else { return .failure(.zone) }
      offset = (hours * 60 + minutes) * 60 * (c[index] == .dash ? -1 : 1)
    } else {
      return .failure(index == c.count ? .missingZone : .format)
    }
    guard CivilDate.isReal(year: year, month: month, day: day) else { return .failure(.date) }
    guard hour <= 23, minute <= 59, second <= 59 else { return .failure(.time) }
    let seconds =
      CivilDate.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    return .success(
      Date(timeIntervalSince1970: TimeInterval(seconds - offset) + TimeInterval(milliseconds) / 1000))
  }

  /// A birthday: `YYYY-MM-DD` (a real date in that year) or `MM-DD` (February 29 allowed).
  static func dayOfYear(from text: String) -> DayOfYear? {
    var text = text
    return text.withUTF8 { dayOfYear(fromUTF8: $0) }
  }

  private static func dayOfYear(fromUTF8 c: UnsafeBufferPointer<UInt8>) -> DayOfYear? {
    switch c.count {
    case 10:
      guard c[4] == .dash, c[7] == .dash, let year = number(c, 0, 4), let month = number(c, 5, 2),
        let day = number(c, 8, 2), CivilDate.isReal(year: year, month: month, day: day)
      else { return nil }
      return DayOfYear(month: month, day: day)
    case 5:
      guard c[2] == .dash, let month = number(c, 0, 2), let day = number(c, 3, 2),
        CivilDate.isReal(year: 2000, month: month, day: day)
      else { return nil }
      return DayOfYear(month: month, day: day)
    default:
      return nil
    }
  }

  /// What is wrong with a timestamp.
  package enum Problem: Error {
    case format, missingZone, zone, date, time

    var explanation: String {
      switch self {
      case .format: "an ISO 8601 timestamp with a time zone, like 2026-03-02T08:00:00Z or 2026-03-02T09:00+01:00"
      case .missingZone: "a timestamp with a time zone: add Z (UTC) or an offset such as +01:00"
      case .zone: "a timestamp whose zone offset is at most ±23:59"
      case .date: "a timestamp on a real calendar date"
      case .time: "a timestamp with a time from 00:00:00 to 23:59:59"
      }
    }
  }

  /// The decimal number in `count` ASCII digits at `start`, or `nil` if any of them is not a digit.
  private static func number(_ c: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    guard start + count <= c.count else { return nil }
    var value = 0
    for byte in c[start..<start + count] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}

extension UInt8 {
  fileprivate static let dash = UInt8(ascii: "-")
  fileprivate static let colon = UInt8(ascii: ":")
}
