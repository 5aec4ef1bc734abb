import Foundation
import Testing
import TribeBoardCore
import TribeBoardMocks
import TribeBoardScenarios

@testable import TribeBoardBrowser
@testable import TribeBoardEngine

/// Simulator commands are values: the page's controls and the control API send them as they are, and text is made
/// only for transcripts (``SimulatorCommand/line``) and read only from what a person typed.
@Suite struct SimulatorCommandTests {
  static let signIn = MockOperation(rawValue: "auth.signIn")!
  static let moment = Date(timeIntervalSince1970: 1_772_712_000)  // 2026-03-05T12:00:00Z

  /// One command of every kind, with the values each can hold.
  static let commands: [SimulatorCommand] = [
    .help, .whereAmI, .quit, .reset, .relaunch, .undo, .act(as: nil), .act(as: "mark"),
    .clock(.by(60)), .clock(.by(5400)), .clock(.by(0.5)), .clock(.by(-7200)), .clock(.to(moment)),
    .clock(.to(moment.addingTimeInterval(-3 * 3600), dateAlone: true)),
    .listFaults, .disarm(nil), .disarm("f2"),
    .arm(.init(operation: signIn, error: .networkTimeout)),
    .arm(.init(operation: signIn, error: .offline, schedule: .next(2), account: "sarah")),
    .arm(.init(operation: signIn, error: .offline, schedule: .call(3))),
    .arm(.init(operation: signIn, error: .offline, schedule: .after(300))),
    .arm(.init(operation: signIn, error: .offline, schedule: .at(moment))),
    .arm(.init(operation: signIn, error: .offline, schedule: .chance(25), account: "mark")),
    .network(online: false, of: nil), .network(online: true, of: "mark"),
    .listLatency, .clearLatency, .latency("data", seconds: 2), .latency("auth.signIn", seconds: 0.25),
    .expect("screen=dashboard role=parentAdmin"), .go(journey: "calendar", step: nil),
    .go(journey: "calendar", step: 2),
    .scenario("new-user"), .save("saved.yaml --force"),
    .api(APICall(method: "POST", path: "/families/johnsons/tasks", bearer: "token-1", body: #"{"title":"Bins"}"#)),
  ]

  /// A command's line reads back as the same command: what a recording keeps replays as what the page sent.
  @Test func everyCommandsLineReadsBackAsTheSameCommand() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "family-admin"))
    await simulator.start()
    #expect(Set(Self.commands.map(\.name)) == Set(SimulatorCommandName.allCases), "every command is tried")
    for command in Self.commands {
      let line = command.line
      #expect(line.hasPrefix(":\(command.name.rawValue)"))
      #expect(simulator.command(from: String(line.dropFirst())) == .success(command), "\(line)")
    }
  }

  /// A command sent as a value does what its line typed does: the same messages, the same screen, and the line is
  /// the step's input (so `:undo` and a recording see it).
  @Test func aCommandSentAsAValueDoesWhatItsLineDoes() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    for command in Self.commands where ![.quit, .save("saved.yaml --force")].contains(command) {
      if case .api = command { continue }
      let sent = Simulator(scenario: scenario)
      let typed = Simulator(scenario: scenario)
      await sent.start()
      await typed.start()
      let bySending = await sent.handle(command)
      let byTyping = await typed.handle(command.line)
      #expect(bySending.input == command.line)
      #expect(bySending.messages == byTyping.messages, "\(command.line)")
      #expect(bySending.snapshot == byTyping.snapshot, "\(command.line)")
      #expect(sent.checkpoint().backend == typed.checkpoint().backend, "\(command.line)")
    }
  }

  /// A command the page sends is judged as its line would be: a fault on an account of no one here, a count out
  /// of bounds, a journey's step that does not exist, the clock past its range.
  @Test func aCommandSentAsAValueIsRefusedAsItsLineWouldBe() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let refused: [SimulatorCommand] = [
      .arm(.init(operation: Self.signIn, error: .offline, account: "nobody")),
      .arm(.init(operation: Self.signIn, error: .offline, schedule: .chance(101))),
      .arm(.init(operation: Self.signIn, error: .offline, schedule: .next(0))),
      .go(journey: "calendar", step: 99), .go(journey: "nowhere", step: nil), .clock(.by(-60)),
      .clock(.by(20 * 365 * 86400)), .latency("nowhere", seconds: 1), .latency("data", seconds: 2 * 86400),
      .network(online: false, of: "nobody"), .act(as: "nobody"),
    ]
    for command in refused {
      let simulator = Simulator(scenario: scenario)
      await simulator.start()
      let step = await simulator.handle(command)
      #expect(step.messages.map(\.kind) == [.problem], "\(command.line): \(step.messages.map(\.text))")
    }
  }

  /// The page sends no `:` line from any control: its buttons and forms name commands by their fields.
  @Test func thePagesControlsSendNoColonLines() async throws {
    let simulation = await LiveSimulation(
      id: "s", scenario: try BundledScenarios.scenario(named: "family-admin"), reference: "family-admin", folder: nil)
    _ = await simulation.handle(":fault data.tasks networkTimeout")
    _ = await simulation.handle(":as mark")
    let page = await BrowserPage.page(simulation, base: "/s/s", folder: nil, position: nil, version: 1)
    #expect(!page.contains("value=\":"), "a control sends a command line")
    #expect(page.contains("name=\"disarm\" value=\"f1\""))
  }
}
