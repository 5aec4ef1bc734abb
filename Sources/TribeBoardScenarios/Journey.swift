/// A named sequence of REPL input lines, replayed against a scenario.
public struct Journey: Equatable, Sendable {
  /// The journey's name, such as `create-family`.
  public var name: String
  /// The input lines exactly as they would be typed in the REPL; `expect` steps are written as
  /// `:expect key=value ...` lines.
  public var steps: [String]

  public init(name: String, steps: [String]) {
    self.name = name
    self.steps = steps
  }
}
