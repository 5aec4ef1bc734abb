import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

extension Explorer {
  /// What the words of the inputs mean, resolved once for each different thing resolving reads rather than once
  /// for each state: the screen, the actions it lists (``Flow/actions(in:)``, which the walk works out anyway),
  /// the words, the state's time, and whether each of the screen's other actions whose words could match holds
  /// its condition (``InputParser/resolve(_:in:)`` lets an action hidden from the role match, to explain the
  /// refusal).
  /// Most states differ only in what resolving does not read (the world, the phone's memory, the loaded content),
  /// so most inputs are found here. Resolving must read nothing else of the state; debug builds check every answer
  /// found here against resolving again.
  struct Resolutions {
    /// What resolving reads of a state, besides the words: the same for every input tried from the state.
    struct Reading: Hashable {
      var screen: ScreenID
      var listed: [ActionID]
      /// The state's time: reading a value may depend on it (a date given relative to now).
      var now: Date
    }

    struct Entry {
      /// The screen's actions, not listed, whose words could match the text.
      var others: [FlowAction]
      /// The answers, by which of `others` hold their condition (bit `i` for `others[i]`).
      var answers: [UInt64: InputParser.Resolution]
    }

    let parser: InputParser
    private var flow: Flow { parser.flow }
    /// By reading, then by the words typed.
    private var entries: [Reading: [String: Entry]] = [:]

    init(flow: Flow) {
      parser = InputParser(flow: flow)
    }

    /// Where the answers for `state` are kept, found once for all the inputs tried from it; `listed`, the ids of
    /// `flow.actions(in: state)`.
    mutating func answers(in state: AppState, listed ids: [ActionID]) -> Dictionary<Reading, [String: Entry]>.Index {
      let reading = Reading(screen: state.screen.id, listed: ids, now: state.now)
      if let index = entries.index(forKey: reading) { return index }
      entries[reading] = [:]
      return entries.index(forKey: reading)!
    }

    /// `parser.resolve(text, in: state)`; `place`, what ``answers(in:listed:)`` gave for `state`.
    mutating func resolve(
      _ text: String, in state: AppState, at place: Dictionary<Reading, [String: Entry]>.Index
    ) -> InputParser.Resolution {
      if let entry = entries.values[place][text] {
        let holding = Self.holding(entry.others, in: state)
        if let known = entry.answers[holding] {
          assert(known == parser.resolve(text, in: state), "exploration resolved “\(text)” unlike InputParser")
          return known
        }
        let resolution = parser.resolve(text, in: state)
        entries.values[place][text]!.answers[holding] = resolution
        return resolution
      }
      let listed = entries.keys[place].listed
      let lowered = text.collapsingWhitespace.lowercased()
      let others = flow.table[state.screen.id].actions.filter { action in
        !listed.contains(action.id) && action.phrases.contains { InputParser.typed(lowered, matches: $0, of: action) }
      }
      precondition(others.count <= 64, "more unlisted actions match “\(text)” than exploration can tell apart")
      let resolution = parser.resolve(text, in: state)
      entries.values[place][text] = Entry(
        others: others, answers: [Self.holding(others, in: state): resolution])
      return resolution
    }

    /// Which of `others` hold their condition in `state`, as bits.
    private static func holding(_ others: [FlowAction], in state: AppState) -> UInt64 {
      var bits: UInt64 = 0
      for (index, action) in others.enumerated() where action.condition?.test(state) ?? true {
        bits |= 1 << UInt64(index)
      }
      return bits
    }
  }
}
