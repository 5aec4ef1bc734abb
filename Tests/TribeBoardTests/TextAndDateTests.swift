import Foundation
import Testing
import TribeBoardCore
import TribeBoardMocks

@testable import TribeBoardEngine
@testable import TribeBoardFlow
@testable import TribeBoardRendering
@testable import TribeBoardScenarios
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// What the text renderer and dates show, on chosen inputs; `DateText`'s arithmetic fields (a shortcut, Benchmarks/README)
/// against Foundation's calendar.
@Suite struct TextAndDateTests {
  @Test func dateFieldsByArithmeticMatchTheCalendar() {
    var random = SeededGenerator(seed: 8)
    // Whole seconds from 1900 to 2200, the edges of the arithmetic range, and a leap day.
    var times: [TimeInterval] = [-2_208_988_800, -2_208_988_799, 7_258_118_399, 0, -1, 951_782_400, 1_772_438_400]
    for _ in 0..<20000 {
      times.append(-2_208_988_800 + TimeInterval(random.next() % 9_467_107_200))
    }
    for time in times {
      let date = Date(timeIntervalSince1970: time)
      #expect(DateText.fields(date) == DateText.calendarFields(date), "at \(time)")
    }
  }

  @Test func datesOutsideTheArithmeticRangeGoThroughTheCalendar() {
    for time in [-2_208_988_801, 7_258_118_400, 1_772_438_400.5, -62_135_596_800] as [TimeInterval] {
      let date = Date(timeIntervalSince1970: time)
      #expect(DateText.fields(date) == DateText.calendarFields(date), "at \(time)")
    }
    // The calendar switches to Julian dates before 1582; the fallback keeps what it says.
    #expect(DateText.typed(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-03 00:00")
  }

  @Test func datesReadAsBefore() {
    let date = Date(timeIntervalSince1970: 1_772_557_200)  // 2026-03-03T17:00:00Z
    #expect(DateText.full(date, now: date) == "Tue 3 Mar 17:00")
    #expect(DateText.day(date, now: date) == "Tue 3 Mar")
    #expect(DateText.full(date) == "Tue 3 Mar 2026 17:00")
    #expect(DateText.precise(date.addingTimeInterval(7), now: date) == "Tue 3 Mar 17:00:07")
    #expect(DateText.typed(date) == "2026-03-03 17:00")
    #expect(DateText.typed(Date(timeIntervalSince1970: 1_767_229_500)) == "2026-01-01 01:05")
  }

  @Test func birthdaysByArithmeticMatchTheCalendar() {
    var random = SeededGenerator(seed: 5)
    // Midnight, mid-day and the last second of days around year ends, leap days and random days.
    var nows: [TimeInterval] = [1_772_438_400, 1_767_225_599, 1_767_225_600, 1_709_164_800, 951_868_799, 4_107_542_399]
    for _ in 0..<40 {
      nows.append(-2_208_988_800 + TimeInterval(random.next() % 9_467_107_200))
    }
    for now in nows.map(Date.init(timeIntervalSince1970:)) {
      let today = DateText.calendar.startOfDay(for: now)
      for month in 0...13 {
        for day in 0...32 {
          let byCalendar = DateText.calendar.nextDate(
            after: today.addingTimeInterval(-1), matching: DateComponents(month: month, day: day),
            matchingPolicy: .nextTime)
          if let date = DateText.arithmeticNextOccurrence(ofMonth: month, day: day, after: now) {
            #expect(date == byCalendar, "\(month)-\(day) after \(now)")
          }
        }
      }
    }
    // Every real day of the year takes the short way.
    #expect(
      DateText.arithmeticNextOccurrence(ofMonth: 12, day: 31, after: Date(timeIntervalSince1970: 1_772_438_400)) != nil)
  }

  @Test func startOfDayAndHourByArithmeticMatchTheCalendar() {
    var random = SeededGenerator(seed: 6)
    // Day edges, fractions of a second either side of midnight, the ends of the arithmetic range, and beyond it.
    var times: [TimeInterval] = [
      0, -1, -0.25, 86_399.75, 86_400, 1_772_438_400, 1_772_438_399.999, -2_208_988_800, 7_258_118_399.5,
      7_258_118_400, -2_208_988_801, -62_135_596_800,
    ]
    for _ in 0..<5000 {
      let whole = -2_208_988_800 + TimeInterval(random.next() % 9_467_107_200)
      times += [whole, whole + Double(random.next() % 1000) / 1000]
    }
    for time in times {
      let date = Date(timeIntervalSince1970: time)
      #expect(DateText.startOfDay(date) == DateText.calendar.startOfDay(for: date), "at \(time)")
      #expect(DateText.hour(date) == DateText.calendar.component(.hour, from: date), "at \(time)")
    }
  }

  @Test func aBirthdayIsNextOnItsDayAtMidnight() {
    let now = Date(timeIntervalSince1970: 1_772_557_200)  // 2026-03-03T17:00:00Z
    func next(_ month: Int, _ day: Int) -> String? {
      DateText.nextOccurrence(ofMonth: month, day: day, after: now).map(DateText.typed)
    }
    #expect(next(3, 3) == "2026-03-03 00:00")  // today, though the day has begun
    #expect(next(3, 4) == "2026-03-04 00:00")
    #expect(next(3, 2) == "2027-03-02 00:00")
    #expect(next(2, 29) == "2027-03-01 00:00")  // a leap-day birthday falls on 1 March in other years
  }

  static let texts: [String] = [
    "", " ", "   ", "a", "a ", "a  ", " a", "Sarah Johnson · Parent admin   ", "é ", "e\u{301} ", " \u{301}",
    "a \u{301} ", "x\u{0600} ", "x\u{0600}", "\u{0600} ", "日本 ", "👨‍👩‍👧 ", "tab\t ", "\u{7F}", "\u{80}", "\u{9F}",
    "\u{A0}", "\u{85}x", "\u{1B}[31m", "ok\u{2028}", "\r\n ", "\u{FFFD} ",
  ]

  @Test(arguments: texts)
  func trailingSpacesTrimAsCharactersDo(text: String) {
    #expect(String(TextRenderer.trimmingTrailingSpaces(text)) == String(text.reversed().drop { $0 == " " }.reversed()))
  }

  @Test func wrapBreaksAtSpacesWithinTheWidth() {
    let renderer = TextRenderer(style: .plain)
    #expect(renderer.wrap("", width: 10) == [""])
    #expect(renderer.wrap("  a  b  ", width: 10) == ["a b"])
    #expect(renderer.wrap("the pickup on Tuesday", width: 10) == ["the pickup", "on Tuesday"])
    #expect(renderer.wrap("supercalifragilistic x", width: 5) == ["supercalifragilistic", "x"])
    // Wide characters take two columns.
    #expect(renderer.wrap("日本 日本 日本", width: 9) == ["日本 日本", "日本"])
  }

  @Test func typedTextIsTrimmedOfSpacesAndTabs() {
    #expect(" \t tasks\u{A0}\u{3000}".trimmingWhitespaceScalars == "tasks")
    #expect("\u{2003}open 3 ".trimmingWhitespaceScalars == "open 3")
    #expect("\n x \r\n".trimmingWhitespaceScalars == "\n x \r\n")
    #expect("e\u{301} ".trimmingWhitespaceScalars == "e\u{301}")
    #expect(" \t ".trimmingWhitespaceScalars.isEmpty)
    #expect("\u{85}\r\n x\u{2028}\t".trimmingWhitespaceAndNewlineScalars == "x")
    #expect("\u{FEFF}x".trimmingWhitespaceAndNewlineScalars == "\u{FEFF}x")
  }

  @Test(arguments: texts)
  func controlCharactersAreShownAsReplacementCharacters(text: String) {
    let cleaned = TextRenderer.clean(text)
    #expect(!Validation.containsControlCharacters(cleaned))
    #expect(cleaned.unicodeScalars.count == text.unicodeScalars.count)
  }
}
