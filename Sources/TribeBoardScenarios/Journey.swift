/// A named sequence of REPL input lines, replayed against a scenario.
public struct Journey: Equatable, Sendable {
  /// The journey's name, such as `create-family`.
  public var name: String
  /// The input lines exactly as they would be typed in the REPL; `expect` steps are written as
  /// `:expect key=value ...` lines.
  public var steps: [String]
  /// The presenter's notes (`note:` steps), by the index in ``steps`` of the step they come before;
  /// `steps.count` for notes after the last step. They are not input: only `present` and the storyboard show them.
  public var notes: [Int: [String]]

  public init(name: String, steps: [String], notes: [Int: [String]] = [:]) {
    self.name = name
    self.steps = steps
    self.notes = notes
  }

  /// The notes written before step `index` (0-based in ``steps``; `steps.count` for those after the last).
  public func notes(before index: Int) -> [String] {
    notes[index] ?? []
  }
}
