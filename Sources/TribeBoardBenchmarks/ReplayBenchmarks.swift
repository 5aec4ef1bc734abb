import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// Every journey of every built-in scenario replayed in-process, as `tribeboard check` replays the transcripts
/// (without reading and writing files).
enum ReplayBenchmarks {
  static let scenarios: [Scenario] = BundledScenarios.names.map { name in
    guard let scenario = try? BundledScenarios.scenario(named: name) else { fatalError("built-in \(name) fails") }
    return scenario
  }

  static var journeys: Int { scenarios.map(\.journeys.count).reduce(0, +) }

  /// Replays every journey once and returns the number of steps (inputs plus each journey's launch).
  static func replayAll() async -> Int {
    var steps = 0
    for scenario in scenarios {
      for journey in scenario.journeys {
        let (text, failures) = await Transcript.run(scenario, inputs: journey.steps)
        precondition(!text.isEmpty && failures.isEmpty, "journey \(journey.name) of \(scenario.name) failed")
        steps += journey.steps.count + 1
      }
    }
    return steps
  }

  /// The fastest of `rounds` replays of every journey, and its step count.
  static func fastest(rounds: Int) async -> (Duration, steps: Int) {
    var best: Duration = .seconds(3600)
    var steps = 0
    for _ in 0..<rounds {
      let start = clock.now
      steps = await replayAll()
      best = min(best, clock.now - start)
    }
    return (best, steps)
  }

  /// The callgrind child: one replay to warm up, then every journey again with its flow (the simulator handling
  /// each input) and its rendering (the transcript's text) in separate stretches, as `Transcript.run` does them.
  static func marked() async {
    _ = await replayAll()
    var labels: [String] = []
    for scenario in scenarios {
      for journey in scenario.journeys {
        callgrindMarker()
        let simulator = Simulator(scenario: scenario)
        var steps = [await simulator.start()]
        for input in journey.steps {
          steps.append(await simulator.handle(input))
        }
        callgrindMarker()
        precondition(!Transcript.format(steps).isEmpty)
        labels += ["flow", "render"]
      }
    }
    callgrindMarker()
    print(labels.joined(separator: "\n"))
  }
}

extension ReplayBenchmarks {
  /// Rendering alone, for profiling (`--callgrind-child render`): every journey's steps are computed first, then
  /// rendered ten times between two markers. Synchronous, so callgrind's call graph is exact.
  static func markedRendering() async {
    var journeys: [[Step]] = []
    for scenario in scenarios {
      for journey in scenario.journeys {
        let simulator = Simulator(scenario: scenario)
        var steps = [await simulator.start()]
        for input in journey.steps {
          steps.append(await simulator.handle(input))
        }
        journeys.append(steps)
      }
    }
    callgrindMarker()
    var bytes = 0
    for _ in 0..<10 {
      for steps in journeys { bytes += Transcript.format(steps).utf8.count }
    }
    callgrindMarker()
    print("render \(bytes)")
  }
}

extension ReplayBenchmarks {
  /// Where an app input's instructions go (`--callgrind-child pieces`; colon commands are left out): before each
  /// input, the synchronous parts are repeated on their own between markers: reading the input (`InputParser.resolve`),
  /// describing the screen (`ScreenSnapshot`) and rendering the last step; then the whole step runs.
  static func markedPieces() async {
    _ = await replayAll()
    var labels: [String] = []
    for scenario in scenarios {
      for journey in scenario.journeys {
        let simulator = Simulator(scenario: scenario)
        var step = await simulator.start()
        for input in journey.steps where !input.hasPrefix(":") {
          let state = simulator.state
          callgrindMarker()
          _ = simulator.parser.resolve(input, in: state)
          callgrindMarker()
          _ = ScreenSnapshot(state, flow: simulator.flow)
          callgrindMarker()
          precondition(!Transcript.format(step).isEmpty)
          callgrindMarker()
          step = await simulator.handle(input)
          labels += ["resolve", "snapshot", "render", "step"]
        }
      }
    }
    callgrindMarker()
    print(labels.joined(separator: "\n"))
  }
}
