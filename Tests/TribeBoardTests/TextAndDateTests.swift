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

/// What the text renderer and dates show, on chosen inputs.
@Suite struct TextAndDateTests {
  @Test func datesReadAsBefore() {
    let date = Date(timeIntervalSince1970: 1_772_557_200)  // 2026-03-03T17:00:00Z
    #expect(DateText.full(date, now: date) == "Tue 3 Mar 17:00")
    #expect(DateText.day(date, now: date) == "Tue 3 Mar")
    #expect(DateText.full(date) == "Tue 3 Mar 2026 17:00")
    #expect(DateText.precise(date.addingTimeInterval(7), now: date) == "Tue 3 Mar 17:00:07")
    #expect(DateText.typed(date) == "2026-03-03 17:00")
    #expect(DateText.typed(Date(timeIntervalSince1970: 1_767_229_500)) == "2026-01-01 01:05")
    // The Gregorian calendar switches to Julian dates before 1582.
    #expect(DateText.typed(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-03 00:00")
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
