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

/// The replay and start-up paths take shortcuts over bytes; each must give exactly what the general computation it
/// replaced gives, on random text built from the characters that could tell them apart.
@Suite struct HotPathEquivalenceTests {
  /// Pieces that stress the shortcuts: ASCII whitespace and controls, Unicode spaces and line separators, C1
  /// controls, combining marks, CR LF, quotes, backslashes, the transcript markers and plain words.
  static let pieces: [String] = [
    " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}",
    "\u{7F}", "\u{80}", "\u{9F}", "\u{1B}[31m", "\u{0}", "\u{301}", "e\u{301}", "é", "ß", "👩‍👧", "\"", "\\", ">",
    "> ", "\\ ", "#", "# ", "a", "Ben", "sign in apple", "name", "2", "#3", "─", "│",
  ]

  static func randomTexts(seed: UInt64, count: Int = 4000) -> [String] {
    var random = SeededGenerator(seed: seed)
    var texts = [""] + pieces
    for _ in 0..<count {
      let length = Int(random.next() % 8)
      texts.append((0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
    }
    return texts
  }

  /// ``Content/name(_:)`` as it was written before the names were worked out once per change of the members.
  static func nameByDefinition(_ id: UserID, in content: Content) -> String {
    guard let member = content.member(id) else { return content.formerNames[id] ?? id }
    let first = member.profile.firstName
    let shared = content.members.contains { other in
      guard other.id != id else { return false }
      let name = other.profile.name.utf8
      guard name.starts(with: first.utf8) else { return false }
      let rest = name.dropFirst(first.utf8.count)
      return rest.first.map { $0 == UInt8(ascii: " ") } ?? true
    }
    return shared ? member.profile.name : first
  }

  @Test func namesWorkedOutOnceAreTheNamesByDefinitionAfterEveryKindOfChange() {
    // Zoë written both ways: equal as strings, different as bytes.
    let names = [
      "Sam", "Sam Smith", "Sam Jones", " Sam", "Samuel Smith", "Ana Lía", "Ana", "Zoë Ng", "Zoe\u{308} Ng", "Zoë",
      "Zoe\u{308}", "Bo", "", "Sam  Ng",
    ]
    var random = SeededGenerator(seed: 41)
    var content = Content()
    content.formerNames = ["gone": "Mark Johnson"]
    for round in 0..<600 {
      let member = {
        Member(
          profile: UserProfile(
            id: "u\(random.next() % 6)", name: names[Int(random.next() % UInt64(names.count))], email: "e"),
          membership: Membership(userID: "u", familyID: "f", role: .adult))
      }
      switch round % 4 {
      case 0: content.members = (0..<Int(random.next() % 6)).map { _ in member() }
      case 1: content.members.append(member())
      case 2 where !content.members.isEmpty:
        content.members[Int(random.next() % UInt64(content.members.count))].profile.name =
          names[Int(random.next() % UInt64(names.count))]
      default: if !content.members.isEmpty { content.members.removeFirst() }
      }
      let copy = content  // a copy shares the box; changing it must not change this one's names
      var other = copy
      other.members = []
      for id in ["u0", "u1", "u2", "u3", "u4", "u5", "gone", "nobody"] {
        // Compared by bytes: equal strings may differ in how they are written.
        #expect(
          Array(content.name(id).utf8) == Array(Self.nameByDefinition(id, in: content).utf8),
          "\(content.members.map(\.profile.name))")
        #expect(Array(other.name(id).utf8) == Array(Self.nameByDefinition(id, in: other).utf8))
      }
    }
  }

  @Test func collapsingWhitespaceMatchesSplitAndJoin() {
    for text in Self.randomTexts(seed: 1) {
      #expect(
        text.collapsingWhitespace == text.split(whereSeparator: \.isWhitespace).joined(separator: " "),
        "\(text.debugDescription)")
    }
  }

  @Test func firstNameMatchesTheFirstWord() {
    for name in Self.randomTexts(seed: 2) {
      let profile = UserProfile(id: "u", name: name, email: "u@example.com")
      #expect(
        profile.firstName == (name.split(separator: " ").first.map(String.init) ?? name), "\(name.debugDescription)")
    }
  }

  @Test func itemTablesFromAListMatchAppendingEachItem() {
    var random = SeededGenerator(seed: 9)
    for count in [0, 1, 2, 5, 40, 300] {
      // Owners in runs (as a loaded world lists them) and interleaved, ids sometimes repeated.
      let tasks = (0..<count).map { index in
        let owner = random.next() % 3 == 0 ? "f\(random.next() % 4)" : "f\(index / 7)"
        return FamilyTask(id: "t\(random.next() % UInt64(max(count, 1)))", familyID: owner, title: "T")
      }
      #expect(ItemTable(tasks).hasSameIndexes(as: .appendingEach(tasks)), "\(count) items")
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

  /// The calendar's and the school run's conditions answer without building their lists: each must say "some" exactly
  /// when the list it stands for has some, for members, events and pickups scattered around now.
  @Test func listConditionsAnswerAsTheirLists() {
    var random = SeededGenerator(seed: 11)
    let now = Date(timeIntervalSince1970: 1_772_550_000)  // 2026-03-03, mid-morning
    func near() -> Date { now.addingTimeInterval(Double(Int(random.next() % 2_000_000)) - 1_000_000) }
    let family = Family(id: "f", name: "The Tests", code: "TEST01")
    let profile = UserProfile(id: "u", name: "Una Test", email: "u@example.com")
    for round in 0..<600 {
      var state = AppState(screen: .calendar(), now: near())
      if round % 7 != 0 {
        state.session = .member(
          AuthSession(user: profile, token: "t"), family, Membership(userID: "u", familyID: "f", role: .parentAdmin))
      }
      state.content.events = (0..<Int(random.next() % 3)).map { index in
        CalendarEvent(id: "e\(index)", familyID: "f", title: "Event", start: near())
      }
      state.content.pickups = (0..<Int(random.next() % 3)).map { index in
        Pickup(id: "p\(index)", routeID: "r", at: near())
      }
      state.content.members = (0..<Int(random.next() % 3)).map { index in
        let birthday = DayOfYear(month: Int(random.next() % 12) + 1, day: Int(random.next() % 28) + 1)
        return Member(
          profile: UserProfile(id: "m\(index)", name: "M \(index)", email: "m@example.com", birthday: birthday),
          membership: Membership(userID: "m\(index)", familyID: "f", role: .adult))
      }
      #expect(FlowTable.hasUpcoming(state) == !FlowTable.upcoming(state).isEmpty, "round \(round)")
      #expect(FlowTable.hasWeekPickups(state) == !FlowTable.weekPickups(state).isEmpty, "round \(round)")
    }
  }
}
