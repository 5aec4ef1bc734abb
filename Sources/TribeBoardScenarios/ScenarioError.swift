/// Why a scenario could not be loaded: every problem found, in file order.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The problems, sorted by line and column.
  public var diagnostics: [Diagnostic]

  public init(diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  /// A single problem.
  init(file: String, line: Int, column: Int, message: String) {
    self.init(diagnostics: [Diagnostic(file: file, line: line, column: column, message: message)])
  }

  /// One diagnostic a line.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
