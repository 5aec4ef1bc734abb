import Foundation
import Testing

@testable import TribeBoardRendering

/// The stylesheet and script a page downloads are the files as written without their comments and indentation:
/// the first load stays within its budget (Benchmarks/serve.py) while the files keep what explains them.
@Suite struct ServedAssetsTests {
  /// `text` with every space, tab and line break taken out.
  static func squeezed(_ text: some StringProtocol) -> String { String(text.filter { !$0.isWhitespace }) }

  @Test func theServedStylesheetIsEveryRuleWithoutTheComments() {
    let css = Assets.css
    let served = Assets.servedCSS
    #expect(!served.contains("/*"), "a comment is sent")
    #expect(served.utf8.count < css.utf8.count * 95 / 100)
    let withoutComments = css.replacing(/\/\*[\s\S]*?\*\//, with: "")
    #expect(Self.squeezed(served) == Self.squeezed(withoutComments), "only comments and spaces are left out")
    #expect(!served.split(separator: "\n").contains { $0.first == " " || $0.isEmpty })
  }

  @Test func theServedScriptIsEveryStatementWithoutTheCommentLines() {
    let js = Assets.js
    let served = Assets.servedJS
    let code = js.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
    #expect(Self.squeezed(served) == Self.squeezed(code), "only comment lines and spaces are left out")
    #expect(!served.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("//") })
    #expect(served.utf8.count < js.utf8.count * 90 / 100)
  }

  /// A comment that runs over lines ends at its `*/`; one in a quoted string is text.
  @Test func aCommentEndsAtItsCloseAndAQuotedOneIsText() {
    let css = "/* one\n   two */\n.a { color: red; }\n  .b { content: \"/* x */\"; } /* why */\n\n.c { }\n"
    #expect(
      Assets.compacted(Assets.withoutComments(css))
        == ".a { color: red; }\n.b { content: \"/* x */\"; } \n.c { }\n")
  }
}
