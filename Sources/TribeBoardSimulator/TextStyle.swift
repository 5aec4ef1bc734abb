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

  /// Colour when standard output is a terminal and `NO_COLOR` is not set (https://no-color.org).
  public static func forStandardOutput(environment: [String: String]) -> TextStyle {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return TextStyle(colored: !noColor && isatty(STDOUT_FILENO) == 1)
  }

  public enum Role: String, Sendable {
    case title = "1;36"
    case dim = "2"
    case bold = "1"
    case error = "31"
    case success = "32"
    case warning = "33"
  }

  public func apply(_ role: Role, _ text: String) -> String {
    colored && !text.isEmpty ? "\u{1B}[\(role.rawValue)m\(text)\u{1B}[0m" : text
  }
}
