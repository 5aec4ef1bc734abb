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
      // Named here, not derived from the type's name: deriving it costs a reflection of the type at every start.
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

    /// `play NAME` with every option at its default, as the parser would make it (see ``Tribeboard/withoutParsing(_:)``).
    init(scenario: String) {
      self.scenario = scenario
      journey = nil
      format = .text
      screenReader = false
    }

    init() {}

    func validate() throws {
      if screenReader && format == .jsonl { throw ValidationError("--screen-reader goes with --format text.") }
    }

    func run() async throws {
      #if canImport(Glibc)
        // Large blocks (the arrays of a big world as they grow) from the heap, not each its own mapping that is
        // unmapped when the array grows again and faulted in afresh: a third fewer page faults loading a
        // 10,000-family world. Nothing is handed back before the process ends anyway.
        // `mallopt(M_MMAP_THRESHOLD, 1 GiB)`; malloc.h is not in the Glibc module, so found by name. Not under
        // Valgrind (its preload in LD_PRELOAD), which caps the heap's growth (`brk`) and would fail the load.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        let underValgrind = getenv("LD_PRELOAD").map { String(cString: $0).contains("vgpreload") } ?? false
        if !underValgrind, let mallopt = dlsym(nil, "mallopt") {
          _ = unsafeBitCast(mallopt, to: MallocOption.self)(-3, 1 << 30)
        }
      #endif
      let loaded = try loadScenario(scenario)
      KeptUntilExit.keep(loaded)
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
      for (index, journey) in journeys.enumerated() {
        KeptUntilExit.keepLast(nil)
        let simulator = Simulator(scenario: loaded)
        let steps = await Transcript.steps(loaded, inputs: journey.steps, on: simulator)
        // The last journey's world and steps are freed by the end of the process, not one by one before it.
        KeptUntilExit.keepLast((simulator, steps))
        failures += ExpectationFailure.failures(in: steps, journey: journey, file: loaded.source).map(\.description)
        switch format {
        case .text:
          if journeys.count > 1 { try emit((index > 0 ? "\n" : "") + "=== journey \(journey.name) ===") }
          if screenReader {
            for step in steps {
              if let input = step.input { try emit("> \(input)") }
              try emit(ScreenReaderRenderer.render(step))
            }
          } else {
            try emit(Transcript.format(steps), terminator: "")
          }
        case .jsonl:
          for (number, step) in steps.enumerated() {
            try emit(StepRecord(step, index: number, journey: journey.name).jsonLine())
          }
        }
      }
      if !failures.isEmpty {
        printError(failures.joined(separator: "\n"))
        throw ExitCode.failure
      }
    }
  }
}
