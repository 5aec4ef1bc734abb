import TribeBoardFlow

/// What one line of input did: the messages it printed and the screen it left showing.
public struct Step: Sendable {
  /// A line the simulator prints before the screen.
  public struct Message: Equatable, Sendable {
    public enum Kind: Sendable { case info, success, problem }
    public var kind: Kind
    public var text: String
  }

  /// The line typed; `nil` for the launch that opens a session.
  public var input: String?
  public var messages: [Message] = []
  /// The screen shown after the step; `nil` when the step only printed information (`:help`, `:where`).
  public var snapshot: ScreenSnapshot?
  /// Set when an `:expect` did not hold: what was expected and what was found.
  public var failedExpectation: String?
  /// Whether the step asked to end the session.
  public var quit = false

  /// The step's output as text.
  public func text(style: TextStyle) -> String {
    var parts = messages.map { message in
      let text = message.text.split(separator: "\n", omittingEmptySubsequences: false).map {
        TextRenderer.clean(String($0))
      }
      .joined(separator: "\n")
      return switch message.kind {
      case .info: text
      case .success: style.apply(.success, text)
      case .problem: style.apply(.error, text)
      }
    }
    if let snapshot {
      parts.append(TextRenderer(style: style).render(snapshot))
    }
    return parts.joined(separator: "\n")
  }
}
