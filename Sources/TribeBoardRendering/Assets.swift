import Foundation

/// The page's own files, from `Sources/TribeBoardRendering/Assets/`: the stylesheet (`app.css`), the script
/// (`app.js`), the icons (`icons.svg`) and the logo (`logo.svg`). Embedded in the binary at build time; a server given
/// a folder (``folder``) reads them from there on every request, so an edit shows on reload.
public enum Assets {
  /// Where to read the files from instead of the binary, for designers editing them (`tribeboard serve --assets`).
  nonisolated(unsafe) public static var folder: URL?

  /// The file's text, from ``folder`` when one is set and holds it, else as embedded; empty for an unknown name.
  public static func text(_ name: String) -> String {
    if let folder, let text = try? String(contentsOf: folder.appending(path: name), encoding: .utf8) {
      return text
    }
    return embedded[name] ?? ""
  }

  /// The names of the files.
  public static var names: [String] { files.map(\.name) }

  private static let embedded = Dictionary(files.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })

  public static var css: String { text("app.css") }
  public static var js: String { text("app.js") }
  public static var logo: String { text("logo.svg") }
  /// The logo beside words that say its name, inline in a page: hidden from screen readers.
  public static var decorativeLogo: String {
    inline(logo).replacingOccurrences(of: "role=\"img\" aria-label=\"TribeBoard\"", with: "aria-hidden=\"true\"")
  }

  /// An SVG file's drawing inline in HTML, which needs no namespace (and so names no address).
  static func inline(_ svg: String) -> String {
    svg.replacingOccurrences(of: " xmlns=\"http://www.w3.org/2000/svg\"", with: "")
  }
}
