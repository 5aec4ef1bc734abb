import Foundation
import Testing
import TribeBoardCore

@testable import TribeBoardEngine
@testable import TribeBoardScenarios
@testable import TribeBoardTranscripts

/// `:expect` lines read and step messages cleaned, on chosen inputs.
@Suite struct ExpectAndMessageTextTests {
  @Test func expectationNamesSplitAtTheFirstDot() {
    #expect(ExpectationKey.named("task.status")?.field?.name == "status")
    #expect(ExpectationKey.named("screen")?.key == .screen)
    #expect(ExpectationKey.named("screen")?.field == nil)
    #expect(ExpectationKey.named("task.nothing") == nil)
    #expect(ExpectationKey.named("nothing") == nil)
    #expect(ExpectationKey.named("screen.status.x") == nil)
  }

  @Test func expectPairsAreRead() {
    func flat(_ text: String) -> [String]? { StepExpectation.pairs(text)?.map { "\($0.0)=\($0.1)" } }
    #expect(flat("") == [])
    #expect(flat("  a=b   c=\"d e\" ") == ["a=b", "c=d e"])
    #expect(flat(#"a="x\"y\\z" b=é"#) == [#"a=x"y\z"#, "b=é"])
    #expect(flat("a=") == ["a="])
    #expect(flat("a=\"b") == nil)
    #expect(flat("=b") == nil)
    #expect(flat("a") == nil)
    #expect(flat("a b=c") == nil)
  }

  @Test func messageLinesAreCleanedOfControlCharacters() {
    let step = Step(input: nil, messages: [.init(kind: .info, text: "a\u{1B}[2Jb\nc\u{85}\n\nd")])
    #expect(step.text(style: .plain) == "a\u{FFFD}[2Jb\nc\u{FFFD}\n\nd")
  }
}
