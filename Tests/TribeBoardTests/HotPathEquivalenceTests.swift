import Foundation
import Testing
import TribeBoardCore

@testable import TribeBoardEngine
@testable import TribeBoardFlow
@testable import TribeBoardMocks
@testable import TribeBoardRendering
@testable import TribeBoardScenarios
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// The indexes and the date arithmetic that keep a step the same cost in any world answer as the plain computation.
@Suite struct HotPathEquivalenceTests {
  /// A table made from a list finds each id's first item and lists each owner's items in order, as a search of
  /// the list does, and keeps doing so as items are added.
  @Test func itemTablesAnswerAsASearchOfTheirList() {
    var random = SeededGenerator(seed: 9)
    for count in [0, 1, 2, 5, 40, 300] {
      // Owners in runs (as a loaded world lists them) and interleaved, ids sometimes repeated.
      func task(_ index: Int) -> FamilyTask {
        let owner = random.next() % 3 == 0 ? "f\(random.next() % 4)" : "f\(index / 7)"
        return FamilyTask(id: "t\(random.next() % UInt64(max(count, 1)))", familyID: owner, title: "T")
      }
      var tasks = (0..<count).map(task)
      var table = ItemTable(tasks)
      for round in 0..<2 {
        #expect(table.all == tasks)
        for id in Set(tasks.map(\.id)) {
          #expect(table.position(of: id) == tasks.firstIndex { $0.id == id }, "\(count) items, round \(round)")
        }
        for owner in Set(tasks.map(\.familyID)) {
          #expect(table.items(of: owner) == tasks.filter { $0.familyID == owner }, "\(count) items, round \(round)")
        }
        let added = (count..<count + 5).map(task)
        for item in added { table.append(item) }
        tasks += added
      }
    }
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
}
