import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardScenarios
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// `expect` steps: one list of keys, each key passing and failing with its message, values and names checked when
/// the scenario loads, and a failure that names its file, line, journey and step.
@Suite struct ExpectationTests {
  static let yaml = """
    summary: Sarah looks after the chores.
    now: 2026-03-02T08:00:00Z
    device: { user: sarah, signedIn: true, onboardingCompleted: true }
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
      - { id: ben, name: Ben Johnson, email: ben@example.com, providers: [apple], child: true }
      - { id: mia, name: Mia Brown, email: mia@example.com, providers: [apple] }
    families:
      - id: johnsons
        name: The Johnsons
        code: k7qm-2x
        members:
          - { account: sarah, role: parentAdmin }
          - { account: ben, role: child }
        tasks:
          - { title: Put the bins out, assignee: ben, points: 5 }
    journeys:
      chores:
        - expect: { screen: dashboard, sync: upToDate, member: { name: Ben, role: child } }
        - tasks
        - expect: { task: { title: Put the bins out, status: open }, shows: "#1 Put the bins out" }
        - done 1
        - expect: { task: { title: put the bins out, status: done }, member: { name: mia, role: none } }
        - expect: { screen: tasks, hides: Feed the cat }

    """

  func scenario(_ yaml: String = Self.yaml) throws -> Scenario {
    try ScenarioLoader.parse(yaml, source: "x.yaml")
  }

  /// The diagnostics loading `yaml` gives; records an issue if it loads.
  func diagnostics(_ yaml: String) -> [String] {
    do {
      _ = try ScenarioLoader.parse(yaml, source: "x.yaml")
      Issue.record("expected the scenario to fail")
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// The started simulator after `inputs`.
  func simulator(after inputs: [String]) async throws -> Simulator {
    let simulator = Simulator(scenario: try scenario())
    await simulator.start()
    for input in inputs { _ = await simulator.handle(input) }
    return simulator
  }

  // MARK: One list of keys

  @Test func theLoaderAndTheSimulatorReadTheOneListOfKeys() {
    #expect(ScenarioReader.expectSchema.keys == ExpectationKey.allCases.map(\.rawValue))
    for key in ExpectationKey.allCases where !key.fields.isEmpty {
      #expect(ScenarioReader.expectFieldSchemas.first { $0.key == key }?.schema.keys == key.fields.map(\.name))
    }
    let help = SimulatorCommandName.expect.summary
    for key in ExpectationKey.allCases { #expect(help.contains(key.usage), "\(key) is missing from :help") }
  }

  @Test func aYAMLExpectationBecomesTheLineTheREPLTakes() throws {
    let journey = try #require(try scenario().journey(named: "chores"))
    #expect(
      journey.steps == [
        ":expect screen=dashboard sync=upToDate member.name=Ben member.role=child", "tasks",
        ##":expect task.title="Put the bins out" task.status=open shows="#1 Put the bins out""##, "done 1",
        #":expect task.title="put the bins out" task.status=done member.name=mia member.role=none"#,
        #":expect screen=tasks hides="Feed the cat""#,
      ])
    #expect(journey.locations.map(\.description) == ["19:7", "20:7", "21:7", "22:7", "23:7", "24:7"])
    let parsed = StepExpectation.parse(String(journey.steps[4].dropFirst(":expect ".count)))
    #expect(
      parsed
        == .success(
          StepExpectation(checks: [
            .task(title: "put the bins out", status: .done, assignee: nil), .member(name: "mia", role: .some(nil)),
          ])))
  }

  // MARK: Each key passes and fails

  struct Case: Sendable, CustomStringConvertible {
    var inputs: [String]
    var passing: String
    var failing: String
    var message: String
    var description: String { failing }
  }

  static let cases: [Case] = [
    Case(
      inputs: [], passing: "screen=dashboard", failing: "screen=tasks", message: "screen is dashboard, expected tasks"),
    Case(
      inputs: [":offline", "tasks"], passing: "error=offline", failing: "error=none",
      message: "error is offline, expected none"),
    Case(inputs: [], passing: "error=none", failing: "error=offline", message: "error is none, expected offline"),
    Case(
      inputs: [], passing: "role=parentAdmin", failing: "role=child", message: "role is parentAdmin, expected child"),
    Case(inputs: [], passing: "user=sarah", failing: "user=none", message: "user is sarah, expected none"),
    Case(
      inputs: [], passing: #"family="The Johnsons""#, failing: "family=none",
      message: "family is The Johnsons, expected none"),
    // Names compare as the loader checks them: case and runs of spaces aside.
    Case(
      inputs: [], passing: #"family="the  JOHNSONS" task.title="put the  bins OUT""#, failing: "family=none",
      message: "family is The Johnsons, expected none"),
    Case(
      inputs: ["tasks", "done 1"], passing: #"notice="“Put the bins out” done: +5 points.""#, failing: "notice=none",
      message: "notice is “Put the bins out” done: +5 points., expected none"),
    Case(
      inputs: ["tasks"], passing: #"shows="Put the bins out · Ben""#, failing: #"shows="Feed the cat""#,
      message: "“Feed the cat” is not on the tasks screen, expected shown"),
    Case(
      inputs: ["tasks"], passing: #"hides="Feed the cat""#, failing: "hides=Points",
      message: "“Points” is on the tasks screen, expected hidden"),
    Case(
      inputs: [], passing: "sync=upToDate", failing: "sync=offline", message: "sync is upToDate, expected offline"),
    Case(
      inputs: ["tasks"], passing: "screen=tasks", failing: "sync=upToDate",
      message: "sync is shown on the dashboard, and this is tasks; open the dashboard first"),
    Case(
      inputs: [], passing: #"task.title="Put the bins out" task.status=open task.assignee=ben"#,
      failing: #"task.title="Put the bins out" task.status=done task.assignee=none"#,
      message: "task “Put the bins out” is open, expected done; task “Put the bins out” is assigned to ben, "
        + "expected none"),
    Case(
      inputs: [], passing: #"task.title="Put the bins out""#, failing: #"task.title="Put the bin out""#,
      message: "there is no task “Put the bin out” in The Johnsons (did you mean Put the bins out?)"),
    Case(
      inputs: [], passing: "member.name=Ben member.role=child",
      failing: #"member.name="Ben Johnson" member.role=adult"#,
      message: "Ben is child in The Johnsons, expected adult"),
    Case(
      inputs: [], passing: "member.name=mia member.role=none", failing: "member.name=mia",
      message: "Mia is not a member of The Johnsons, expected a member"),
    Case(
      inputs: [], passing: "member.name=ben", failing: "member.name=sarah member.role=none",
      message: "Sarah is parentAdmin in The Johnsons, expected not a member"),
  ]

  @Test(arguments: cases)
  func eachKeyPassesAndFails(_ example: Case) async throws {
    let simulator = try await simulator(after: example.inputs)
    let passed = await simulator.handle(":expect \(example.passing)")
    #expect(passed.failedExpectation == nil, "\(passed.messages)")
    #expect(passed.messages.map(\.text) == ["✓ as expected: \(example.passing)"])
    let failed = await simulator.handle(":expect \(example.failing)")
    #expect(failed.failedExpectation == example.message)
    #expect(failed.messages.map(\.text) == ["✗ expectation failed: \(example.message)"])
  }

  @Test func typedChecksRunInProcess() async throws {
    let simulator = try await simulator(after: ["tasks"])
    let checks: [StepExpectation.Check] = [
      .screen(.tasks), .task(title: "Put the bins out", status: .done, assignee: nil), .member(name: "ben", role: nil),
    ]
    #expect(
      await simulator.mismatches(StepExpectation(checks: checks)) == [
        "task “Put the bins out” is open, expected done"
      ])
    #expect(simulator.stateMismatch(.screen(.tasks)) == nil)
    #expect(simulator.stateMismatch(.hides("Points")) == "“Points” is on the tasks screen, expected hidden")
  }

  @Test func worldFactsNeedAFamilyToLookIn() async throws {
    let simulator = try await simulator(after: ["settings", "sign out"])
    let step = await simulator.handle(":expect member.name=ben")
    #expect(step.failedExpectation == "member ben: sarah is in no family, so there is none to look in")
  }

  @Test func aMistypedREPLExpectationSaysWhatIsWrong() async throws {
    let simulator = try await simulator(after: [])
    let typo = await simulator.handle(":expect scren=dashboard task.status=done")
    #expect(
      typo.failedExpectation
        == "unknown key 'scren' in 'expect' (did you mean 'screen'?); task.status needs task.title beside it: "
        + "the task's title (task.title=TITLE [task.status=open|done] [task.assignee=ACCOUNT|none])")
    #expect(typo.messages.first?.text.hasPrefix("? unknown key 'scren'") == true)
    #expect(typo.messages.first?.text.hasSuffix("Usage: :expect KEY=VALUE …") == true)
    let value = await simulator.handle(":expect sync=uptodate task=bins")
    #expect(
      value.failedExpectation
        == "sync 'uptodate' is not one of idle, upToDate, syncing, offline, failed (did you mean 'upToDate'?); "
        + "'task' is checked by its fields: task.title=TITLE [task.status=open|done] [task.assignee=ACCOUNT|none]")
    let unclosed = await simulator.handle(#":expect shows="Put the"#)
    #expect(unclosed.failedExpectation == #"write key=value pairs, with "…" around a value with spaces"#)
  }

  @Test func showsAndHidesTakeAList() throws {
    let yaml = Self.yaml.replacingOccurrences(
      of: "hides: Feed the cat }", with: "shows: [Tasks, \"Ben: 5\"], hides: [Feed the cat, Weekly shop] }")
    let journey = try #require(try scenario(yaml).journey(named: "chores"))
    #expect(
      journey.steps.last
        == #":expect screen=tasks shows=Tasks shows="Ben: 5" hides="Feed the cat" hides="Weekly shop""#)
    #expect(
      diagnostics(Self.yaml.replacingOccurrences(of: "hides: Feed the cat }", with: "hides: [], notice: [Done] }"))
        == [
          "x.yaml:24:39: error: 'hides' needs at least one text to look for",
          "x.yaml:24:51: error: 'notice' must be text, found a list",
        ])
  }

  @Test func aFieldWrittenAgainStartsAnotherCheck() {
    let parsed = StepExpectation.parse("task.title=A task.status=done task.title=B member.name=ben")
    #expect(
      parsed
        == .success(
          StepExpectation(checks: [
            .task(title: "A", status: .done, assignee: nil), .task(title: "B", status: nil, assignee: nil),
            .member(name: "ben", role: nil),
          ])))
  }

  // MARK: A failure names its place

  @Test func aFailedExpectationNamesFileLineJourneyAndStep() async throws {
    let yaml = Self.yaml.replacingOccurrences(of: "status: done }", with: "status: open }")
    let scenario = try scenario(yaml)
    let journey = try #require(scenario.journey(named: "chores"))
    let (_, failures) = await Transcript.run(scenario, journey: journey, inputs: journey.steps, file: scenario.source)
    #expect(
      failures.map(\.description) == [
        "x.yaml:23:7: journey chores, step 5: task “Put the bins out” is done, expected open"
      ])
  }

  @Test func checkReportsTheFailedStepWithItsPlace() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = "\(folder)/chores.yaml"
    try Self.yaml.replacingOccurrences(of: "role: child } }", with: "role: adult } }")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let cases = try TranscriptChecker.cases(in: [file])
    let outcome = await TranscriptChecker.check(try #require(cases.first), update: true)
    #expect(
      outcome
        == .failedExpectations(
          ["\(file):19:7: journey chores, step 1: Ben is child in The Johnsons, expected adult"], written: true))
    // A recorded transcript has no place in the scenario file: its step is named with its input.
    let recorded = "\(folder)/chores/demo.transcript"
    let scenario = try #require(cases.first).scenario
    try await Transcript.run(scenario, inputs: [":expect screen=tasks"]).text
      .write(toFile: recorded, atomically: true, encoding: .utf8)
    let demo = try #require(try TranscriptChecker.cases(in: [recorded]).first)
    #expect(
      await TranscriptChecker.check(demo, update: false)
        == .failedExpectations(["\(recorded): step 1 (:expect screen=tasks): screen is dashboard, expected tasks"]))
  }

  // MARK: Checked when the scenario loads

  @Test func valuesAndNamesAreCheckedAtLoadWithTheirPlaces() {
    let yaml = Self.yaml.replacingOccurrences(
      of: "    - expect: { screen: tasks, hides: Feed the cat }\n",
      with: """
            - expect: { screen: dashbord, sync: uptodate, user: sara }
            - expect: { task: { title: Put the bin out, status: finished }, member: { name: Benn, role: kid } }
            - expect: { task: { status: done }, member: Ben, shows: "", colour: 2 }
            - :expect screen=tsks task.status=done family="The Smiths"
            - :expect shows="Put the
            - expect: { task: { title: Feed the cat } }
            - add task
            - title Feed the cat
            - expect: { task: { title: Feed the cat, assignee: mia } }

        """)
    let screens = ScreenID.allCases.map(\.rawValue).joined(separator: ", ")
    #expect(
      diagnostics(yaml) == [
        "x.yaml:24:25: error: screen 'dashbord' is not one of \(screens) (did you mean 'dashboard'?)",
        "x.yaml:24:41: error: sync 'uptodate' is not one of idle, upToDate, syncing, offline, failed "
          + "(did you mean 'upToDate'?)",
        "x.yaml:24:57: error: unknown account 'sara' in 'user' (did you mean 'sarah'?); accounts are: sarah, ben, mia",
        "x.yaml:25:32: error: no task 'Put the bin out' in the scenario's world, and no earlier step of this journey "
          + "writes it (did you mean 'Put the bins out'?)",
        "x.yaml:25:57: error: task.status 'finished' is not one of open, done",
        "x.yaml:25:85: error: nobody called 'Benn' in this scenario (did you mean 'Ben'?); name an account by id, "
          + "first name or full name: sarah, ben, mia",
        "x.yaml:25:97: error: member.role 'kid' is not one of parentAdmin, adult, child, visitor, none",
        "x.yaml:26:23: error: missing key 'title' in 'task' (the task's title)",
        "x.yaml:26:49: error: 'member' must be a mapping with the keys name, role, unread; found 'Ben'",
        "x.yaml:26:61: error: 'shows' must not be empty",
        "x.yaml:26:65: error: unknown key 'colour' in 'expect'; the keys here are "
          + ExpectationKey.allCases.map(\.rawValue).joined(separator: ", "),
        "x.yaml:27:7: error: screen 'tsks' is not one of \(screens) (did you mean 'tasks'?)",
        "x.yaml:27:7: error: task.status needs task.title beside it: the task's title "
          + "(task.title=TITLE [task.status=open|done] [task.assignee=ACCOUNT|none])",
        "x.yaml:27:7: error: no family 'The Smiths' in the scenario's world, and no earlier step of this journey "
          + "writes it",
        #"x.yaml:28:7: error: this :expect step is not key=value pairs; put "…" around a value with spaces, or "#
          + "write expect: { key: value, … }",
        "x.yaml:29:32: error: no task 'Feed the cat' in the scenario's world, and no earlier step of this journey "
          + "writes it",
      ])
  }
}
