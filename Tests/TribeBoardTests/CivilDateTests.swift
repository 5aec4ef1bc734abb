import Testing
import TribeBoardCore

@Suite struct CivilDateTests {
  @Test func aDayAndItsNumberGoBothWays() {
    // From 1600 to 2400, leap centuries (2000) and common ones (1900, 2100) included.
    let wrong = (-135_000...157_000).filter { days in
      let (year, month, day) = CivilDate.day(daysSince1970: days)
      return !CivilDate.isReal(year: year, month: month, day: day)
        || CivilDate.daysSince1970(year: year, month: month, day: day) != days
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test func knownDays() {
    #expect(CivilDate.day(daysSince1970: 0) == (1970, 1, 1))
    #expect(CivilDate.day(daysSince1970: -1) == (1969, 12, 31))
    #expect(CivilDate.day(daysSince1970: 11_016) == (2000, 2, 29))
    #expect(CivilDate.day(daysSince1970: 20_513) == (2026, 3, 1))
    #expect(CivilDate.day(daysSince1970: 47_541) == (2100, 3, 1))
  }
}
