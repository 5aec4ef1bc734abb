/// A named sequence of REPL input lines, replayed against a scenario.
public struct Journey: Equatable, Sendable {
  /// The journey's name, such as `create-family`.
  public var name: String
  /// The input lines exactly as they would be typed in the REPL; `expect` steps are written as
  /// `:expect key=value ...` lines.
  public var steps: [String]
  /// Where each step is written in the scenario file, in the order of ``steps``; empty for a journey that was not
  /// read from a file.
  public var locations: [Location]
  /// The presenter's notes (`note:` steps), by the index in ``steps`` of the step they come before;
  /// `steps.count` for notes after the last step. They are not input: only `present` and the storyboard show them.
  public var notes: [Int: [String]]

  /// A 1-based line and column in the scenario file.
  public typealias Location = ScenarioSourceMap.Location

  public init(name: String, steps: [String], locations: [Location] = [], notes: [Int: [String]] = [:]) {
    self.name = name
    self.steps = steps
    self.locations = locations
    self.notes = notes
  }

  /// Where step `index` (0-based) is written, if known.
  public func location(ofStep index: Int) -> Location? {
    locations.indices.contains(index) ? locations[index] : nil
  }

  /// The notes written before step `index` (0-based in ``steps``; `steps.count` for those after the last).
  public func notes(before index: Int) -> [String] {
    notes[index] ?? []
  }
}
