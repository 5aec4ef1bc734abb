import ArgumentParser
import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardSimulator

extension Tribeboard {
  struct Explore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      // Named here, not derived from the type's name: deriving it costs a reflection of the type at every start.
      commandName: "explore",
      abstract: "Walk every input from every reachable state of a scenario, checking the app's invariants.",
      discussion: """
        A breadth-first walk: at each state it tries every action the screen offers (with sample values for
        those that take one) and :relaunch, deduplicating states. It reports the screens reached with the
        shortest inputs that reach them, the screens never reached, dead ends (screens with nothing to do), and
        each broken invariant with the shortest inputs that break it: no family screen without a session,
        nothing beyond the role's permissions, nothing for a visitor after expiry, no session or token after
        signing out, no two families with one code, no change queued twice, no way forward named that the
        screen lacks. Exit 1 on a violation.
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

    func validate() throws {
      guard (1...50).contains(depth) else { throw ValidationError("--depth is 1 to 50, not \(depth).") }
      guard maxStates > 0 else { throw ValidationError("--max-states must be at least 1.") }
    }

    func run() async throws {
      let loaded = try loadScenario(scenario)
      let explorer = Explorer(
        scenario: loaded, options: .init(depth: depth, role: role, faults: faults, maximumStates: maxStates))
      let report = await explorer.run()
      let rate = report.seconds > 0 ? Double(report.transitions) / report.seconds : 0
      try emit(
        "Explored \(loaded.name) to depth \(depth)\(role.map { " as \($0.rawValue)" } ?? ""): \(report.states) states, "
          + "\(report.transitions) transitions in \(String(format: "%.2f", report.seconds)) s "
          + "(\(Int(rate)) transitions/s)\(report.truncated ? "; stopped at --max-states" : "")")
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
      guard report.violations.isEmpty else {
        try emit("\nInvariants broken:")
        for violation in report.violations {
          try emit("  ✗ \(violation.invariant)\n    after: \(violation.inputs.joined(separator: " › "))")
        }
        throw ExitCode.failure
      }
      try emit("Invariants: all held.")
    }
  }
}
