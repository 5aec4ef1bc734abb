import ArgumentParser
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Tribeboard {
  struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "play",
      abstract: "Run a scenario's scripted journeys and print what they showed.",
      discussion: """
        Fails (exit 1) when an 'expect' step of a journey does not hold; each failure is printed on stderr as \
        FILE:LINE:COLUMN: journey NAME, step N: what was found, expected what.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, jsonl
    }

    @Argument(help: ArgumentHelp("A built-in scenario name or a path to a YAML file.", valueName: "name-or-path"))
    var scenario: String

    @Option(
      name: .shortAndLong, help: ArgumentHelp("Run only this journey (default: all, in file order).", valueName: "name")
    )
    var journey: String?

    @Option(help: "text: the transcript; jsonl: one JSON object per step.")
    var format: Format = .text

    @Flag(help: "Print each screen as a screen reader would announce it (with --format text).")
    var screenReader = false

    func validate() throws {
      if screenReader && format == .jsonl { throw ValidationError("--screen-reader goes with --format text.") }
    }

    @Option(
      help: ArgumentHelp(
        "process: the app calls the mock services in-process; http: through the Remote services (HTTP clients) "
          + "against the same mocks served on loopback, as the API's document describes them.", valueName: "way"))
    var via: Via = .process

    func run() async throws {
      let transport = try await via.transport()
      let loaded = try loadScenario(scenario)
      var journeys = loaded.journeys
      if let journey {
        journeys = journeys.filter { $0.name == journey }
        guard !journeys.isEmpty else {
          let names = loaded.journeys.map(\.name).joined(separator: ", ")
          throw usageError(
            "Scenario \(loaded.name) has no journey '\(journey)'. Journeys: \(names.isEmpty ? "none" : names)")
        }
      }
      guard !journeys.isEmpty else {
        throw usageError(
          "Scenario \(loaded.name) has no journeys; open it with 'tribeboard repl --scenario \(scenario)'.")
      }
      var failures: [String] = []
      var output = BufferedOutput()
      for (index, journey) in journeys.enumerated() {
        let simulator = Simulator(scenario: loaded, transport: transport)
        if format == .text && journeys.count > 1 {
          try output.append((index > 0 ? "\n" : "") + "=== journey \(journey.name) ===\n")
        }
        // Each step is printed as it is taken and then dropped: a long journey neither waits to the end to show
        // anything nor holds every screen it passed.
        var number = 0
        try await Transcript.run(journey.steps, on: simulator) { step in
          defer { number += 1 }
          if let failure = ExpectationFailure(step, index: number, journey: journey, file: loaded.source) {
            failures.append(failure.description)
          }
          switch format {
          case .text where screenReader:
            if let input = step.input { try output.append("> \(input)\n") }
            try output.append(ScreenReaderRenderer.render(step) + "\n")
          case .text:
            // As `Transcript.format(_:)` joins a run's steps: a line break between steps and one at the end.
            try output.write { bytes in
              if number > 0 { bytes.append(UInt8(ascii: "\n")) }
              Transcript.write(step, into: &bytes)
            }
          case .jsonl:
            try output.append(StepRecord(step, index: number, journey: journey.name).jsonLine() + "\n")
          }
        }
        if format == .text && !screenReader { try output.append("\n") }
      }
      try output.flush()
      if !failures.isEmpty {
        printError(failures.joined(separator: "\n"))
        throw ExitCode.failure
      }
    }
  }
}
