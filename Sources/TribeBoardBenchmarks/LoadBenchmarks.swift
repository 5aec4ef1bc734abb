// Loading figures: a generated world against libyaml's raw event parse of the same bytes, the peak memory of a
// process that loads it, and three inputs whose cost must stay linear in their size (bad references with their
// did-you-mean, one big family, one long journey), each at two sizes.
//
// tribeboard-bench [--world PATH] [--load-families N] [--smoke]
//   --world PATH: load this scenario file instead of a generated world (gen_world.py's shape).
//   --load-families N: the big generated world's size (default 10000; 200 with --smoke).
import CYaml
import Foundation
import TribeBoardScenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the loading benchmarks and prints one line per figure: measure, result, target.
///
/// A process started with `--load-peak PATH` only loads PATH and exits: the parent reads its peak memory.
func runLoadBenchmarks(smoke: Bool, bigFamilies: Int) {
  let arguments = Array(CommandLine.arguments.dropFirst())
  func value(after flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
  }
  if let path = value(after: "--load-peak") {
    let scenario = try? ScenarioLoader.load(contentsOf: URL(fileURLWithPath: path))
    withExtendedLifetime(scenario) { print(ownPeakMemory()) }
    exit(scenario == nil ? 1 : 0)
  }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tribeboard-bench-\(getpid())")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  var worlds: [(name: String, url: URL)] = []
  for families in [10, bigFamilies] {
    let url = folder.appendingPathComponent("world-\(families).yaml")
    try? Data(LoadWorld.text(families: families, steps: 1).utf8).write(to: url)
    worlds.append(("\(families) families", url))
  }
  if let path = value(after: "--world") { worlds.append((path, URL(fileURLWithPath: path))) }

  var baseline: Double?
  for world in worlds {
    guard let data = try? Data(contentsOf: world.url) else {
      loadReport("load \(world.name)", "unreadable", target: "")
      continue
    }
    let megabytes = Double(data.count) / 1_048_576
    let runs = data.count > 8 << 20 ? 5 : (smoke ? 3 : 20)
    var failure: String?
    // Raw parse and load alternate, so that a machine busy with something else slows both alike; the fastest of
    // each is kept.
    var load = Duration.seconds(1_000_000)
    var raw = load
    for _ in 0..<runs {
      raw = min(raw, ContinuousClock().measure { _ = LoadWorld.rawEventCount(data) })
      // The scenario is kept past the measure, as a user keeps it: freeing it is not loading.
      var scenario: Scenario?
      load = min(
        load,
        ContinuousClock().measure {
          do { scenario = try ScenarioLoader.load(contentsOf: world.url) } catch { failure = "\(error)" }
        })
      withExtendedLifetime(scenario) {}
      if failure != nil { break }
    }
    if let failure {
      loadReport("load \(world.name)", "failed", target: String(failure.prefix(200)))
      continue
    }
    loadReport(
      "load \(world.name) (\(String(format: "%.1f", megabytes)) MB)",
      String(format: "%.0f ms, %.2f×", loadMilliseconds(load), loadMilliseconds(load) / loadMilliseconds(raw)),
      target: String(format: "≤ 3× libyaml's raw parse (%.0f ms)", loadMilliseconds(raw)))
    // A small file's peak is the runtime's own (the first world's, shown as the baseline); a big one's is the loader's.
    if world.url == worlds.first?.url {
      baseline = childPeakMemory(loading: world.url)
    } else if data.count >= 1 << 20 || (smoke && world.url == worlds.last?.url),
      let peak = childPeakMemory(loading: world.url)
    {
      loadReport(
        "  peak memory of a process loading it", String(format: "%.0f MiB, %.1f×", peak, peak / megabytes),
        target: "< 8× the file" + (baseline.map { String(format: " (10 families: %.0f MiB)", $0) } ?? ""))
    }
  }

  // The inputs whose cost must stay linear: each at two sizes, so a linear cost shows as a ratio near 2.
  let scale = smoke ? 1 : 8
  linear("did-you-mean", sizes: (500 * scale, 1000 * scale), unit: "bad refs") {
    LoadWorld.badReferences($0)
  }
  linear("one family", sizes: (1250 * scale, 2500 * scale), unit: "members") {
    LoadWorld.bigFamily($0)
  }
  linear("one journey", sizes: (25_000 * scale, 50_000 * scale), unit: "steps") {
    LoadWorld.text(families: 1, steps: $0)
  }
  forgetPeakMemory()
}

/// Times loading the text `make` gives at two sizes, and reports the ratio of the times.
private func linear(_ name: String, sizes: (Int, Int), unit: String, _ make: (Int) -> String) {
  // The two sizes alternate, fastest of 7 each, so that a busy machine slows both alike.
  let texts = [make(sizes.0), make(sizes.1)]
  var times = [Duration.seconds(1_000_000), .seconds(1_000_000)]
  for _ in 0..<7 {
    for (index, text) in texts.enumerated() {
      var scenario: Scenario?
      times[index] = min(
        times[index], ContinuousClock().measure { scenario = try? ScenarioLoader.parse(text, source: "bench.yaml") })
      withExtendedLifetime(scenario) {}
    }
  }
  loadReport(
    "\(name): \(sizes.0) → \(sizes.1) \(unit)",
    String(
      format: "%.0f → %.0f ms, %.2f×", loadMilliseconds(times[0]), loadMilliseconds(times[1]), times[1] / times[0]),
    target: String(format: "≈ %.0f× (linear)", Double(sizes.1) / Double(sizes.0)))
}

private func fastest(_ runs: Int, _ body: () -> Void) -> Duration {
  (0..<max(runs, 1)).map { _ in ContinuousClock().measure(body) }.min() ?? .zero
}

private func loadMilliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

private func loadReport(_ name: String, _ value: String, target: String) {
  print(
    name.padding(toLength: 44, withPad: " ", startingAt: 0) + value.padding(toLength: 24, withPad: " ", startingAt: 0)
      + target)
}

/// Gives the memory these loads freed back to the system and resets this process's peak (Linux), so that the
/// figures measured after them in the same process do not count them.
private func forgetPeakMemory() {
  #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: Trim.self)(0) }
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
  #endif
}

/// The peak resident memory, in MiB, of a child process that loads `url` and exits; `nil` if it could not run.
private func childPeakMemory(loading url: URL) -> Double? {
  let process = Process()
  let output = Pipe()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--load-peak", url.path]
  process.standardOutput = output
  guard (try? process.run()) != nil else { return nil }
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return text.split(separator: "\n").last.flatMap { Double($0) }
}

/// This process's peak resident memory in MiB. On Linux from /proc (`VmHWM`): `getrusage` would count the memory
/// of the parent that spawned this process as well.
private func ownPeakMemory() -> Double {
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
  {
    return kilobytes / 1024
  }
  return peakMemory()
}

/// Generated scenarios for the loading benchmarks.
enum LoadWorld {
  /// gen_world.py's world: `families` families of 4 members, 10 tasks, 5 events, 10 messages and 2 school runs of
  /// 5 pickups; the device's person is the parent admin of the last family; one journey `walk` of `steps` inputs.
  static func text(families n: Int, steps: Int) -> String {
    var out = """
      name: generated
      summary: A generated world for measuring scale.
      now: 2026-03-02T08:00:00Z
      seed: 3
      device: { user: p\(n - 1)a, onboardingCompleted: true, signedIn: true }
      accounts:

      """
    for f in 0..<n {
      for (m, kid) in [("a", false), ("b", false), ("c", true), ("d", true)] {
        out += "  - { id: p\(f)\(m), name: Person \(f) \(m.uppercased()), email: p\(f)\(m)@example.test, "
        out += "providers: [apple]\(kid ? ", child: true" : "") }\n"
      }
    }
    out += "families:\n"
    for f in 0..<n {
      out += "  - id: f\(f)\n    name: The Family \(f)\n    code: \(code(f * 7919 + 13))\n    members:\n"
      out += "      - { account: p\(f)a, role: parentAdmin }\n      - { account: p\(f)b, role: adult }\n"
      out += "      - { account: p\(f)c, role: child }\n      - { account: p\(f)d, role: child }\n    events:\n"
      for e in 0..<5 {
        out += "      - { title: Event \(e), start: 2026-03-\(10 + e)T17:00:00Z, place: Hall \(e), participants: "
        out += "[p\(f)c] }\n"
      }
      out += "    tasks:\n"
      for t in 0..<10 {
        out += "      - { title: Chore \(t), assignee: p\(f)\(t % 2 == 0 ? "c" : "d"), due: "
        out += "2026-03-\(two(3 + t))T19:00:00Z, points: \(t % 5) }\n"
      }
      out += "    messages:\n"
      for k in 0..<10 {
        out += "      - { from: p\(f)\(k % 2 == 0 ? "a" : "b"), at: 2026-03-01T\(two(8 + k)):00:00Z, "
        out += "text: Message number \(k) about the week }\n"
      }
      out += "    schoolRuns:\n"
      for r in 0..<2 {
        out += "      - route: Route \(r)\n        pickups:\n"
        for d in 0..<5 {
          out += "          - { at: 2026-03-\(two(2 + d))T08:00:00Z, passengers: [p\(f)c, p\(f)d]"
          out += (d % 2 == 1 ? ", driver: p\(f)a" : "") + " }\n"
        }
      }
    }
    let cycle = ["calendar", "home", "tasks", "home", "messages", "home", "school run", "home"]
    out += "journeys:\n  walk:\n"
    for i in 0..<steps { out += "    - \(cycle[i % cycle.count])\n" }
    return out
  }

  /// `count` accounts and one family whose `count` members each misspell an account: a did-you-mean each.
  static func badReferences(_ count: Int) -> String {
    var out = header(user: "person-0")
    for i in 0..<count { out += "  - { id: person-\(i), name: P, email: p@example.test, providers: [apple] }\n" }
    out += "families:\n  - { id: f, name: The Family, code: K7QM2X, members: [\n"
    out += "      { account: person-0, role: parentAdmin },\n"
    for i in 1..<count { out += "      { account: persn-\(i), role: adult },\n" }
    return out + "    ] }\n"
  }

  /// One family of `count` members, with a task assigned to each.
  static func bigFamily(_ count: Int) -> String {
    var out = header(user: "person-0")
    for i in 0..<count { out += "  - { id: person-\(i), name: P, email: p@example.test, providers: [apple] }\n" }
    out += "families:\n  - id: f\n    name: The Family\n    code: K7QM2X\n    members:\n"
    out += "      - { account: person-0, role: parentAdmin }\n"
    for i in 1..<count { out += "      - { account: person-\(i), role: adult }\n" }
    out += "    tasks:\n"
    for i in 0..<count { out += "      - { title: Chore, assignee: person-\(i) }\n" }
    return out
  }

  private static func header(user: String) -> String {
    "summary: A benchmark world.\nnow: 2026-03-02T08:00:00Z\ndevice: { user: \(user) }\naccounts:\n"
  }

  static func code(_ number: Int) -> String {
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    var n = number
    var code = ""
    for _ in 0..<6 {
      code.append(alphabet[n % 32])
      n /= 32
    }
    return code
  }

  private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

  /// libyaml's own event parse of `data`, nothing built: the floor for loading. Returns the number of events.
  static func rawEventCount(_ data: Data) -> Int {
    data.withUnsafeBytes { raw -> Int in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return 0 }
      var parser = yaml_parser_t()
      var event = yaml_event_t()
      guard yaml_parser_initialize(&parser) == 1 else { return 0 }
      defer { yaml_parser_delete(&parser) }
      yaml_parser_set_input_string(&parser, base, raw.count)
      var count = 0
      while yaml_parser_parse(&parser, &event) == 1 {
        count += 1
        let done = event.type == YAML_STREAM_END_EVENT
        yaml_event_delete(&event)
        if done { break }
      }
      return count
    }
  }
}
