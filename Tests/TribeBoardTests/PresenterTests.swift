import Foundation
import Testing
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `note:` steps, and `present` driven in-process with injected keys, output and sleep.
@Suite struct PresenterTests {
  // MARK: Notes

  @Test func notesAreKeptBesideTheStepsNotAmongThem() throws {
    let yaml = ScenarioLoaderTests.minimal.replacingOccurrences(
      of: "  alpha:\n    - sign in apple\n    - expect: { error: none }\n",
      with: "  alpha:\n    - note: First, sign in.\n    - note: With Apple.\n    - sign in apple\n"
        + "    - expect: { error: none }\n    - note: Done.\n")
    let journey = try #require(try ScenarioLoader.parse(yaml, source: "x.yaml").journey(named: "alpha"))
    #expect(journey.steps == ["sign in apple", ":expect error=none"])
    #expect(journey.notes(before: 0) == ["First, sign in.", "With Apple."])
    #expect(journey.notes(before: 1).isEmpty)
    #expect(journey.notes(before: 2) == ["Done."])
  }

  @Test func badNotesArePlacedAndExplained() {
    let base = "  alpha:\n    - sign in apple\n"
    let diagnostics = { (steps: String) in
      ScenarioLoaderTests().diagnostics(
        ScenarioLoaderTests.minimal.replacingOccurrences(of: base, with: "  alpha:\n" + steps))
    }
    #expect(
      diagnostics("    - note: ''\n    - sign in apple\n") == [
        "x.yaml:35:13: error: 'note' must not be empty"
      ])
    #expect(
      diagnostics("    - { note: hi, expect: { error: none } }\n    - sign in apple\n") == [
        "x.yaml:35:19: error: a note step has only the key 'note': write 'note: TEXT' alone as a list item"
      ])
    #expect(
      diagnostics("    - note: just talk\n    - nte: typo\n    - sign in apple\n").first?.hasPrefix(
        "x.yaml:36:7: error: unknown key 'nte' in a step (did you mean 'note'?)") == true)
    let onlyNotes = ScenarioLoaderTests.minimal.replacingOccurrences(
      of: base + "    - expect: { error: none }\n", with: "  alpha:\n    - note: nothing to type\n")
    #expect(
      ScenarioLoaderTests().diagnostics(onlyNotes) == [
        "x.yaml:35:5: error: journey 'alpha' has only notes; add at least one step of input"
      ])
  }

  @Test func notesChangeNoTranscriptAndAppearInTheStoryboard() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let journey = try #require(scenario.journey(named: "chores-and-points"))
    #expect(journey.notes.values.joined().count == 4)
    #expect(!journey.steps.contains { $0.contains("note") })
    let steps = await Transcript.steps(scenario, inputs: journey.steps)
    #expect(!Transcript.format(steps).contains("refuses to give her a chore"))
    let board = [Storyboard.Journey(journey, steps: steps)]
    let markdown = Storyboard.render(title: "T", summary: "", journeys: board, format: .md)
    // The note before "for rose" (the 4th input) is on that step's card.
    let card = try #require(markdown.components(separatedBy: "### Step 4: for rose").last)
    #expect(card.hasPrefix("\n\n> *Note:* Rose is a visitor, so the app refuses to give her a chore."))
    #expect(markdown.hasSuffix("> *Note:* Ben's points now count on Sarah's list.\n"))
    let html = Storyboard.render(title: "T", summary: "", journeys: board, format: .html)
    #expect(html.components(separatedBy: "<p class=\"narration\">").count - 1 == 4)
    #expect(XMLParser(data: Data(html.utf8)).parse(), "the storyboard with notes is not well formed")
  }

  // MARK: Presenting

  /// A console whose keys come from `keys` (then end), recording what was written and every pause.
  final class FakeConsole {
    var keys: [Presenter.Key?]
    var pauseKeys: [Int: Presenter.Key] = [:]
    var output = ""
    var pauses: [Duration] = []
    var keyReads = 0

    init(keys: [Presenter.Key?]) { self.keys = keys }

    var console: Presenter.Console {
      Presenter.Console(
        nextKey: {
          self.keyReads += 1
          return self.keys.isEmpty ? nil : self.keys.removeFirst()
        },
        pause: {
          self.pauses.append($0)
          return self.pauseKeys.removeValue(forKey: self.pauses.count)
        },
        write: { self.output += $0 })
    }
  }

  @Test func withoutATerminalItPlaysTheJourneyAsPlayDoesPlusNotes() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let journey = try #require(scenario.journey(named: "chores-and-points"))
    var lines = ["", ""][...]
    var slept: [Duration] = []
    let console = Presenter.Console.lines({ lines.popFirst() }, write: { _ in }, sleep: { slept.append($0) })
    var output = ""
    var withOutput = console
    withOutput.write = { output += $0 }
    let outcome = try await Presenter(scenario: scenario, journey: journey, console: withOutput, style: .plain).run()
    #expect(outcome == .finished(failures: []))
    #expect(slept.isEmpty, "nothing waits when latency passes at once and nothing is typed out")
    // Every screen play shows, in order; notes between them; no animation.
    let played = Transcript.format(await Transcript.steps(scenario, inputs: journey.steps))
    var remaining = output[...]
    for step in played.components(separatedBy: "\n> ") {
      let screen = step.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? step
      guard let found = remaining.range(of: screen.trimmingCharacters(in: .newlines)) else {
        Issue.record("missing or out of order:\n\(screen)")
        break
      }
      remaining = remaining[found.upperBound...]
    }
    #expect(output.contains("✎ Rose is a visitor, so the app refuses to give her a chore.\n"))
    #expect(output.contains("[The Johnsons · Sarah · parent admin · addTask] › for rose\n"))
    #expect(output.hasSuffix("✎ Ben's points now count on Sarah's list.\nEnd of chores-and-points.\n"))
    #expect(!output.contains("\r") && !output.contains("\u{1B}"))
  }

  @Test func aLineSaying_q_stopsAndTheEndOfInputPlaysTheRest() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let journey = try #require(scenario.journey(named: "chores-and-points"))
    var lines = ["", "", "q"][...]
    var output = ""
    let stopped = try await Presenter(
      scenario: scenario, journey: journey,
      console: .lines({ lines.popFirst() }, write: { output += $0 }, sleep: { _ in }), style: .plain
    ).run()
    #expect(stopped == .stopped(step: 3, of: journey.steps.count))
    #expect(output.hasSuffix("[The Johnsons · Sarah · parent admin · addTask] › \nStopped at step 3 of 28.\n"))
  }

  @Test func inputIsTypedACharacterAtATimeAndEnterFinishesTheLine() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let journey = Journey(name: "two", steps: ["tasks", "add task"])
    let fake = FakeConsole(keys: [.next, .next])
    fake.pauseKeys = [7: .next]  // during "add task": the 2nd character's pause
    let presenter = Presenter(
      scenario: scenario, journey: journey, console: fake.console, style: .plain, typingDelay: .milliseconds(40))
    #expect(try await presenter.run() == .finished(failures: []))
    #expect(fake.keyReads == 2)
    // "tasks": a pause after each of its 5 characters; "add task": after 2, then the rest at once.
    #expect(fake.pauses == Array(repeating: .milliseconds(40), count: 7))
    #expect(fake.output.contains("dashboard] › tasks\n╭─ Tasks"))
    #expect(fake.output.contains("tasks] › add task\n╭─ Add a task"))
  }

  @Test func ctrlCWhileTypingStopsThere() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let fake = FakeConsole(keys: [.next])
    fake.pauseKeys = [2: .stop]
    let presenter = Presenter(
      scenario: scenario, journey: Journey(name: "one", steps: ["tasks", "home"]), console: fake.console,
      style: .plain, typingDelay: .milliseconds(40))
    #expect(try await presenter.run() == .stopped(step: 1, of: 2))
    #expect(fake.output.hasSuffix("dashboard] › ta\nStopped at step 1 of 2.\n"))
    #expect(!fake.output.contains("╭─ Tasks"), "the stopped step's screen is not shown")
  }

  /// A journey that sets 2 s of latency on the data service, then opens the tasks (three calls, which overlap: 2 s).
  func slowJourney() -> Journey {
    Journey(name: "slow", steps: [":latency data 2s", "tasks"], notes: [1: ["This takes a while."]])
  }

  @Test func realPaceWaitsOutTheLatencyWithASpinnerOnlyWhenAnimated() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    for animates in [true, false] {
      let fake = FakeConsole(keys: [])
      let presenter = Presenter(
        scenario: scenario, journey: slowJourney(), console: fake.console, style: .plain, pace: .real,
        animates: animates)
      #expect(try await presenter.run() == .finished(failures: []))
      #expect(fake.pauses.reduce(.zero, +) == .seconds(2))
      #expect(fake.output.contains("Loading… (2 s simulated)"))
      #expect(fake.output.contains("✎ This takes a while.\n"))
      if animates {
        #expect(fake.pauses.count == 25, "one frame each 80 ms")
        #expect(fake.output.contains("\r⠋ Loading… 2.0s\u{1B}[K"))
        #expect(
          fake.output.contains("\r\u{1B}[KLoading… (2 s simulated)\n╭─ Tasks"),
          "the spinner's line is cleared for the screen")
      } else {
        #expect(fake.pauses == [.seconds(2)])
        #expect(!fake.output.contains("⠋") && !fake.output.contains("\r"), "no spinner without a terminal")
      }
    }
  }

  @Test func instantPaceNeverWaitsAndCtrlCDuringTheSpinnerStops() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let instant = FakeConsole(keys: [])
    _ = try await Presenter(scenario: scenario, journey: slowJourney(), console: instant.console, style: .plain).run()
    #expect(instant.pauses.isEmpty)
    let stopped = FakeConsole(keys: [])
    stopped.pauseKeys = [3: .stop]
    let presenter = Presenter(
      scenario: scenario, journey: slowJourney(), console: stopped.console, style: .plain, pace: .real,
      animates: true)
    #expect(try await presenter.run() == .stopped(step: 2, of: 2))
    #expect(!stopped.output.contains("╭─ Tasks"))
  }

  @Test func aFailedExpectationIsReported() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let fake = FakeConsole(keys: [])
    let presenter = Presenter(
      scenario: scenario, journey: Journey(name: "x", steps: [":expect screen=tasks"]), console: fake.console,
      style: .plain)
    guard case .finished(let failures) = try await presenter.run() else {
      Issue.record("did not finish")
      return
    }
    #expect(failures.count == 1)
  }
}
