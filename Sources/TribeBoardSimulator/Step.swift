import TribeBoardCore
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
  /// The simulated seconds the step's service calls took (set latency); `present --pace real` waits it out.
  public var latency: Double = 0
  /// The app action the input chose, and the screen it was chosen on; `nil` for simulator commands and input the
  /// screen did not understand. Coverage counts transitions from it.
  public var transition: Transition?

  /// An app action taken on a screen, by a person in a role (`nil` outside a family).
  public struct Transition: Equatable, Sendable {
    public var from: ScreenID
    public var action: ActionID
    /// The value given with the action, if it takes one.
    public var argument: Intent.Argument?
    public var role: Role?
  }

  /// The step's output as text.
  public func text(style: TextStyle) -> String {
    text(renderer: TextRenderer(style: style))
  }

  /// The step's output drawn by `renderer` (a terminal's width, or no frame).
  public func text(renderer: TextRenderer) -> String {
    let style = renderer.style
    var parts = messages.map { message in
      // Each line cleaned of control characters; a text without any but line breaks is already clean.
      let joined =
        !TextRenderer.hasControlCharacters(message.text, allowingLineBreaks: true)
        ? message.text
        : message.text.split(separator: "\n", omittingEmptySubsequences: false).map {
          TextRenderer.clean(String($0))
        }
        .joined(separator: "\n")
      let text = renderer.columns.map { TextRenderer.wrappedMessage(joined, width: $0) } ?? joined
      return switch message.kind {
      case .info: text
      case .success: style.apply(.success, text)
      case .problem: style.apply(.error, text)
      }
    }
    if let snapshot {
      parts += snapshot.notes.map { style.apply(.dim, "· \(TextRenderer.clean($0))") }
      parts.append(renderer.render(snapshot))
    }
    // Not joined(separator:): see concatenated(separator:).
    return parts.concatenated(separator: "\n")
  }
}
