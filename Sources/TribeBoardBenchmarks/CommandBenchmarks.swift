import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// REPL commands measured one step at a time, each rendered as the REPL prints it, by the parent admin of the last
/// family of a generated world.
enum CommandBenchmarks {
  /// One cycle through every command; it leaves the world as it found it, so cycles can repeat.
  static let cycle: [(label: String, input: String)] = [
    ("calendar", "calendar"), ("dashboard", "home"),
    ("tasks", "tasks"), ("open a task", "open 1"), ("mark it done", "done"), ("reopen it", "reopen"),
    ("dashboard", "home"),
    ("messages", "messages"), ("dashboard", "home"),
    ("school run", "school run"), ("claim a pickup", "claim 1"), ("release a pickup", "release 1"),
    ("dashboard", "home"),
    ("settings", "settings"), ("dashboard", "home"),
  ]

  /// The commands in the order the report lists them.
  static var labels: [String] {
    var seen: Set<String> = []
    return cycle.map(\.label).filter { seen.insert($0).inserted }
  }

  /// Starts `scenario` and runs one cycle, checking that every step did what it says (no refusal, no error):
  /// timing a step that failed would measure the wrong thing.
  static func start(_ scenario: Scenario) async -> Simulator {
    let simulator = Simulator(scenario: scenario)
    let first = await simulator.start()
    guard first.snapshot?.screen.rawValue == "dashboard" else {
      fatalError("the generated world did not open on the dashboard:\n\(Transcript.format(first))")
    }
    for (label, input) in cycle {
      let step = await simulator.handle(input)
      guard step.messages.isEmpty, let snapshot = step.snapshot, snapshot.error == nil else {
        fatalError("step '\(label)' (\(input)) did not succeed:\n\(Transcript.format(step))")
      }
    }
    return simulator
  }

  /// The median wall time of each command, in µs, over `cycles` cycles.
  static func wallTimes(_ scenario: Scenario, cycles: Int) async -> [String: Double] {
    let simulator = await start(scenario)
    var samples: [String: [Double]] = [:]
    var bytes = 0
    for _ in 0..<cycles {
      for (label, input) in cycle {
        let start = clock.now
        let step = await simulator.handle(input)
        bytes &+= Transcript.format(step).utf8.count
        samples[label, default: []].append(microseconds(clock.now - start))
      }
    }
    precondition(bytes > 0)
    return samples.mapValues(median)
  }

  /// The callgrind child: runs `cycles` cycles with a ``callgrindMarker()`` before each step and after the last,
  /// then prints each step's label, one a line.
  static func markedSteps(_ scenario: Scenario, cycles: Int) async {
    let simulator = await start(scenario)
    var labels: [String] = []
    for _ in 0..<cycles {
      for (label, input) in cycle {
        callgrindMarker()
        let step = await simulator.handle(input)
        _ = Transcript.format(step)
        labels.append(label)
      }
    }
    callgrindMarker()
    print(labels.joined(separator: "\n"))
  }
}
