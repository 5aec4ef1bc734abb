import TribeBoardEngine
import TribeBoardRendering

extension ScreenReaderRenderer {
  /// The announcements for a step, one a line: what the simulator said, then the screen.
  public static func render(_ step: Step) -> String {
    var lines = step.messages.map { message in
      let text = message.text.split(separator: "\n").joined(separator: " ")
      return switch message.kind {
      case .problem: "Alert: \(text)"
      case .info, .success: text
      }
    }
    if let snapshot = step.snapshot { lines += render(snapshot) }
    return lines.joined(separator: "\n")
  }
}
