/// Days of the proleptic Gregorian calendar as whole numbers: what the scenario loader, the services' wire format and
/// the screens' dates read and write dates with.
package enum CivilDate {
  /// Whether `day` exists in `month` (1 to 12) of `year`.
  package static func isReal(year: Int, month: Int, day: Int) -> Bool {
    (1...12).contains(month) && day >= 1 && day <= days(in: month, of: year)
  }

  /// How many days `month` (1 to 12) of `year` has.
  package static func days(in month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to the given day (Howard Hinnant's `days_from_civil`).
  package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`): the inverse of
  /// ``daysSince1970(year:month:day:)``.
  package static func day(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * monthIndex + 2) / 5 + 1)
  }
}
