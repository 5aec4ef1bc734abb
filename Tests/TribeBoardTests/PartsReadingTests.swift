import Foundation
import Testing
import TribeBoardCore

@testable import TribeBoardMocks
@testable import TribeBoardScenarios
@testable import tribeboard_bench

/// A big world's families are read in parts at once, one a core (`ScenarioReader.readFamilies`), and its item tables
/// built on another core (`IndexedWorld.init`): what comes out, and what is reported, is what reading and indexing
/// in order give.
@Suite struct PartsReadingTests {
  /// A world of `gen_world.py`'s shape: 20 families of 4 members, 5 events, 10 tasks, 10 messages and 2 school runs
  /// of 5 pickups each, all with generated ids.
  static let world = LoadWorld.text(families: 20, steps: 1)

  /// What reading `text` gives, with its families in parts of at least 4 on `cores` cores (in one pass on 1).
  static func read(_ text: String, cores: Int) throws -> (world: MockWorld?, problems: [String], parts: Int) {
    let root = try YAMLDocument.compose(text, file: "w.yaml", limits: .standard)
    var reader = ScenarioReader(file: "w.yaml", source: "w.yaml", defaultName: "w")
    reader.familiesPerPart = 4
    reader.cores = cores
    let scenario = reader.read(root)
    return (scenario?.configuration.world, reader.reader.sortedDiagnostics().map(\.description), reader.familyParts)
  }

  /// `text` with the first `old` replaced by `new`, which must be there.
  static func replacing(_ old: String, with new: String, in text: String = world) -> String {
    guard let range = text.range(of: old) else {
      Issue.record("the generated world holds no '\(old)'")
      return text
    }
    return text.replacingCharacters(in: range, with: new)
  }

  @Test(arguments: [2, 3, 5]) func familiesReadInPartsAreThoseReadInOrder(cores: Int) throws {
    let inOrder = try Self.read(Self.world, cores: 1)
    let inParts = try Self.read(Self.world, cores: cores)
    #expect(inOrder.problems.isEmpty && inOrder.parts == 1)
    #expect(inParts.problems.isEmpty && inParts.parts == cores)
    let world = try #require(inParts.world)
    #expect(world == inOrder.world)
    #expect(world.families.map(\.id) == (0..<20).map { "f\($0)" })
    #expect(world.tasks.count == 200 && world.pickups.count == 200)
  }

  /// The phone's screen names an item of the last part: the ids of every part are known after joining them.
  @Test func anItemOfTheLastPartIsFound() throws {
    let text = Self.replacing(
      "device: { user: p19a, onboardingCompleted: true, signedIn: true }",
      with: "device: { user: p19a, onboardingCompleted: true, signedIn: true, screen: { id: taskDetail, "
        + "item: f19-task-3 } }")
    #expect(try Self.read(text, cores: 3).problems == [])
    let missing = Self.replacing("item: f19-task-3", with: "item: f19-task-11", in: text)
    let problems = try Self.read(missing, cores: 3).problems
    #expect(problems.count == 1)
    #expect(problems.first?.contains("'item' names no item") == true)
  }

  /// Problems found across parts (an id, a code or a generated item id used in two) and in a later part alone are
  /// reported as reading in order reports them.
  @Test(arguments: [
    ("id: f17\n", "id: f2\n"),
    ("code: \(LoadWorld.code(17 * 7919 + 13))", "code: \(LoadWorld.code(2 * 7919 + 13))"),
    ("{ title: Chore 3, assignee: p17d", "{ id: f2-task-1, title: Chore 3, assignee: p17d"),
    ("{ title: Chore 3, assignee: p17d", "{ id: f18-task-1, title: Chore 3, assignee: p17d"),
    ("{ title: Chore 3, assignee: p17d", "{ title: Chore 3, assignee: nobody"),
  ])
  func problemsAreReportedAsInOrder(old: String, new: String) throws {
    let text = Self.replacing(old, with: new)
    let inOrder = try Self.read(text, cores: 1)
    let inParts = try Self.read(text, cores: 3)
    #expect(inOrder.problems.count == 1)
    #expect(inParts.problems == inOrder.problems)
    // Read again in one pass.
    #expect(inParts.world == nil && inParts.parts == 1)
  }

  @Test func itemIDsKeepTheFirstUseAndJoinOnlyWhenNoIDIsInBoth() {
    var ids = ItemIDs()
    let first = ids.claim("a", by: ("task", Position(line: 1, column: 1)))
    let second = ids.claim("a", by: ("event", Position(line: 2, column: 1)))
    #expect(first == nil && second?.kind == "task" && ids["a"]?.kind == "task")
    var later = ItemIDs()
    _ = later.claim("b", by: ("pickup", Position(line: 3, column: 1)))
    var joined = ids
    let joins = joined.join(later)
    #expect(joins && joined.parts.count == 2)
    #expect(joined["b"]?.kind == "pickup" && joined["a"]?.kind == "task")
    #expect(joined.all.sorted() == ["a", "b"])
    let again = joined.claim("b", by: ("notice", Position(line: 4, column: 1)))
    #expect(again?.kind == "pickup")
    var clash = ItemIDs()
    _ = clash.claim("a", by: ("notice", Position(line: 5, column: 1)))
    let clashes = joined.join(clash)
    #expect(!clashes && joined.parts.count == 2 && joined["a"]?.kind == "task")
  }

  /// What composing `text` gives with libyaml on a thread of its own and on this one: the node trees (as their
  /// arrays) or the errors.
  static func composedBothWays(_ text: String, limits: ScenarioLimits = .standard) -> [String] {
    [true, false].map { (pipelined: Bool) -> String in
      do {
        guard let tree = try YAMLDocument.compose(text, file: "w.yaml", limits: limits, pipelined: pipelined)?.tree
        else { return "no document" }
        let records = tree.records.map { "\($0.start) \($0.count) \($0.line) \($0.packed)" }
        return "\(records.hashValue) \(records.count) \(tree.bytes.hashValue) \(tree.children.hashValue)"
      } catch {
        return "\(error)"
      }
    }
  }

  /// libyaml parses a big file on a thread of its own, a batch of events at a time: the tree, and each kind of error
  /// (libyaml's, late in the file; one the tree refuses as it is built; one only reported), are those of one thread.
  @Test func composingWithTheParseAsideIsComposingInOrder() throws {
    let both = Self.composedBothWays(Self.world)
    #expect(both[0] == both[1] && !both[0].contains("error"))
    let late = Self.world + "  - id: [unclosed\n"
    let broken = Self.composedBothWays(late)
    #expect(broken[0] == broken[1] && broken[0].contains("error"))
    let tooMany = Self.composedBothWays(
      Self.world, limits: ScenarioLimits(maximumFileSize: 1 << 20, maximumNodeCount: 5_000, maximumAliasNodeCount: 100))
    #expect(tooMany[0] == tooMany[1] && tooMany[0].contains("more than 5000 YAML nodes"))
    let tagged = Self.composedBothWays(Self.replacing("name: The Family 17", with: "name: !!str The Family 17"))
    #expect(tagged[0] == tagged[1] && tagged[0].contains("tag"))
    let alias = Self.composedBothWays(
      Self.replacing("title: Chore 3, assignee: p17d", with: "title: *none, assignee: p17d"))
    #expect(alias[0] == alias[1] && alias[0].contains("names no anchor"))
    #expect(EventPipe.batchSize * 2 < Self.world.utf8.count / 8, "the world is parsed in several batches")
  }
}
