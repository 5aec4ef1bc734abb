import Testing
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

@Suite struct ScreenReaderTests {
  @Test func everyActionAndListItemHasALabelAndNothingIsDrawn() async throws {
    for name in BundledScenarios.names {
      let scenario = try BundledScenarios.scenario(named: name)
      for journey in scenario.journeys {
        let steps = await Transcript.steps(scenario, inputs: journey.steps)
        for step in steps {
          guard let snapshot = step.snapshot else { continue }
          let place = "\(name)/\(journey.name) on \(snapshot.screen.rawValue)"
          #expect(!snapshot.title.isEmpty, "\(place): a screen without a title")
          for action in snapshot.actions {
            #expect(!action.label.trimmingCharacters(in: .whitespaces).isEmpty, "\(place): \(action.key) has no label")
          }
          for block in snapshot.blocks {
            if case .item(let item) = block {
              #expect(!item.text.trimmingCharacters(in: .whitespaces).isEmpty, "\(place): a list item without a label")
            }
          }
          let spoken = ScreenReaderRenderer.render(step)
          #expect(!spoken.contains { "╭╰│─".contains($0) }, "\(place): box drawing in the screen-reader view")
          #expect(spoken.contains("Heading, \(snapshot.title)."))
        }
      }
    }
  }

  @Test func errorsAreAlertsAndButtonsSayWhatToType() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "visitor"))
    await simulator.start()
    _ = await simulator.handle("messages")
    let step = await simulator.handle("send Hi")
    let spoken = ScreenReaderRenderer.render(step)
    #expect(spoken.contains("Alert, error: A visitor can't send family messages."))
    #expect(spoken.contains("Button 1, Noticeboard. Say “noticeboard”."))
    #expect(spoken.contains("List item 1 of"))
  }
}

@Suite struct ColourTests {
  @Test func colourOnlyWhereTheEnvironmentAllowsIt() {
    #expect(TextStyle.wantsColor(environment: ["TERM": "xterm-256color"]))
    #expect(!TextStyle.wantsColor(environment: ["TERM": "dumb"]))
    #expect(!TextStyle.wantsColor(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    #expect(TextStyle.wantsColor(environment: ["NO_COLOR": ""]))
  }
}

@Suite struct TerminalWidthTests {
  /// The visible width of a line: escape sequences take no room.
  func visibleWidth(_ line: Substring) -> Int {
    var count = 0
    var inEscape = false
    for character in line {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character.isLetter { inEscape = false }
      } else {
        count += 1
      }
    }
    return count
  }

  @Test(arguments: [40, 52, 100]) func everyScreenFitsTheTerminalInsideItsFrame(columns: Int) async throws {
    for name in ["visitor", "errors", "family-admin"] {
      let scenario = try BundledScenarios.scenario(named: name)
      for journey in scenario.journeys {
        let steps = await Transcript.steps(scenario, inputs: journey.steps)
        for step in steps {
          guard let snapshot = step.snapshot else { continue }
          for style in [TextStyle.plain, .ansi] {
            let lines = TextRenderer(style: style, columns: columns).render(snapshot).split(
              separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "").hasPrefix("╭─") } == true)
            #expect(lines.last.map { visibleWidth($0) } == columns, "the bottom rule spans the terminal")
            for line in lines {
              #expect(visibleWidth(line) <= columns, "\(name)/\(journey.name): “\(line)” is wider than \(columns)")
            }
            for line in lines.dropFirst().dropLast() {
              #expect(line.hasPrefix("│"), "\(name)/\(journey.name): “\(line)” breaks the frame")
            }
          }
        }
      }
    }
  }

  @Test func theFixedWidthIsTodaysAndPlainDrawsNoBox() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "visitor"))
    let step = await simulator.start()
    let snapshot = try #require(step.snapshot)
    #expect(TextRenderer(style: .plain).render(snapshot).split(separator: "\n").last?.count == TextRenderer.width)
    let plain = TextRenderer(style: .plain, boxed: false).render(snapshot)
    #expect(plain.hasPrefix("The Johnsons (dashboard)\n"))
    #expect(!plain.contains { "╭╰│─".contains($0) })
  }
}

@Suite struct MessageWrapTests {
  @Test(arguments: [40, 64, 90]) func helpFitsTheTerminalAndKeepsEveryWord(columns: Int) async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "family-admin"))
    _ = await simulator.start()
    let step = await simulator.handle(":help")
    let text = step.text(renderer: TextRenderer(style: .plain, columns: columns))
    for line in text.split(separator: "\n") {
      #expect(line.count <= columns, "“\(line)” is wider than \(columns)")
    }
    let unwrapped = step.text(renderer: TextRenderer(style: .plain))
    #expect(text.split(whereSeparator: \.isWhitespace) == unwrapped.split(whereSeparator: \.isWhitespace))
  }

  @Test func aContinuationKeepsTheIndentAndAWordLongerThanTheLineIsCut() {
    #expect(
      TextRenderer.wrappedMessage("      one two three four", width: 14) == "      one two\n      three\n      four")
    #expect(TextRenderer.wrappedMessage("abcdefghij", width: 4) == "abcd\nefgh\nij")
    #expect(TextRenderer.wrappedMessage(String(repeating: " ", count: 30) + "x", width: 24).hasSuffix("x"))
    #expect(TextRenderer.wrappedMessage("short\n\nlines", width: 10) == "short\n\nlines")
  }
}
