import ArgumentParser
import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

extension Tribeboard {
  struct Explore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "explore",
      abstract: "Walk every input from every reachable state of a scenario, checking the app's invariants.",
      discussion: """
        A breadth-first walk: at each state it tries every action the screen offers (with sample values for \
        those that take one) and :relaunch, deduplicating states. It reports the screens reached with the \
        shortest inputs that reach them, the screens never reached, dead ends (screens with nothing to do), and \
        each broken invariant with the shortest inputs that break it: no family screen without a session; \
        nothing beyond the role's permissions, and no choice offered that the role can't make; nothing for a \
        visitor after expiry; a step's notes, notice and error come from that step; no session or token after \
        signing out; no two families with one code; no change queued twice; no waiting change lost (it is \
        sent, still waiting, or refused with a note); every way forward an error names is on its screen and \
        leads somewhere (it is not refused, and does not end where nothing can be done); replaying the inputs \
        to each screen from the start shows the same text. Prints the states, transitions and the rate. Exit 1 \
        on a violation.
        """)

    @Argument(help: ArgumentHelp("A built-in scenario name or a path to a YAML file.", valueName: "name-or-path"))
    var scenario: String

    @Option(help: "How many inputs deep to walk.")
    var depth = 6

    @Option(
      help: "Start as the first member holding this role: \(Role.allCases.map(\.rawValue).joined(separator: ", ")).")
    var role: Role?

    @Flag(help: "Also take the phone offline and back, and move the clock a week.")
    var faults = false

    @Option(help: "Stop after this many distinct states.")
    var maxStates = 20_000

    @Option(
      help: ArgumentHelp(
        "Also try every input with data calls this slow (\(DurationText.help)).",
        discussion: """
          Adds ':latency data DURATION' (and ':latency data 0s' once set) to the inputs of every state, so each \
          input is also tried slow. With --faults, while calls are slow, the clock jumps to a second before each \
          deadline ahead (a visit's end, an access token's, a code's, a sign-in lock's), so a slow call crosses it.
          """,
        valueName: "duration"))
    var latency: String?

    @Flag(
      help: ArgumentHelp(
        "Also let a second person act: ':as' one member of each role, and one account without a family.",
        discussion: "People of one role see and may do the same, so one of each stands for the rest."))
    var people = false

    @Flag(
      help: ArgumentHelp(
        "Also let another person's client call the services' HTTP API meanwhile (with --people, a second writer).",
        discussion: """
          With the session another open phone holds, ':api' adds a task to the acting person's family and, while \
          changes wait on the acting phone, sends a change of its own under each one's id (ids that collide, since \
          each phone numbers its own changes). Every invariant is checked after each call, as after any step.
          """))
    var api = false

    @Option(
      name: [.customShort("j", allowingJoined: true), .long],
      help: ArgumentHelp(
        "Walk with this many simulations at once (default: one a processor, at most 8; here \(Explorer.Options.defaultWorkers)).",
        discussion: "The states at each depth are shared among them; the report is the same for any number.",
        valueName: "n"))
    var jobs: Int?

    @Option(
      help: ArgumentHelp(
        "Write the shortest inputs to each screen reached as journeys, in a copy of the scenario in DIR.",
        discussion: """
          DIR/NAME.yaml is the scenario with its journeys replaced by one per screen reached \
          (reach-calendar, reach-event-detail, …), each ending in an expectation of the screen. Record their \
          transcripts with 'tribeboard check DIR/NAME.yaml --update'; then 'tribeboard check DIR' replays them.
          """,
        valueName: "dir"))
    var emitJourneys: String?

    func validate() throws {
      guard (1...50).contains(depth) else { throw ValidationError("--depth is 1 to 50, not \(depth).") }
      guard maxStates > 0 else { throw ValidationError("--max-states must be at least 1.") }
      if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs is 1 to 64, not \(jobs).") }
      if let latency, (DurationText.seconds(latency) ?? 0) < 1 {
        throw ValidationError("--latency takes a duration of at least a second, \(DurationText.help); not \(latency).")
      }
      if let emitJourneys {
        guard !emitJourneys.isEmpty else { throw ValidationError("--emit-journeys needs a folder, such as generated.") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: emitJourneys, isDirectory: &isDirectory), !isDirectory.boolValue {
          throw ValidationError("--emit-journeys \(emitJourneys) is a file; give a folder (it is made if missing).")
        }
        var ancestor = URL(fileURLWithPath: emitJourneys).deletingLastPathComponent()
        while ancestor.path != "/", !FileManager.default.fileExists(atPath: ancestor.path) {
          ancestor.deleteLastPathComponent()
        }
        if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory), !isDirectory.boolValue {
          throw ValidationError("--emit-journeys \(emitJourneys) is inside \(ancestor.path), which is a file.")
        }
      }
    }

    func run() async throws {
      let loaded = try loadScenario(scenario)
      if let emitJourneys { _ = try journeysPath(of: loaded, in: emitJourneys) }
      let explorer = Explorer(
        scenario: loaded,
        options: .init(
          depth: depth, role: role, faults: faults, maximumStates: maxStates,
          latency: latency.flatMap(DurationText.seconds), people: people, api: api,
          workers: jobs ?? Explorer.Options.defaultWorkers))
      let report = await explorer.run()
      let written = try emitJourneys.map { try write(Explorer.journeys(report), of: loaded, in: $0) }
      let rate = report.seconds > 0 ? Double(report.transitions) / report.seconds : 0
      try emit(
        "Explored \(loaded.name) to depth \(depth)\(role.map { " as \($0.rawValue)" } ?? ""): \(report.states) states, "
          + "\(report.transitions) transitions in \(String(format: "%.2f", report.seconds)) s "
          + "(\(Int(rate)) transitions/s)\(api ? ", \(report.apiCalls) of them API calls" : "")"
          + "\(report.truncated ? "; stopped at --max-states" : "")")
      try emit("\nScreens reached, with the shortest inputs:")
      for screen in ScreenID.allCases {
        guard let inputs = report.reached[screen] else { continue }
        let path = inputs.isEmpty ? "(at launch)" : inputs.joined(separator: " › ")
        try emit("  \(screen.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0)) \(path)")
      }
      let never = report.neverReached.map(\.rawValue)
      try emit("\nNever reached: \(never.isEmpty ? "none" : never.joined(separator: ", "))")
      let deadEnds = report.deadEnds.map { "\($0.screen.rawValue) after \($0.inputs.joined(separator: " › "))" }
      try emit("Dead ends: \(deadEnds.isEmpty ? "none" : deadEnds.joined(separator: "; "))")
      if report.violations.isEmpty {
        try emit("Invariants: all held.")
      } else {
        try emit("\nInvariants broken:")
        for violation in report.violations {
          try emit("  ✗ \(violation.invariant)\n    after: \(violation.inputs.joined(separator: " › "))")
        }
      }
      if let written {
        try emit(
          "\nWrote \(report.reached.count) journeys to \(written); record their transcripts with: "
            + "tribeboard check \(written) --update")
      }
      if !report.violations.isEmpty { throw ExitCode.failure }
    }

    /// Where the journeys of `scenario` go in `folder`: DIR/NAME.yaml, which must not be the scenario's own file.
    private func journeysPath(of scenario: Scenario, in folder: String) throws -> String {
      let path = (folder.hasSuffix("/") ? folder : folder + "/") + "\(scenario.name).yaml"
      let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
      if !scenario.source.hasPrefix("built-in:"),
        URL(fileURLWithPath: scenario.source).resolvingSymlinksInPath().standardizedFileURL.path == target
      {
        throw usageError(
          "--emit-journeys \(folder) would replace \(scenario.source) itself, journeys and all; "
            + "give another folder.")
      }
      return path
    }

    /// Writes `journeys` into a copy of `scenario` at DIR/NAME.yaml, atomically; returns its path.
    private func write(_ journeys: [Journey], of scenario: Scenario, in folder: String) throws -> String {
      let builtIn = "built-in:"
      let text: String
      if scenario.source.hasPrefix(builtIn) {
        text = BundledScenarios.text(named: String(scenario.source.dropFirst(builtIn.count))) ?? ""
      } else {
        guard let data = FileManager.default.contents(atPath: scenario.source),
          let read = String(data: data, encoding: .utf8)
        else {
          throw usageError("Can't read \(scenario.source) again to copy it with the journeys.")
        }
        text = read
      }
      let yaml: String
      do {
        yaml = try JourneyWriter.scenario(text, source: scenario.source, replacingJourneysWith: journeys)
      } catch {
        printError(error.description)
        throw badScenarioExit
      }
      let path = try journeysPath(of: scenario, in: folder)
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw usageError("Can't make the folder \(folder) for the journeys: \(error.localizedDescription)")
      }
      do {
        try AtomicFile.write(Data(yaml.utf8), to: path)
      } catch {
        throw usageError("Can't write the journeys to \(path): \(error).")
      }
      return path
    }
  }
}
