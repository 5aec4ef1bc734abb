import Foundation
import Testing
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// `repl --screen-reader`: the REPL announces each screen as `play --screen-reader` does, with its errors'
/// ways forward said as the words to say.
@Suite struct ReplScreenReaderTests {
  @Test func theReplAnnouncesEachScreenForAScreenReader() async throws {
    nonisolated(unsafe) var lines = ["messages", "noticeboard", "post Hello"][...]
    nonisolated(unsafe) var shown = ""
    var repl = REPL(
      simulator: Simulator(scenario: try BundledScenarios.scenario(named: "child")), style: .plain,
      showsPrompt: false, readLine: { lines.popFirst() }, write: { shown += $0 })
    repl.screenReader = true
    let failures = try await repl.run()
    #expect(failures.isEmpty)
    #expect(!shown.contains("╭─"), "no boxes")
    #expect(shown.contains("Heading, The Johnsons. Screen dashboard."))
    #expect(shown.contains("Heading, Noticeboard. Screen noticeboard."))
    #expect(shown.contains("Alert, error: A child can't post notices. You can: Back to messages, say “back”."))
    #expect(shown.contains("Button 1, Back to messages. Say “back”."))
    #expect(shown.hasSuffix("Bye.\n"))
  }
}
