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

  /// The stylesheet as a page downloads it: its comments and indentation are for the people who edit the file, so
  /// the bytes sent leave them out; every rule is as written.
  public static var servedCSS: String { compacted(withoutComments(css)) }

  /// The script as a page downloads it: its lines without their indentation, and without the lines that are only a
  /// comment (`// …`); every statement is as written, on its own line.
  public static var servedJS: String { compacted(js) { $0.hasPrefix("//") } }

  /// `text`'s lines without their leading spaces, without blank lines and without those `isComment` says are one.
  static func compacted(_ text: String, isComment: (Substring) -> Bool = { _ in false }) -> String {
    text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !isComment($0) }
      .joined(separator: "\n") + "\n"
  }

  /// A stylesheet without its `/* … */` comments (one inside a quoted string is text, and stays).
  static func withoutComments(_ css: String) -> String {
    var kept = ""
    kept.reserveCapacity(css.utf8.count)
    var rest = Substring(css)
    var quote: Character?
    while let character = rest.first {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if rest.hasPrefix("/*") {
        rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
        continue
      }
      kept.append(character)
      rest = rest.dropFirst()
    }
    return kept
  }

  /// An SVG file's drawing inline in HTML, which needs no namespace (and so names no address).
  static func inline(_ svg: String) -> String {
    svg.replacingOccurrences(of: " xmlns=\"http://www.w3.org/2000/svg\"", with: "")
  }
}
