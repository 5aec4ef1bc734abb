/// HTML as the project writes it, everywhere: markup comes only from string literals in the code (``Markup``), and
/// whatever is put into a literal is escaped by its type: text (a `String`) as the characters written, a number as
/// its digits. The one way around that, `\(html: …)` (or ``raw(_:)``), takes HTML that was itself written this way
/// (a drawing, a part of the page), and says so where it is used.
package struct HTMLWriter {
  package private(set) var html = ""

  package init() {
    html.reserveCapacity(8192)
  }

  /// Markup written in the code: a literal, with text, numbers and HTML made elsewhere put in by interpolation,
  /// each escaped by its type.
  package struct Markup: ExpressibleByStringInterpolation {
    fileprivate let html: String

    package init(stringLiteral literal: StaticString) { html = literal.description }
    package init(stringInterpolation: Interpolation) { html = stringInterpolation.html }

    package struct Interpolation: StringInterpolationProtocol {
      fileprivate var html = ""

      package init(literalCapacity: Int, interpolationCount: Int) {
        html.reserveCapacity(literalCapacity + 16 * interpolationCount)
      }

      package mutating func appendLiteral(_ literal: StaticString) { html += literal.description }

      /// Text, escaped: what a scenario or a person wrote shows as the characters written.
      package mutating func appendInterpolation(_ text: some StringProtocol) { html += HTML.escape(String(text)) }

      package mutating func appendInterpolation(_ number: Int) { html += String(number) }

      /// HTML made by another writer or a drawing of the project's own, put in as it is.
      package mutating func appendInterpolation(html made: String) { html += made }
    }
  }

  package static func += (writer: inout HTMLWriter, markup: Markup) {
    writer.html += markup.html
  }

  /// Text, escaped: what a scenario or a person wrote shows as the characters written.
  package mutating func text(_ text: String) {
    html += HTML.escape(text)
  }

  package mutating func number(_ number: Int) {
    html += String(number)
  }

  /// ` name="value"`, the value escaped.
  package mutating func attribute(_ name: Markup, _ value: String) {
    html += " "
    html += name.html
    html += "=\""
    html += HTML.escape(value)
    html += "\""
  }

  /// HTML made by another writer or a drawing of the project's own.
  package mutating func raw(_ html: String) {
    self.html += html
  }

  /// HTML written in one expression: `HTMLWriter.markup("<p>\(text)</p>")`.
  package static func markup(_ markup: Markup) -> String { markup.html }
}
