import Foundation
import Testing
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// `tribeboard lint`: each semantic check finds its planted error at its line and column, and stays quiet on a
/// clean scenario and on the bundled ones.
@Suite struct LintTests {
  /// A clean scenario; each test plants one error in it. Line numbers are given in the comments of each test.
  static func scenario(
    accounts: [String] = [], members: [String] = [], faults: [String] = [],
    steps: [String] = ["sign in apple", "expect: { screen: dashboard }", "tasks"]
  ) -> String {
    var lines = [
      "summary: Lint's planted errors.",  // 1
      "now: 2026-03-02T08:00:00Z",  // 2
      "device: { user: sarah, onboardingCompleted: true }",  // 3
      "accounts:",  // 4
      "  - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }",  // 5
    ]
    lines += accounts.map { "  - \($0)" }
    lines += [
      "families:",
      "  - id: johnsons",
      "    name: The Johnsons",
      "    code: K7QM2X",
      "    members:",
      "      - { account: sarah, role: parentAdmin }",
    ]
    lines += members.map { "      - \($0)" }
    if !faults.isEmpty { lines += ["faults:"] + faults.map { "  - \($0)" } }
    lines += ["journeys:", "  week:"] + steps.map { "    - \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }

  static func lint(_ text: String) async throws -> [String] {
    let loaded = try ScenarioLoader.parseWithSourceMap(text, source: "planted.yaml")
    return await ScenarioLint(scenario: loaded.scenario, sourceMap: loaded.sourceMap).run().map(\.description)
  }

  @Test func aCleanScenarioHasNoFindings() async throws {
    #expect(try await Self.lint(Self.scenario()) == [])
  }

  @Test func theBundledScenariosHaveNoFindings() async throws {
    for name in BundledScenarios.names {
      let loaded = try ScenarioCatalog.resolveWithSourceMap(name)
      let findings = await ScenarioLint(scenario: loaded.scenario, sourceMap: loaded.sourceMap).run()
      #expect(findings.isEmpty, "\(name): \(findings)")
    }
  }

  // MARK: Journey inputs not valid at their step

  @Test func aMistypedInputIsFoundAtItsStepWithTheClosestAction() async throws {
    // Line 12 is `journeys:`, 13 `week:`, 14 the first step.
    let meant = try await Self.lint(
      Self.scenario(steps: ["sign in apple", "frobnicate", "expect: { screen: dashboard }"]))
    #expect(meant.isEmpty, "input close to no action, followed by an expectation of the same screen, is meant")
    let typo = try await Self.lint(
      Self.scenario(steps: ["sign in apple", "messages", "snd Hi", "expect: { screen: messages }"]))
    #expect(
      typo == [
        "planted.yaml:16:7: warning: journey 'week' step 3: “snd Hi” is not an action the messages screen offers "
          + "here (did you mean 'send Hi'?)"
      ], "input close to an action is a mistake, whatever follows")
    let mistaken = try await Self.lint(Self.scenario(steps: ["sgin in apple", "tasks", "sign in apple"]))
    #expect(
      mistaken == [
        "planted.yaml:14:7: warning: journey 'week' step 1: “sgin in apple” is not an action the signIn screen offers "
          + "here (did you mean 'sign in apple'?)",
        "planted.yaml:15:7: warning: journey 'week' step 2: “tasks” is not an action the signIn screen offers here",
      ])
    let number = try await Self.lint(Self.scenario(steps: ["1 now", "sign in apple"]))
    #expect(
      number == [
        "planted.yaml:14:7: warning: journey 'week' step 1: “1 now” is not an action the signIn screen offers here "
          + "(Action 1 (Sign in with Apple) takes no value; type 1 alone.)"
      ], "the app's own reason, when it says more")
  }

  @Test func anArgumentKeepsItsValueInTheSuggestion() async throws {
    let findings = try await Self.lint(Self.scenario(steps: ["sign in apple", "messages", "snd Hello all"]))
    #expect(findings.count == 1)
    #expect(findings.first?.hasPrefix("planted.yaml:16:7: warning: journey 'week' step 3: “snd Hello all”") == true)
    #expect(findings.first?.hasSuffix("(did you mean 'send Hello all'?)") == true, "\(findings)")
  }

  @Test func anInputFollowedByAnExpectedErrorIsMeant() async throws {
    let findings = try await Self.lint(
      Self.scenario(steps: ["sign in apple", "tasks", "frobnicate", "expect: { error: permissionDenied }"]))
    #expect(findings.isEmpty, "\(findings)")
  }

  @Test func aSimulatorCommandTheSimulatorRefusedIsFound() async throws {
    let findings = try await Self.lint(Self.scenario(steps: ["sign in apple", ":as nobody", ":clock tomorrow"]))
    #expect(findings.count == 2)
    #expect(
      findings.first
        == "planted.yaml:15:7: warning: journey 'week' step 2: the simulator refused “:as nobody”: Nobody called "
        + "“nobody” here. People: sarah")
    #expect(
      findings.last?.hasPrefix("planted.yaml:16:7: warning: journey 'week' step 3: the simulator refused") == true)
  }

  // MARK: Faults nothing can trigger

  @Test func aFaultOnAVerificationCodeNobodyHasIsFoundAtItsOperation() async throws {
    // Line 12 is `faults:`, 13 the fault.
    let findings = try await Self.lint(
      Self.scenario(faults: ["{ service: auth, operation: verify, error: networkTimeout }"]))
    #expect(
      findings == [
        "planted.yaml:13:33: warning: nothing can trigger the fault auth.verify → networkTimeout: auth.verify is only "
          + "called for an account with a verification code, and no account has an mfaCode"
      ])
  }

  @Test func aFaultAfterTheClocksReachIsFoundAtItsTime() async throws {
    let findings = try await Self.lint(
      Self.scenario(faults: [
        "{ service: data, operation: tasks, error: networkTimeout, after: 2040-01-01T00:00:00Z }"
      ]))
    #expect(findings.count == 1)
    #expect(
      findings.first?.hasPrefix("planted.yaml:13:70: warning: nothing can trigger the fault data.tasks") == true,
      "\(findings)")
    #expect(findings.first?.contains("within ten years") == true, "\(findings)")
  }

  @Test func aFaultThatALaterOneAlwaysBeatsIsFound() async throws {
    let findings = try await Self.lint(
      Self.scenario(faults: [
        "{ service: data, operation: tasks, error: notFound, times: 1 }",
        "{ service: data, operation: tasks, error: networkTimeout }",
      ]))
    #expect(
      findings == [
        "planted.yaml:13:5: warning: nothing can trigger the fault data.tasks → notFound: the fault at 14:5, armed "
          + "after it, fires on every call it matches, and the fault armed last wins"
      ])
  }

  @Test func aFaultNoJourneyTriggersIsFound() async throws {
    let findings = try await Self.lint(
      Self.scenario(faults: [
        "{ service: data, operation: tasks, error: networkTimeout, times: 1 }",
        "{ service: data, operation: addEvent, error: networkTimeout, times: 1 }",
      ]))
    #expect(
      findings == [
        "planted.yaml:14:5: warning: no journey triggers the fault data.addEvent → networkTimeout: it never fires "
          + "while they run (no matching call, or none when its schedule says); add a journey that does, or remove "
          + "the fault"
      ])
  }

  @Test func aFaultWhoseScheduleNeverComesInTheJourneysIsFound() async throws {
    // The journey opens the tasks once: the fault for the ninth call never fires.
    let findings = try await Self.lint(
      Self.scenario(faults: ["{ service: data, operation: tasks, error: networkTimeout, call: 9 }"]))
    #expect(findings.count == 1)
    #expect(
      findings.first?.hasPrefix(
        "planted.yaml:13:5: warning: no journey triggers the fault data.tasks → networkTimeout") == true,
      "\(findings)")
  }

  @Test func aFaultArmedByAJourneyIsNotTheScenarios() async throws {
    let findings = try await Self.lint(
      Self.scenario(steps: [":fault data.addEvent networkTimeout", "sign in apple", "tasks"]))
    #expect(findings.isEmpty, "\(findings)")
  }

  // MARK: Accounts never used

  @Test func anAccountNothingUsesIsFoundAtItsID() async throws {
    let findings = try await Self.lint(
      Self.scenario(
        accounts: [
          "{ id: rose, name: Rose Patel, email: rose@example.com, providers: [google] }",
          "{ id: tom, name: Tom Patel, email: tom@example.com, providers: [google] }",
        ], steps: ["sign in apple", ":as tom", "expect: { user: tom }"]))
    #expect(
      findings == [
        "planted.yaml:6:11: warning: account 'rose' is never used: it is not the device's user, not a member of a "
          + "family, and no journey acts as them (:as rose); use it or remove it"
      ])
  }

  @Test func anAccountNamedInAJourneysFaultIsUsed() async throws {
    let findings = try await Self.lint(
      Self.scenario(
        accounts: ["{ id: rose, name: Rose Patel, email: rose@example.com, providers: [google] }"],
        steps: [":fault data.tasks networkTimeout on rose", "sign in apple"]))
    #expect(findings.allSatisfy { !$0.contains("account 'rose'") }, "\(findings)")
  }

  // MARK: Roles that never reach the dashboard

  @Test func aVisitorWhoseAccessEndedBeforeTheStartIsFoundAtExpires() async throws {
    // Line 13 is the visitor's member line.
    let findings = try await Self.lint(
      Self.scenario(
        accounts: ["{ id: rose, name: Rose Patel, email: rose@example.com, providers: [google] }"],
        members: ["{ account: rose, role: visitor, expires: 2026-03-01T18:00:00Z }"]))
    #expect(findings.count == 1)
    #expect(
      findings.first?.hasPrefix(
        "planted.yaml:13:50: warning: visitor 'rose' of 'johnsons' never reaches the dashboard: their access ends")
        == true, "\(findings)")
  }

  @Test func aMemberJourneysActAsWhoNeverReachesTheDashboardIsFoundAtTheRole() async throws {
    let findings = try await Self.lint(
      Self.scenario(
        faults: ["{ service: auth, operation: signIn, error: invalidCredentials }"],
        steps: ["sign in apple", "expect: { error: invalidCredentials }"]))
    #expect(
      findings == [
        "planted.yaml:11:33: warning: role parentAdmin of 'sarah' in 'johnsons' never reaches the dashboard: "
          + "journeys act as 'sarah', but none of their steps shows it"
      ])
  }
}

/// The `lint` and `schema` subcommands of the built binary: their output and exit codes.
@Suite struct LintCommandTests {
  /// Linting every built-in scenario in a debug build takes a while: a longer deadline than other commands'.
  static func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> ChildProcess.Result
  {
    try ChildProcess.tribeboard(arguments, timeout: 120, sourceLocation: sourceLocation)
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-lint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func theBundledScenariosLintCleanWithExit0() throws {
    let result = try Self.run(["lint", ScenarioSchemaTests.root.appendingPathComponent("Scenarios").path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix("\(BundledScenarios.names.count) scenarios: no warnings\n"), "\(result.stdout)")
    let builtIn = try Self.run(["lint", "family-admin"])
    #expect(builtIn.status == 0 && builtIn.stdout == "1 scenario: no warnings\n", "\(builtIn.stdout)")
  }

  @Test func findingsPrintTheirPlaceAndExit1() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("planted.yaml")
    try LintTests.scenario(steps: ["sgin in apple", "sign in apple"]).write(to: file, atomically: true, encoding: .utf8)
    let result = try Self.run(["lint", folder.path])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.hasPrefix("\(file.path):14:7: warning: journey 'week' step 1: “sgin in apple”"), "\(result.stdout)")
    #expect(result.stdout.contains("(did you mean 'sign in apple'?)\n1 scenario: 1 warning\n"), "\(result.stdout)")
  }

  @Test func aScenarioThatDoesNotLoadExits65WithTheLoadersErrors() throws {
    let broken = ScenarioSchemaTests.brokenFolder.appendingPathComponent("unknown-role.yaml").path
    let result = try Self.run(["lint", broken, "new-user"])
    #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasPrefix("\(broken):12:33: error: role 'admin' is not one of"), "\(result.stdout)")
    #expect(result.stdout.hasSuffix("2 scenarios: no warnings, 1 could not be loaded\n"), "\(result.stdout)")
    let missing = try Self.run(["lint", "no/such/scenario.yaml"])
    #expect(missing.status == 65, "\(missing.stdout)\(missing.stderr)")
    #expect(missing.stdout.hasPrefix("no/such/scenario.yaml: error: no such file"), "\(missing.stdout)")
    let unknown = try Self.run(["lint", "nwe-user"])
    #expect(unknown.status == 65, "\(unknown.stdout)\(unknown.stderr)")
    #expect(
      unknown.stdout.hasPrefix("nwe-user: error: unknown built-in scenario 'nwe-user' (did you mean 'new-user'?)"))
  }

  @Test func badUsageExits64() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = try Self.run(["lint", folder.path])
    #expect(empty.status == 64, "\(empty.stdout)\(empty.stderr)")
    #expect(empty.stderr.contains("There are no .yaml scenario files in"), "\(empty.stderr)")
    let option = try Self.run(["lint", "--strict"])
    #expect(option.status == 64, "\(option.stdout)\(option.stderr)")
  }

  @Test func schemaPrintsTheCommittedSchema() throws {
    let result = try Self.run(["schema"])
    #expect(result.status == 0)
    #expect(result.stdout == (try String(contentsOf: ScenarioSchemaTests.committed, encoding: .utf8)))
  }
}

@Suite struct LintReadmeTests {
  @Test func theReadmesLintExampleIsTheOutputOfItsFixture() async throws {
    let fixture = ScenarioSchemaTests.root.appendingPathComponent("Tests/Fixtures/lint/family-week.yaml")
    let loaded = try ScenarioLoader.parseWithSourceMap(
      try String(contentsOf: fixture, encoding: .utf8), source: "family-week.yaml")
    let findings = await ScenarioLint(scenario: loaded.scenario, sourceMap: loaded.sourceMap).run()
    #expect(findings.count == 6, "one finding of each kind the example shows")
    let output = findings.map(\.description).joined(separator: "\n") + "\n1 scenario: \(findings.count) warnings\n"
    let readme = try ReadmeTests.doc("docs/validating.md")
    #expect(
      readme.contains("$ tribeboard lint family-week.yaml\n" + output),
      "docs/validating.md's lint example differs from lint's findings on Tests/Fixtures/lint/family-week.yaml; paste them"
    )
  }
}
