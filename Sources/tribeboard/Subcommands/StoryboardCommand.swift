import ArgumentParser
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Storyboard.Format: ExpressibleByArgument {}

extension Tribeboard {
  struct StoryboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "storyboard",
      abstract: "Write a scenario's journeys as a storyboard: every step a card, to share after a demo.",
      discussion: """
        Each card shows the input, the screen as shown, the error highlighted, the step's quiet notes and the \
        presenter's notes (the journey's 'note:' steps). HTML is one
        self-contained file; Markdown renders on GitHub. Without --output the storyboard goes to standard output.
        """)

    @Argument(help: ArgumentHelp("A built-in scenario name or a path to a YAML file.", valueName: "name-or-path"))
    var scenario: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Only this journey (default: all).", valueName: "name"))
    var journey: String?

    @Option(help: "md or html.")
    var format: Storyboard.Format = .html

    @Option(
      name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() async throws {
      let loaded = try loadScenario(scenario)
      let chosen = loaded.journeys.filter { journey == nil || $0.name == journey }
      guard !chosen.isEmpty else {
        let names = loaded.journeys.map(\.name).joined(separator: ", ")
        throw usageError(
          journey.map { "Scenario \(loaded.name) has no journey '\($0)'. Journeys: \(names.isEmpty ? "none" : names)" }
            ?? "Scenario \(loaded.name) has no journeys.")
      }
      var journeys: [Storyboard.Journey] = []
      for journey in chosen {
        journeys.append(.init(journey, steps: await Transcript.steps(loaded, inputs: journey.steps)))
      }
      let text = Storyboard.render(
        title: "TribeBoard · \(loaded.name)", summary: loaded.summary, journeys: journeys, format: format)
      guard let output else {
        try emit(text, terminator: "")
        return
      }
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
      } catch {
        throw usageError("Can't write \(output): \(error.localizedDescription)")
      }
      printError("Storyboard of \(journeys.map(\.steps.count).reduce(0, +)) steps written to \(output).")
    }
  }
}
