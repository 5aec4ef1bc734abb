import Foundation
import TribeBoardCore
import TribeBoardFlow

/// Draws a ``ScreenSnapshot`` as a titled block of text: content, error or notice, then numbered actions.
public struct TextRenderer: Sendable {
  public var style: TextStyle
  /// The width of the block's rules in transcripts and `check`, in characters: fixed, so goldens do not depend on
  /// the terminal.
  public static let width = 64
  /// The terminal's width: the rules fit it and long lines wrap inside the frame. `nil` for the fixed width.
  public var columns: Int?
  /// Whether to draw the frame; without it, the title line and the content as they are.
  public var boxed: Bool

  public init(style: TextStyle, columns: Int? = nil, boxed: Bool = true) {
    self.style = style
    self.columns = columns.map { max(24, $0) }
    self.boxed = boxed
  }

  /// Appends what ``render(_:)`` gives, as UTF-8, to `bytes`, for a transcript written out byte by byte.
  public func render(_ snapshot: ScreenSnapshot, appendingTo bytes: inout [UInt8]) {
    bytes += render(snapshot).utf8
  }

  public func render(_ snapshot: ScreenSnapshot) -> String {
    let text = renderBox(snapshot)
    if !boxed { return Self.unboxed(text, title: style.apply(.title, Self.clean(snapshot.title)), snapshot: snapshot) }
    guard let columns else { return text }
    return Self.wrapped(text, width: columns)
  }
}
