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

@Suite struct StoryboardTests {
  func journeys(_ name: String) async throws -> (Scenario, [Storyboard.Journey]) {
    let scenario = try BundledScenarios.scenario(named: name)
    var journeys: [Storyboard.Journey] = []
    for journey in scenario.journeys {
      journeys.append(.init(name: journey.name, steps: await Transcript.steps(scenario, inputs: journey.steps)))
    }
    return (scenario, journeys)
  }

  @Test func theHTMLIsWellFormedAndHasACardForEveryStep() async throws {
    let (scenario, journeys) = try await journeys("errors")
    let html = Storyboard.render(title: "T <&>", summary: scenario.summary, journeys: journeys, format: .html)
    let parser = XMLParser(data: Data(html.utf8))
    #expect(parser.parse(), "not well formed: \(String(describing: parser.parserError))")
    let cards = html.components(separatedBy: "<section class=\"card").count - 1
    #expect(cards == journeys.map(\.steps.count).reduce(0, +))
    #expect(html.contains("<h1>T &lt;&amp;&gt;</h1>"))
    #expect(html.contains("<section class=\"card error\""), "errors are highlighted")
    for journey in journeys {
      for step in journey.steps.dropFirst() {
        #expect(html.contains(Storyboard.escaped(step.input ?? "")), "\(journey.name): \(step.input ?? "")")
      }
    }
  }

  /// Each phone's status bar shows the simulated time and the phone's network after its step, as a live phone does.
  @Test func eachPhoneShowsTheTimeAndNetworkOfItsStep() async throws {
    let scenario = try BundledScenarios.scenario(named: "offline")
    let steps = await Transcript.steps(scenario, inputs: [":offline", ":clock +90m", ":online"])
    #expect(steps.map(\.isOnline) == [true, false, false, true])
    let html = Storyboard.render(
      title: "T", summary: "", journeys: [.init(name: "j", steps: steps)], format: .html)
    let times = html.components(separatedBy: "<span class=\"time\">").dropFirst().map { $0.prefix(5) }
    #expect(times == ["08:00", "08:00", "09:30", "09:30"])
    #expect(html.components(separatedBy: "<span>Offline</span>").count - 1 == 2)
  }

  @Test func theMarkdownHasAHeadingForEveryStep() async throws {
    let (scenario, journeys) = try await journeys("offline")
    let markdown = Storyboard.render(title: "T", summary: scenario.summary, journeys: journeys, format: .md)
    let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("### Step ") }.count
    #expect(headings == journeys.map(\.steps.count).reduce(0, +))
  }

  /// Issue 26 #15: typed inputs, notes, titles and errors are text in the Markdown, never HTML or Markdown markup.
  @Test func theMarkdownEscapesWhatWasTypedAndWritten() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let inputs = ["tasks", "add task", "title <img src=x onerror=alert(1)> | ` **b** [l](javascript:x)", "save"]
    let steps = await Transcript.steps(scenario, inputs: inputs)
    let markdown = Storyboard.render(
      title: "<script>t</script>", summary: "*s*",
      journeys: [.init(name: "j_1", steps: steps, notes: [1: ["<script>alert('note')</script> `tick`"]])],
      format: .md)
    // Outside the fenced screens, nothing typed becomes a tag, an emphasis, a link or a table cell.
    var outside: [Substring] = []
    var fenced = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        fenced.toggle()
      } else if !fenced {
        outside.append(line)
      }
    }
    let text = outside.joined(separator: "\n")
    for markup in ["<script", "<img", "[l](", "**b**", "| `", " *s*", "j_1"] {
      #expect(!text.contains(markup), "\(markup) in:\n\(text)")
    }
    #expect(text.contains("### Step 3: title &lt;img src=x onerror=alert(1)&gt; \\| \\` \\*\\*b\\*\\*"))
    #expect(text.contains("# &lt;script&gt;t&lt;/script&gt;"))
  }
}
