/// HTML written by the renderers. Markup comes only from string literals in the code (``Markup``); every text made
/// at run time goes through ``text(_:)`` or ``attribute(_:_:)``, which escape it. The one way around that,
/// ``raw(_:)``, takes HTML that was itself written this way (a drawing, a part of the page).
struct HTMLWriter {
  private(set) var html = ""

  init() {
    html.reserveCapacity(8192)
  }

  /// Markup written in the code: a literal, never text made at run time.
  struct Markup: ExpressibleByStringLiteral {
    let literal: StaticString
    init(stringLiteral literal: StaticString) { self.literal = literal }
  }

  static func += (writer: inout HTMLWriter, markup: Markup) {
    writer.html += markup.literal.description
  }

  /// Text, escaped: what a scenario or a person wrote shows as the characters written.
  mutating func text(_ text: String) {
    html += HTML.escape(text)
  }

  mutating func number(_ number: Int) {
    html += String(number)
  }

  /// ` name="value"`, the value escaped.
  mutating func attribute(_ name: Markup, _ value: String) {
    html += " "
    html += name.literal.description
    html += "=\""
    html += HTML.escape(value)
    html += "\""
  }

  /// HTML made by another writer or a drawing of the project's own.
  mutating func raw(_ html: String) {
    self.html += html
  }
}
