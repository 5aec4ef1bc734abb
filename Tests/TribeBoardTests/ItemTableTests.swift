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

/// The mock world's item tables, whose indexes keep a lookup the same cost in any world.
@Suite struct ItemTableTests {
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
}
