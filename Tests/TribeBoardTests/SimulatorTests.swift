import Foundation
import Testing
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

@Suite struct SimulatorTests {
  func simulator(_ name: String) async throws -> Simulator {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: name))
    await simulator.start()
    return simulator
  }

  @Test func unknownInputExplainsAndKeepsTheScreen() async throws {
    let simulator = try await simulator("new-user")
    let before = simulator.snapshot
    let step = await simulator.handle("fly to the moon")
    #expect(step.messages.first?.text.contains("“fly to the moon” is not an action here") == true)
    #expect(step.messages.first?.text.contains(":help") == true)
    #expect(step.snapshot == before)
    let number = await simulator.handle("9")
    #expect(
      number.messages.first?.text
        == "? There is no action 9 here; choose 1 to 2. Type a number, an action's words, or :help.")
    for odd in ["0", "-1", "99999999999999999999", "1 2 3", "\u{200B}", "#", ":", "  "] {
      let step = await simulator.handle(odd)
      #expect(step.snapshot?.screen == .onboarding, "\(odd)")
    }
    #expect(
      InputParser().resolve("1", in: AppState(screen: .onboarding(page: 1))) == .intent(Intent(.next)))
    let control = await simulator.handle(":teleport")
    #expect(control.messages.first?.text.hasPrefix("? “:teleport” is not a simulator command.") == true)
    #expect(simulator.snapshot == before)
  }

  @Test func numbersAndWordsChooseTheSameAction() async throws {
    let byNumber = try await simulator("new-user")
    let byWords = try await simulator("new-user")
    _ = await byNumber.handle("2")
    _ = await byWords.handle("SKIP")
    #expect(byNumber.snapshot == byWords.snapshot)
    #expect(byNumber.snapshot.screen == .signIn)
  }

  @Test func replEndsCleanlyAtEndOfInputAndRecords() async throws {
    let record = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString).transcript")
    var lines = ["skip", "what now?"][...]
    var output = ""
    let repl = REPL(
      simulator: try await simulator("new-user"), style: .plain, recordURL: record, showsPrompt: true,
      readLine: { lines.popFirst() }, write: { output += $0 })
    try await repl.run()
    #expect(output.hasSuffix("\nBye.\n"))
    #expect(output.contains("“what now?” is not an action here"))
    #expect(output.contains("[sarah, signed out · signIn] › "))
    let transcript = try String(contentsOf: record, encoding: .utf8)
    #expect(Transcript.inputs(of: transcript) == ["skip", "what now?"])
    #expect(!transcript.contains("Bye."))
  }

  @Test func quitEndsTheSession() async throws {
    var lines = [":quit", "skip"][...]
    var output = ""
    let repl = REPL(
      simulator: try await simulator("new-user"), style: .plain, showsPrompt: false, readLine: { lines.popFirst() },
      write: { output += $0 })
    try await repl.run()
    #expect(lines == ["skip"])
    #expect(output.hasSuffix("Bye.\n"))
  }

  @Test func colourOnlyWhenAsked() async throws {
    let step = await (try await simulator("new-user")).handle("skip")
    #expect(!step.text(style: .plain).contains("\u{1B}["))
    #expect(step.text(style: .ansi).contains("\u{1B}["))
    #expect(TextStyle.forStandardOutput(environment: ["NO_COLOR": "1"]) == .plain)
  }

  @Test func actingAsAnotherMemberSharesTheWorld() async throws {
    let simulator = try await simulator("family-admin")
    _ = await simulator.handle("messages")
    _ = await simulator.handle("send Dinner at six")
    let ben = await simulator.handle(":as ben")
    #expect(ben.snapshot?.user?.id == "ben")
    #expect(simulator.prompt == "[The Johnsons · Ben · child · dashboard] › ")
    _ = await simulator.handle("messages")
    // New to Ben, who has not read the conversation.
    #expect(
      simulator.snapshot.blocks.contains {
        if case .item(let item) = $0 {
          item.text == "Sarah, Mon 2 Mar 08:00: Dinner at six" && item.flag == "NEW"
        } else {
          false
        }
      })
    let nobody = await simulator.handle(":as zed")
    #expect(nobody.messages.first?.text.hasPrefix("? Nobody called “zed” here.") == true)
    #expect(simulator.actingUser == "ben")
  }

  @Test func theClockMovesAndBadClockInputIsExplained() async throws {
    let simulator = try await simulator("visitor")
    let bad = await simulator.handle(":clock tomorrow")
    #expect(bad.messages.first?.text.hasPrefix("? The clock needs an amount like +1s") == true)
    let moved = await simulator.handle(":clock +27h")
    #expect(moved.messages.first?.text == "Clock: Tue 3 Mar 2026 12:00 UTC.")
    #expect(moved.snapshot?.screen == .familySetup)
    #expect(moved.snapshot?.error?.code == .accessExpired)
  }

  @Test func durationsAreUpToNineDigitsAndAUnit() {
    #expect(DurationText.seconds("500ms") == 0.5)
    #expect(DurationText.seconds("90s") == 90)
    #expect(DurationText.seconds("15m") == 900)
    #expect(DurationText.seconds("1h") == 3600)
    #expect(DurationText.seconds("2d") == 172_800)
    #expect(DurationText.seconds("123456789s") == 123_456_789)
    for text in ["", "s", "1234567890s", "3 s", "+3s", "3x", "１s", "3\u{301}s", "3ś"] {
      #expect(DurationText.seconds(text) == nil, "\(text.debugDescription)")
    }
  }

  @Test func aControlIsItsFirstWordAndTheTrimmedRest() {
    #expect(Simulator.controlWords("clock +8d") == ("clock", "+8d"))
    #expect(Simulator.controlWords("  as  ben \t") == ("as", "ben"))
    #expect(Simulator.controlWords("where") == ("where", ""))
    #expect(Simulator.controlWords("  ") == ("", ""))
  }

  @Test func faultsCanBeArmedLive() async throws {
    let simulator = try await simulator("existing-user")
    let armed = await simulator.handle(":fault auth.signIn serviceUnavailable 1")
    #expect(armed.messages.first?.text == "Armed f1: auth.signIn → serviceUnavailable, the next 1 call.")
    let failed = await simulator.handle("sign in google")
    #expect(failed.snapshot?.error?.code == .serviceUnavailable)
    let again = await simulator.handle("retry")
    #expect(again.snapshot?.screen == .mfa)
    let bad = await simulator.handle(":fault auth.signin nope")
    #expect(
      bad.messages.first?.text.hasPrefix("? Name an operation (did you mean auth.signIn?): auth.currentSession") == true
    )
    #expect(bad.messages.first?.text.contains("Usage: :fault") == true)
  }

  @Test func undoReplaysAllButTheLastStepAndGoJumpsIntoAJourney() async throws {
    let simulator = try await simulator("family-admin")
    _ = await simulator.handle("messages")
    _ = await simulator.handle("send Hello")
    _ = await simulator.handle(":where")
    let undone = await simulator.handle(":undo")
    #expect(undone.messages.first?.text == "Undid “send Hello”.")
    #expect(undone.snapshot?.screen == .messages)
    #expect(simulator.environment.backend.world.messages.contains { $0.text == "Hello" } == false)
    _ = await simulator.handle(":undo")
    #expect(simulator.state.screen == .dashboard)
    let nothing = await simulator.handle(":undo")
    #expect(nothing.messages.first?.text == "? There is nothing to undo since the scenario started.")

    let went = await simulator.handle(":go chores-and-points@3")
    #expect(
      went.messages.first?.text
        == "Journey chores-and-points at step 3 of 28 (“title Tidy the playroom”). Carry on from here.")
    #expect(went.snapshot?.screen == .addTask)
    _ = await simulator.handle("for ben")
    let back = await simulator.handle(":undo")
    #expect(back.snapshot?.screen == .addTask)
    #expect(simulator.history == ["tasks", "add task", "title Tidy the playroom"])
    let bad = await simulator.handle(":go chores-and-points@99")
    #expect(bad.messages.first?.text == "? chores-and-points has steps 0 to 28; “99” is not one.")
  }

  @Test func mistypedCommandsAndNamesGetADidYouMean() async throws {
    let simulator = try await simulator("family-admin")
    let command = await simulator.handle(":expct screen=dashboard")
    #expect(
      command.messages.first?.text.hasPrefix("? “:expct” is not a simulator command (did you mean :expect?).") == true)
    let operation = await simulator.handle(":fault data.taks networkTimeout")
    #expect(operation.messages.first?.text.hasPrefix("? Name an operation (did you mean data.tasks?)") == true)
    let code = await simulator.handle(":fault data.tasks netwrkTimeout")
    #expect(code.messages.first?.text.contains("(did you mean networkTimeout?)") == true)
    let latency = await simulator.handle(":latency dat 2s")
    #expect(latency.messages.first?.text.contains("(did you mean data?)") == true)
  }

  @Test func expectationsPassAndFail() async throws {
    let simulator = try await simulator("new-user")
    #expect(await simulator.handle(":expect screen=onboarding error=none").failedExpectation == nil)
    let failed = await simulator.handle(":expect screen=dashboard family=\"The Johnsons\"")
    #expect(
      failed.failedExpectation
        == "screen is onboarding, expected dashboard; family is none, expected The Johnsons")
    #expect(await simulator.handle(":expect screen").failedExpectation != nil)
  }

  @Test func jsonLinesCarryTheRequiredFields() async throws {
    let simulator = try await simulator("new-user")
    _ = await simulator.handle("skip")
    let step = await simulator.handle("sign in apple")
    let line = StepRecord(step, index: 2, journey: "demo").jsonLine()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["input"] as? String == "sign in apple")
    #expect(object["screen"] as? String == "signIn")
    #expect(object["title"] as? String == "Sign in")
    #expect(object["session"] is NSNull)
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["code"] as? String == "networkTimeout")
    #expect(error["category"] as? String == "network")
    #expect(error["recovery"] as? [String] == ["retry"])
    let actions = try #require(object["actions"] as? [[String: Any]])
    #expect(actions.last?["key"] as? String == "retry")
    #expect(actions.last?["label"] as? String == "Try again")
    // The error's own way forward: drawn once, in the error (issue 37).
    #expect(actions.last?["kind"] as? String == "recovery")
    #expect(actions.last?["input"] is NSNull)
    #expect(actions.first?["kind"] as? String == "primary")
    let intent = try #require(object["intent"] as? [String: Any])
    #expect(intent["action"] as? String == "sign-in-apple")
    #expect(intent["argument"] is NSNull)
    let content = try #require(object["content"] as? [[String: Any]])
    #expect(content.first?["kind"] as? String == "paragraph")
    #expect(content.first?["text"] as? String == "Sign in to TribeBoard to see your family.")
    #expect(object["notes"] as? [String] == [])
    #expect(object["sheet"] is NSNull)
    #expect((object["tabs"] as? [Any])?.isEmpty == true)
    #expect(!line.contains("\n"))
  }
}

@Suite struct REPLExpectationTests {
  @Test func aFailedExpectationInAPipedSessionIsReported() async throws {
    var lines = [":expect screen=dashboard", "skip", ":expect screen=signIn"][...]
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "new-user"))
    let repl = REPL(
      simulator: simulator, style: .plain, showsPrompt: false, readLine: { lines.popFirst() }, write: { _ in })
    let failures = try await repl.run()
    #expect(failures == ["✗ expectation failed: screen is onboarding, expected dashboard"])
  }
}
