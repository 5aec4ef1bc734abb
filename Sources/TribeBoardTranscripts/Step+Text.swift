import TribeBoardEngine
import TribeBoardRendering

extension Step {
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
