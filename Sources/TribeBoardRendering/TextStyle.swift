#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How text is decorated: plain for files, pipes and `NO_COLOR`, ANSI colours on a terminal.
public struct TextStyle: Sendable, Equatable {
  public var colored: Bool

  public static let plain = TextStyle(colored: false)
  public static let ansi = TextStyle(colored: true)

  /// Colour when standard output is a colour terminal: not with `NO_COLOR` set (https://no-color.org), nor on a
  /// `TERM=dumb` terminal.
  public static func forStandardOutput(environment: [String: String]) -> TextStyle {
    TextStyle(colored: wantsColor(environment: environment) && isatty(STDOUT_FILENO) == 1)
  }

  /// ``forStandardOutput(environment:)`` with the process's `NO_COLOR` and `TERM`, read one at a time with `getenv`
  /// rather than as the dictionary of every variable.
  public static func forStandardOutput() -> TextStyle {
    let variable = { (name: String) in getenv(name).map { String(cString: $0) } }
    return TextStyle(
      colored: wantsColor(noColor: variable("NO_COLOR"), term: variable("TERM")) && isatty(STDOUT_FILENO) == 1)
  }

  /// Whether the environment allows colour.
  static func wantsColor(environment: [String: String]) -> Bool {
    wantsColor(noColor: environment["NO_COLOR"], term: environment["TERM"])
  }

  /// Whether `NO_COLOR` and `TERM` with these values (`nil` when unset) allow colour.
  static func wantsColor(noColor: String?, term: String?) -> Bool {
    !(noColor.map { !$0.isEmpty } ?? false) && term != "dumb"
  }

  public enum Role: String, Sendable {
    case title = "1;36"
    case dim = "2"
    case bold = "1"
    case error = "31"
    case success = "32"
    case warning = "33"
    /// A presenter's note: italic yellow.
    case note = "3;33"
  }

  public func apply(_ role: Role, _ text: String) -> String {
    colored && !text.isEmpty ? "\u{1B}[\(role.rawValue)m\(text)\u{1B}[0m" : text
  }
}
