import TribeBoardEngine
import TribeBoardRendering

extension Step {
  /// The step's output as text.
  public func text(style: TextStyle) -> String {
    text(renderer: TextRenderer(style: style))
  }

  /// The step's output drawn by `renderer` (a terminal's width, or no frame).
  public func text(renderer: TextRenderer) -> String {
    var bytes: [UInt8] = []
    write(renderer: renderer, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``text(renderer:)``'s UTF-8 to `bytes`: its messages, the screen's notes and the screen, a line each.
  public func write(renderer: TextRenderer, into bytes: inout [UInt8]) {
    let style = renderer.style
    var isFirst = true
    func startPart() {
      if !isFirst { bytes.append(UInt8(ascii: "\n")) }
      isFirst = false
    }
    for message in messages {
      // Each line cleaned of control characters.
      let joined = message.text.split(separator: "\n", omittingEmptySubsequences: false).map {
        TextRenderer.clean(String($0))
      }
      .joined(separator: "\n")
      let text = renderer.columns.map { TextRenderer.wrappedMessage(joined, width: $0) } ?? joined
      startPart()
      switch message.kind {
      case .info: bytes += text.utf8
      case .success: bytes += style.apply(.success, text).utf8
      case .problem: bytes += style.apply(.error, text).utf8
      }
    }
    if let snapshot {
      for note in snapshot.notes {
        startPart()
        bytes += style.apply(.dim, "· \(TextRenderer.clean(note))").utf8
      }
      startPart()
      renderer.render(snapshot, appendingTo: &bytes)
    }
  }
}
