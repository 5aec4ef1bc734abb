// Whole commands, measured through the release `tribeboard` binary next to this one, as a user runs it (process
// start, argument parsing, loading, the run, the output, the exit): `play` of a generated 10,000-family world against
// libyaml's own event parse of the same file, the start-up of `list`, `play` and `check` against the hello world,
// `check` of every transcript (in-process and through HTTP) against `play` of the same journeys, `explore` of each
// bundled scenario and of the big world; and, as tools with no ceiling, a step through `play` and exploration's rate.
import Foundation
import TribeBoardScenarios
import TribeBoardValidation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum WholeCommandBenchmarks {
  /// The floor for loading a file, as a process: `tribeboard-bench --yaml-events PATH` reads the file and runs
  /// libyaml's event parse over it, nothing built (what `/work/shared/tools/yaml_events.c` does), and prints the
  /// number of events.
  static func yamlEvents(_ path: String) -> Never {
    guard let data = FileManager.default.contents(atPath: path) else { exit(2) }
    print("\(LoadWorld.rawEventCount(data)) events")
    exit(0)
  }

  /// Runs the section and prints one line per figure.
  static func run(smoke: Bool, countInstructions: Bool, bigFamilies: Int) {
    let app = executableDirectory.appendingPathComponent("tribeboard").path
    let hello = executableDirectory.appendingPathComponent("tribeboard-hello").path
    let bench = executableDirectory.appendingPathComponent("tribeboard-bench").path
    for program in [app, hello] where !FileManager.default.isExecutableFile(atPath: program) {
      report("whole commands", "n/a", target: "\(program) is missing: build the package first (swift build -c release)")
      return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tribeboard-bench-whole-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func world(_ families: Int, steps: Int) -> String {
      let path = folder.appendingPathComponent("world-\(families)-\(steps).yaml").path
      _ = FileManager.default.createFile(
        atPath: path, contents: Data(LoadWorld.text(families: families, steps: steps).utf8))
      return path
    }
    let stepCount = smoke ? 200 : 2000
    let big = world(bigFamilies, steps: 1)
    let oneStep = world(10, steps: 1)
    let smallest = world(1, steps: 1)
    let manySteps = world(10, steps: stepCount + 1)
    // `check` needs the package's Scenarios folder: there when the benchmark runs from the package (swift run).
    let scenarios = FileManager.default.fileExists(atPath: "Scenarios") ? "Scenarios" : nil

    // 1. `play` of the big world ÷ libyaml's event parse of the file, alternating, fastest of each.
    let (floor, play) = fastest((bench, ["--yaml-events", big]), (app, ["play", big]), rounds: smoke ? 1 : 3)
    report(
      "play \(bigFamilies) families ÷ libyaml's parse", format(play / floor, 2) + "×",
      target: "≤ 3× (\(format(play, 0)) ÷ \(format(floor, 0)) ms)")

    // 2. Start-up: medians of runs interleaved with the hello world's.
    // `work`: what the command does beyond starting; none for a start-up, to which the target applies. `play`'s
    // start-up is on a one-family world (3.7 KB); a 10-family world (35 KB) adds the loading of 31 KB more, which
    // grows with the file as the 10,000-family ratio above measures.
    var commands: [(label: String, arguments: [String], work: String?)] = [
      ("list", ["list"], nil), ("play (1 fam.)", ["play", smallest], nil),
      ("play (10 fam.)", ["play", oneStep], "35 KB world loaded, no target"),
    ]
    // `check` of one transcript is its start-up; of all of them, the start-up and every journey replayed.
    if let scenarios {
      commands.append(("check (one)", ["check", scenarios + "/new-user/create-family.transcript"], nil))
      commands.append(("check (all)", ["check", scenarios], "every journey replayed, no target"))
    }
    let runs = smoke ? 3 : 21
    var times = Array(repeating: [Double](), count: commands.count + 1)
    for run in 0..<(runs + 2) {
      for (index, command) in commands.enumerated() {
        let elapsed = time(app, command.arguments)
        if run >= 2 { times[index].append(elapsed) }
      }
      let elapsed = time(hello, [])
      if run >= 2 { times[commands.count].append(elapsed) }
    }
    let helloMedian = median(times[commands.count])
    for (index, command) in commands.enumerated() {
      let ratio = median(times[index]) / helloMedian
      let detail = "medians of \(runs): \(format(median(times[index]), 1)) ÷ \(format(helloMedian, 1)) ms"
      report(
        "\(command.label) \(command.work == nil ? "start-up" : "whole") ÷ hello world", format(ratio, 2) + "×",
        target: command.work.map { "\($0) (\(detail))" } ?? "≤ 5× (\(detail))")
    }

    // 3. A step through `play`, text out: (a journey of N + 1 steps − one of 1) ÷ N, fastest of each, alternating.
    let (long, short) = fastest((app, ["play", manySteps]), (app, ["play", oneStep]), rounds: smoke ? 1 : 7)
    report(
      "a step through play (10 fam., text)", format((long - short) * 1000 / Double(stepCount), 1) + " µs",
      target: "no ceiling, a tool ((\(format(long, 0)) − \(format(short, 0)) ms) ÷ \(stepCount))")

    // 4. `explore family-admin --depth 6 --faults`, in this process: transitions a second by the explorer's own
    // clock, which the command prints; the fastest of three walks, with a walker a processor (as the command walks)
    // and with one.
    if let scenario = try? BundledScenarios.scenario(named: "family-admin") {
      let byDefault = Explorer.Options.defaultWorkers
      for workers in Set([byDefault, 1]).sorted(by: >) {
        var rate = 0.0
        for _ in 0..<(smoke ? 1 : 3) {
          let options = Explorer.Options(depth: smoke ? 3 : 6, faults: true, workers: workers)
          let walk = blocking { await Explorer(scenario: scenario, options: options).run() }
          if walk.seconds > 0 { rate = max(rate, Double(walk.transitions) / walk.seconds) }
        }
        let walkers = workers == 1 ? "1 walker" : "\(workers) walkers"
        report(
          "explore family-admin, transitions/s", format(rate, 0),
          target: "no ceiling, a tool (depth 6, faults, \(walkers))")
      }
    }

    // 5. What a product team waits for: `check` of every transcript, in-process and through the Remote services over
    // HTTP, against `play` of every bundled scenario's journeys (the same journeys, one process each); `explore` of
    // each bundled scenario to its state limit; `explore` of the big world against its `play`.
    let rounds = smoke ? 1 : 3
    let names = BundledScenarios.names
    func fastestRun(_ arguments: [String]) -> Double {
      (0..<rounds).map { _ in time(app, arguments) }.min()!
    }
    if let scenarios {
      let plays = names.map { fastestRun(["play", $0]) }.reduce(0, +)
      var checks: [Double] = []
      for (label, arguments) in [
        ("check", ["check", scenarios]), ("check --via http", ["check", "--via", "http", scenarios]),
      ] {
        let checked = fastestRun(arguments)
        checks.append(checked)
        report(
          "\(label), every transcript ÷ play", format(checked / plays, 2) + "×",
          target: "≤ 3× (\(format(checked, 0)) ÷ \(format(plays, 0)) ms, \(names.count) scenarios)")
      }
      report(
        "check --via http ÷ check", format(checks[1] / checks[0], 2) + "×",
        target: "no ceiling, a tool (what the HTTP round trips add)")
    }
    var slowest = (name: "", seconds: 0.0)
    for name in names {
      let seconds = fastestRun(["explore", name, "--depth", "8", "--people", "--faults"]) / 1000
      if seconds > slowest.seconds { slowest = (name, seconds) }
    }
    report(
      "explore each scenario, depth 8, the slowest", format(slowest.seconds, 2) + " s",
      target: "≤ 2 s (\(slowest.name); --people --faults, to the state limit)")
    let explored = fastestRun(["explore", big, "--depth", "6", "--people", "--faults"])
    let played = fastestRun(["play", big])
    report(
      "explore \(bigFamilies) families, depth 6, ÷ play", format(explored / played, 2) + "×",
      target: "≤ 5× (\(format(explored, 0)) ÷ \(format(played, 0)) ms)")

    guard countInstructions else { return }
    // The same under callgrind: whole runs, dynamic linking included. The play ratio on a smaller world of the same
    // shape (a 10,000-family world takes minutes under valgrind); instructions grow with the file as time does.
    do {
      let middle = world(min(bigFamilies, 1000), steps: 1)
      let playCount = try Callgrind.total(app, ["play", middle])
      let floorCount = try Callgrind.total(bench, ["--yaml-events", middle])
      report(
        "  instructions: play ÷ libyaml, \(min(bigFamilies, 1000)) fam.", format(playCount / floorCount, 2) + "×",
        target: "\(mega(playCount)) ÷ \(mega(floorCount))")
      let helloCount = try Callgrind.total(hello, [])
      for command in commands {
        let count = try Callgrind.total(app, command.arguments)
        report(
          "  instructions: \(command.label) ÷ hello", format(count / helloCount, 2) + "×",
          target: "\(mega(count)) ÷ \(mega(helloCount))")
      }
      let longCount = try Callgrind.total(app, ["play", manySteps])
      let shortCount = try Callgrind.total(app, ["play", oneStep])
      report(
        "  instructions per step through play", format((longCount - shortCount) / Double(stepCount) / 1000, 0) + " k",
        target: "")
    } catch {
      report("  whole-command instructions", "n/a", target: "\(error)")
    }
  }

  private static func mega(_ value: Double) -> String { format(value / 1e6, 1) + " M" }

  /// The fastest wall time of each of two runs, in ms, over `rounds` rounds that alternate them, so both see the
  /// same moments of the machine.
  private static func fastest(
    _ first: (program: String, arguments: [String]), _ second: (program: String, arguments: [String]), rounds: Int
  ) -> (Double, Double) {
    var best = (Double.infinity, Double.infinity)
    for _ in 0..<rounds {
      best.0 = min(best.0, time(first.program, first.arguments))
      best.1 = min(best.1, time(second.program, second.arguments))
    }
    return best
  }

  /// The wall time of one run of `program`, in ms (standard input from /dev/null, output to /dev/null); a failed
  /// run ends the benchmark, since timing it would measure the wrong thing.
  private static func time(_ program: String, _ arguments: [String]) -> Double {
    let start = clock.now
    let status = spawn(program, arguments)
    let elapsed = milliseconds(clock.now - start)
    guard status == 0 else {
      FileHandle.standardError.write(Data("tribeboard-bench: \(program) \(arguments) exited with \(status)\n".utf8))
      exit(1)
    }
    return elapsed
  }
}
