// Prints the simulator's speed and memory figures against the design's targets.
// Run: swift run -c release tribeboard-bench [families]
import Foundation
import TribeBoardFlow
import TribeBoardScenarios
import TribeBoardSimulator

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let families = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 3000
let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func report(_ name: String, _ value: String, target: String) {
  print(
    name.padding(toLength: 44, withPad: " ", startingAt: 0) + value.padding(toLength: 16, withPad: " ", startingAt: 0)
      + target)
}

/// Peak resident memory of this process, in MiB.
func peakMemory() -> Double {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  #endif
}

print(
  "measure".padding(toLength: 44, withPad: " ", startingAt: 0)
    + "result".padding(toLength: 16, withPad: " ", startingAt: 0) + "target")

// 1. Every journey of every built-in scenario, replayed in-process (what `check` does, without file I/O).
let scenarios = try BundledScenarios.names.map { try BundledScenarios.scenario(named: $0) }
var steps = 0
var rounds = 0
let suite = await clock.measure {
  for _ in 0..<20 {
    rounds += 1
    for scenario in scenarios {
      for journey in scenario.journeys {
        steps += journey.steps.count
        _ = await Transcript.run(scenario, inputs: journey.steps)
      }
    }
  }
}
let journeys = scenarios.map(\.journeys.count).reduce(0, +)
report(
  "replay all \(journeys) journeys", String(format: "%.1f ms", milliseconds(suite) / Double(rounds)),
  target: "about a process start")
report(
  "one REPL step (input, flow, render)", String(format: "%.1f µs", milliseconds(suite) * 1000 / Double(steps)),
  target: "well under 1 ms")

// 2. A world of many families, written as YAML, loaded and launched.
var yaml = """
  summary: A large world for the benchmark.
  now: 2026-03-02T08:00:00Z
  device: { user: p0-0, onboardingCompleted: true, signedIn: true }
  accounts:

  """
for family in 0..<families {
  for person in 0..<4 {
    yaml +=
      "  - { id: p\(family)-\(person), name: Person \(person), email: p\(family)-\(person)@example.com, providers: [apple] }\n"
  }
}
yaml += "families:\n"
let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
for family in 0..<families {
  var code = ""
  var n = family
  for _ in 0..<6 {
    code.append(alphabet[n % alphabet.count])
    n /= alphabet.count
  }
  yaml += """
      - id: f\(family)
        name: Family \(family)
        code: \(code)
        members:
          - { account: p\(family)-0, role: parentAdmin }
          - { account: p\(family)-1, role: adult }
          - { account: p\(family)-2, role: child }
          - { account: p\(family)-3, role: visitor, expires: 2026-03-09T08:00:00Z }
        tasks:
          - { title: Bins, assignee: p\(family)-2, due: 2026-03-03T19:00:00Z, points: 5 }

    """
}
var scenario: Scenario?
let load = clock.measure { scenario = try? ScenarioLoader.parse(yaml, source: "bench.yaml") }
guard let scenario else {
  print("the generated world did not load:")
  do { _ = try ScenarioLoader.parse(yaml, source: "bench.yaml") } catch { print(error.description.prefix(2000)) }
  exit(1)
}
report(
  "load \(families) families (\(yaml.utf8.count / 1024) KiB YAML)", String(format: "%.0f ms", milliseconds(load)),
  target: "under 1 s")
let simulator = Simulator(scenario: scenario)
let launch = await clock.measure { await simulator.start() }
report("launch into its dashboard", String(format: "%.1f ms", milliseconds(launch)), target: "")
let tasks = await clock.measure { _ = await simulator.handle("tasks") }
report("open tasks in that world", String(format: "%.2f ms", milliseconds(tasks)), target: "well under 1 ms of compute")

// 3. A 9-level "billion laughs": must be refused at once.
var bomb = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
for level in 1...9 {
  bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
}
let refused = clock.measure { _ = try? ScenarioLoader.parse(bomb, source: "bomb.yaml") }
report(
  "refuse a \(bomb.utf8.count)-byte alias bomb", String(format: "%.2f ms", milliseconds(refused)),
  target: "fails fast, bounded memory")

report("peak memory of this run", String(format: "%.0f MiB", peakMemory()), target: "")
