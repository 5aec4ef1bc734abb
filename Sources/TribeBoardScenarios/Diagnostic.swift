/// One problem found in a scenario, with the place it was found.
///
/// Its description reads like a compiler's, so editors and terminals can jump to the place:
/// `Scenarios/child.yaml:12:5: error: unknown key 'membrs' in a family (did you mean 'members'?)`.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
  /// The file as the user named it (or `built-in:NAME`).
  public var file: String
  /// The 1-based line; `0` when the problem has no place in the file (it could not be read, say).
  public var line: Int
  /// The 1-based column, counted in Unicode scalars; `0` when ``line`` is `0`.
  public var column: Int
  /// What is wrong and what to do about it.
  public var message: String
  /// Whether the problem stops the scenario loading (`error`) or is only worth a look (`warning`, from `lint`).
  public var severity: Severity

  /// How bad a problem is.
  public enum Severity: String, Sendable {
    /// The scenario cannot be loaded.
    case error
    /// The scenario loads, but something in it is probably not what its author meant (`tribeboard lint`).
    case warning
  }

  public init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.severity = severity
  }

  /// `file:line:column: error: message`, or `file: error: message` for a problem without a place (`warning`
  /// instead of `error` for a warning).
  public var description: String {
    line > 0
      ? "\(file):\(line):\(column): \(severity.rawValue): \(message)" : "\(file): \(severity.rawValue): \(message)"
  }
}
