// Prints the simulator's speed figures, each beside its ceiling (Benchmarks/README.md).
// Run: swift build -c release && swift run -c release tribeboard-bench [FAMILIES] [--smoke] [--no-instructions]
//   FAMILIES           the big generated world of the command benchmark (default 10000; --smoke: 200)
//   --smoke            a quick pass over every measure (CI runs it so the benchmark cannot rot); no callgrind
//   --no-instructions  skip the instruction counts (they run this binary under valgrind's callgrind)
//   --only SECTION     one section: replay, startup, commands, load, whole or browser
// The top level never awaits (see `blocking` in BenchSupport.swift): callgrind runs this binary's child modes.
import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

// `--socket-load HOST PORT PATH CONNECTIONS SECONDS`: steps/s through `tribeboard serve`'s socket (Benchmarks/serve.py).
if arguments.first == "--socket-load", arguments.count == 6, let port = Int(arguments[2]),
  let connections = Int(arguments[4]), let seconds = Double(arguments[5])
{
  do {
    let rate = try SocketLoad.run(
      host: arguments[1], port: port, path: arguments[3], connections: connections, seconds: seconds)
    print(String(format: "%.0f", rate))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("tribeboard-bench: \(error)\n".utf8))
    exit(1)
  }
}

// libyaml's event parse of a file, as a process: the floor of the whole-command section.
if arguments.first == "--yaml-events", arguments.count == 2 { WholeCommandBenchmarks.yamlEvents(arguments[1]) }

// `--explore-child NAME|FAMILIES`: one `explore --depth 8 --people` walk in this process (a built-in scenario, or a
// generated world of that many families), for the explore section: prints the peak memory after loading, then the
// states, transitions, seconds and peak memory of the walk.
if arguments.first == "--explore-child", arguments.count == 2 {
  let scenario =
    Int(arguments[1]).map { BenchWorld.scenario(families: $0) } ?? (try! BundledScenarios.scenario(named: arguments[1]))
  let loaded = blocking {
    let simulator = Simulator(scenario: scenario)
    await simulator.start()
    return peakMemory()
  }
  let started = ContinuousClock.now
  let report = blocking {
    await Explorer(scenario: scenario, options: .init(depth: 8, faults: true, people: true)).run()
  }
  let seconds =
    Double((ContinuousClock.now - started).components.attoseconds) / 1e18
    + Double((ContinuousClock.now - started).components.seconds)
  print("\(loaded) \(report.states) \(report.transitions) \(seconds) \(peakMemory())")
  exit(0)
}

// Child modes, run by `Callgrind.stretches` under valgrind.
if arguments.first == "--callgrind-child" {
  switch arguments.dropFirst().first {
  case "replay":
    blocking { await ReplayBenchmarks.marked() }
  case "render":
    blocking { await ReplayBenchmarks.markedRendering() }
  case "browser":
    blocking { await BrowserBenchmarks.marked(steps: Int(arguments[2])!) }
  case "pieces":
    blocking { await ReplayBenchmarks.markedPieces() }
  case "commands":
    let families = Int(arguments[2])!
    let cycles = Int(arguments[3])!
    let scenario = BenchWorld.scenario(families: families)
    blocking { await CommandBenchmarks.markedSteps(scenario, cycles: cycles) }
  case "explore":
    // `explore NAME DEPTH`: one walk with faults and one walker, between two markers, for profiling exploration
    // (README, Exploration); prints the states and transitions so the instructions can be divided by them.
    let scenario = try! BundledScenarios.scenario(named: arguments[2])
    let depth = Int(arguments[3])!
    let report = blocking {
      callgrindMarker()
      let report = await Explorer(scenario: scenario, options: .init(depth: depth, faults: true, workers: 1)).run()
      callgrindMarker()
      return report
    }
    print("\(report.states) states, \(report.transitions) transitions")
  case "startup":
    // Phases of the REPL's first screen, for timing each from outside (hyperfine).
    let phase = Int(arguments[2])!
    if phase >= 1 {
      let scenario = try! BundledScenarios.scenario(named: "new-user")
      if phase >= 2 {
        let text = blocking {
          let simulator = Simulator(scenario: scenario)
          let step = await simulator.start()
          return phase >= 3 ? Transcript.format(step) : ""
        }
        print(text)
      }
    }
  default:
    fatalError("unknown child mode \(arguments)")
  }
  exit(0)
}

let usage = """
  usage: tribeboard-bench [FAMILIES] [--smoke] [--no-instructions] [--only SECTION]
                          [--load-families N] [--world PATH]
  Prints the simulator's speed and memory figures, each beside its target (README, Performance).
    FAMILIES             the big generated world of the command table (default 10000; --smoke: 200)
    --smoke              every measure once, small worlds, no valgrind: seconds (CI runs it)
    --no-instructions    wall times only (instruction counts run this binary under valgrind's callgrind)
    --only SECTION       one section: replay, startup, commands, load, whole, browser or explore
    --load-families N    the big generated world the load and whole sections read (default 10000; --smoke: 200)
    --world PATH         also load this scenario file in the load section
    -h, --help           this text
  Build first, in release: swift build -c release && swift run -c release tribeboard-bench
  """
if arguments.contains("-h") || arguments.contains("--help") {
  print(usage)
  exit(0)
}
let sections = ["replay", "startup", "commands", "load", "whole", "browser", "explore"]
do {
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    switch argument {
    case "--smoke", "--no-instructions": continue
    case "--only", "--load-families", "--world", "--load-peak":
      guard let value = rest.popFirst() else {
        FileHandle.standardError.write(Data("tribeboard-bench: \(argument) needs a value\n\n\(usage)\n".utf8))
        exit(64)
      }
      if argument == "--only" && !sections.contains(value) {
        FileHandle.standardError.write(
          Data("tribeboard-bench: no section '\(value)'; sections: \(sections.joined(separator: ", "))\n".utf8))
        exit(64)
      }
    default:
      guard Int(argument) != nil else {
        FileHandle.standardError.write(Data("tribeboard-bench: unknown argument '\(argument)'\n\n\(usage)\n".utf8))
        exit(64)
      }
    }
  }
}

let smoke = arguments.contains("--smoke")
let countInstructions = !smoke && !arguments.contains("--no-instructions")
let bigWorld = arguments.lazy.compactMap { Int($0) }.first ?? (smoke ? 200 : 10_000)
let smallWorld = 10
let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
// The big generated world of the load and whole-command sections (checked above to have a value).
let bigFamilies =
  arguments.firstIndex(of: "--load-families").flatMap { Int(arguments[$0 + 1]) } ?? (smoke ? 200 : 10_000)
/// Whether to run `section`: every one unless `--only` names another.
func wants(_ section: String) -> Bool { only == nil || only == section }

print(
  "measure".padding(toLength: 44, withPad: " ", startingAt: 0)
    + "result".padding(toLength: 16, withPad: " ", startingAt: 0) + "target")
// Loading first: a `--load-peak` child (started by the loading benchmarks to measure a load's peak memory) only
// loads its file and exits here, before anything else grows the process.
if wants("load") || arguments.contains("--load-peak") { runLoadBenchmarks(smoke: smoke, bigFamilies: bigFamilies) }

// 1. Replay: every journey of every built-in scenario (what `check` does, without file I/O).
if wants("replay") {
  let (replayTime, replaySteps) = blocking { await ReplayBenchmarks.fastest(rounds: smoke ? 1 : 100) }
  let perStep = microseconds(replayTime) / Double(replaySteps)
  report(
    "replay all \(ReplayBenchmarks.journeys) journeys, \(replaySteps) steps", format(milliseconds(replayTime)) + " ms",
    target: "fastest of \(smoke ? 1 : 100)")
  report("one replayed step (input, flow, render)", format(perStep) + " µs", target: "in-process; see play below")
  if countInstructions {
    do {
      let stretches = try Callgrind.stretches(["--callgrind-child", "replay"])
      let flow = stretches.filter { $0.label == "flow" }.map(\.instructions).reduce(0, +)
      let render = stretches.filter { $0.label == "render" }.map(\.instructions).reduce(0, +)
      let steps = Double(replaySteps)
      report(
        "  instructions per replayed step", format((flow + render) / steps / 1000, 0) + " k",
        target: "flow \(format(flow / steps / 1000, 0)) k + render \(format(render / steps / 1000, 0)) k")
      // Parts of a step (each inside the flow or render figures above), to show who works on what.
      let pieces = Callgrind.average(try Callgrind.stretches(["--callgrind-child", "pieces"]))
      report(
        "  an app input: read, describe, render",
        ["resolve", "snapshot", "render"].map { format((pieces[$0] ?? 0) / 1000, 0) + "k" }.joined(separator: " "),
        target:
          "of \(format((pieces["step"] ?? 0) / 1000, 0)) k: InputParser.resolve, ScreenSnapshot, Transcript.format")
    } catch {
      report("  instructions per replayed step", "n/a", target: "\(error)")
    }
  }

}

// 2. Start-up: first screen of the REPL against a hello world built the same way.
if wants("startup") {
  switch StartupBenchmarks.measure(runs: smoke ? 3 : 40) {
  case .success(let (app, hello)):
    report("first screen (tribeboard, median)", format(app) + " ms", target: "")
    report("hello world importing Foundation", format(hello) + " ms", target: "")
    report("first screen ÷ hello world", format(app / hello, 2) + "×", target: "≤ 5×")
  case .failure(let failure):
    report("first screen ÷ hello world", "n/a", target: failure.description)
  }
  if countInstructions {
    // The first screen's phases, counted in this binary's start-up child, against the hello world (whole
    // commands of `tribeboard` itself are counted in the whole-command section).
    do {
      let bench = executableDirectory.appendingPathComponent("tribeboard-bench").path
      let hello = try Callgrind.total(executableDirectory.appendingPathComponent("tribeboard-hello").path, [])
      let phases = try (0...3).map { try Callgrind.total(bench, ["--callgrind-child", "startup", "\($0)"]) }
      func mega(_ value: Double) -> String { format(value / 1e6, 1) + " M" }
      report("  instructions: hello world", mega(hello), target: "")
      report("  a binary this size doing nothing", mega(phases[0]), target: "")
      report("  + parse the built-in new-user scenario", "+" + mega(phases[1] - phases[0]), target: "")
      report("  + start it and render the first screen", "+" + mega(phases[3] - phases[1]), target: "")
      report("  this first screen ÷ hello world", format(phases[3] / hello, 2) + "× instr.", target: "")
    } catch {
      report("  start-up instructions", "n/a", target: "\(error)")
    }
  }

}

// 3. Every REPL command in a small and a big world, acting as the parent admin of the last family.
if wants("commands") {
  print("")
  let cycles = smoke ? 3 : 200
  let small = blocking { await CommandBenchmarks.wallTimes(BenchWorld.scenario(families: smallWorld), cycles: cycles) }
  let big = blocking { await CommandBenchmarks.wallTimes(BenchWorld.scenario(families: bigWorld), cycles: cycles) }
  var smallCount: [String: Double] = [:]
  var bigCount: [String: Double] = [:]
  var instructionNote = smoke ? "not counted in --smoke" : "not counted (--no-instructions)"
  if countInstructions {
    do {
      smallCount = Callgrind.average(try Callgrind.stretches(["--callgrind-child", "commands", "\(smallWorld)", "5"]))
      bigCount = Callgrind.average(try Callgrind.stretches(["--callgrind-child", "commands", "\(bigWorld)", "5"]))
      instructionNote = ""
    } catch {
      instructionNote = "instructions: \(error)"
    }
  }
  let widths = [18, 12, 12, 8, 12, 12, 8, 8]
  print(
    row(
      zip(
        [
          "command", "µs \(smallWorld)", "µs \(bigWorld)", "ratio", "instr \(smallWorld)", "instr \(bigWorld)",
          "ratio", "target",
        ], widths
      ).map { ($0, $1) }))
  var worst = 0.0
  for label in CommandBenchmarks.labels {
    let wallRatio = big[label]! / small[label]!
    var cells = [label, format(small[label]!), format(big[label]!), format(wallRatio, 2) + "×"]
    if let a = smallCount[label], let b = bigCount[label] {
      cells += [format(a / 1000, 0) + " k", format(b / 1000, 0) + " k", format(b / a, 2) + "×"]
      worst = max(worst, b / a)
    } else {
      cells += ["—", "—", "—"]
    }
    cells.append("≤ 2×")
    print(row(zip(cells, widths).map { ($0, $1) }))
  }
  if !instructionNote.isEmpty { print("(\(instructionNote))") }
  print(
    "(median of \(cycles) runs of each command; \(bigWorld) ÷ \(smallWorld) families"
      + (worst > 0 ? "; worst instruction ratio \(format(worst, 2))×)" : ")"))
  print("")
}

// 4. Loading (the rest is in LoadBenchmarks.swift, run first).
if wants("load") {
  // A 9-level "billion laughs": must be refused at once.
  var bomb = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
  for level in 1...9 {
    bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
  }
  let refused = clock.measure { _ = try? ScenarioLoader.parse(bomb, source: "bomb.yaml") }
  report(
    "refuse a \(bomb.utf8.count)-byte alias bomb", String(format: "%.2f ms", milliseconds(refused)),
    target: "fails fast, bounded memory")
}

// 5. Whole commands through the release binary (WholeCommandBenchmarks.swift): play of the big world against
// libyaml's parse of its file, start-up of list, play and check against the hello world, a step through play.
if wants("whole") {
  WholeCommandBenchmarks.run(smoke: smoke, countInstructions: countInstructions, bigFamilies: bigFamilies)
  print("")
}

// 6. The browser's own cost of a step, without the network (Benchmarks/serve.py measures it over loopback).
if wants("browser") {
  let steps = smoke ? 20 : 4000
  let (engine, browser) = blocking { await BrowserBenchmarks.wallTimes(steps: steps) }
  report("a page's step: the engine alone", format(engine) + " µs", target: "round the modules, family-admin")
  report("a page's step: engine, drawing, bytes", format(browser) + " µs", target: "what the server adds to HTTP")
  if countInstructions {
    do {
      let stretches = try Callgrind.stretches(["--callgrind-child", "browser", "400"])
      let engine = stretches.first { $0.label == "engine" }?.instructions ?? 0
      let browser = stretches.first { $0.label == "browser" }?.instructions ?? 0
      report(
        "  instructions per page step", format(browser / 400 / 1000, 0) + " k",
        target: "engine \(format(engine / 400 / 1000, 0)) k + page \(format((browser - engine) / 400 / 1000, 0)) k")
    } catch {
      report("  instructions per page step", "n/a", target: "\(error)")
    }
  }
}

report("peak memory of this run", String(format: "%.0f MiB", peakMemory()), target: "")

// 7. Exploration: `explore --depth 8 --people` of family-admin and of the big generated world, each in its own process
// (issue 26 #10: a state shares what did not change with the states before it, so memory and time per state do not
// grow with the world).
if wants("explore") {
  print("")
  let bench = executableDirectory.appendingPathComponent("tribeboard-bench").path
  var rates: [Double] = []
  for target in ["family-admin", "\(bigWorld)"] {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("tb-explore-\(getpid()).txt").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let status = spawn(bench, ["--explore-child", target], output: output)
    let figures = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: " ")
      .compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard status == 0, figures.count == 5 else {
      report("explore \(target)", "n/a", target: "the child exited \(status)")
      continue
    }
    let (loaded, states, transitions, seconds, peak) = (figures[0], figures[1], figures[2], figures[3], figures[4])
    let name = Int(target).map { "\($0) families" } ?? target
    rates.append(transitions / seconds)
    report(
      "explore \(name), depth 8, --people", "\(Int(states)) states", target: "\(Int(transitions)) transitions")
    report("  transitions per second", format(transitions / seconds, 0), target: "")
    report(
      "  peak memory ÷ the world loaded", format(peak, 0) + " ÷ " + format(loaded, 0) + " MiB",
      target: "≤ 3× (\(format(peak / loaded, 2))×)")
  }
  if rates.count == 2 {
    report("  rate, family-admin ÷ the big world", format(rates[0] / rates[1], 2) + "×", target: "≤ 3×")
  }
}
