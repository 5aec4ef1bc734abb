import Foundation
import Testing
import TribeBoardCore
import TribeBoardMocks

@testable import TribeBoardScenarios

@Suite struct ScenarioLoaderTests {
  /// A small scenario that uses most of the format.
  static let minimal = """
    summary: Sarah signs in and sees her family.
    now: 2026-03-02T08:00:00Z
    device:
      user: sarah
      signedIn: true
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple], mfaCode: 012345 }
      - { id: ben, name: Ben Johnson, email: ben@example.com, providers: [apple, google], child: true, birthday: 02-29 }
    families:
      - id: johnsons
        name: "  The   Johnsons "
        code: k7qm-2x
        members:
          - { account: sarah, role: parentAdmin }
          - { account: ben, role: visitor, expires: 2026-03-05T18:00:00+01:00 }
        events:
          - { title: Swimming lesson, start: 2026-03-03T17:00Z, participants: [ben] }
        tasks:
          - { id: bins, title: Put the bins out, assignee: ben, points: 5, status: done }
        messages:
          - { from: sarah, at: 2026-03-02T07:30:00Z, text: Who can take Ben to swimming? }
        schoolRuns:
          - route: Home → Oakwood Primary
            pickups:
              - { at: 2026-03-02T08:15:00Z, driver: sarah, passengers: [ben] }
    faults:
      - { service: auth, operation: signIn, error: networkTimeout, times: 1 }
      - { service: data, operation: createFamily, error: offline }
    journeys:
      zeta:
        - skip
        - 1
        - expect: { screen: familyCreated, family: The Johnsons, notice: say "hi" }
      alpha:
        - sign in apple
        - expect: { error: none }

    """

  /// The diagnostics parsing `yaml` gives; records an issue if it parses.
  func diagnostics(_ yaml: String, file: String = "x.yaml", limits: ScenarioLimits? = nil) -> [String] {
    do {
      let scenario = try ScenarioLoader.parse(yaml, source: file, limits: limits)
      Issue.record("expected \(file) to fail, but it parsed as \(scenario.name)")
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// The minimal scenario with `old` replaced by `new`.
  func minimal(replacing old: String, with new: String) -> String {
    #expect(Self.minimal.contains(old), "the minimal scenario has no \(old)")
    return Self.minimal.replacingOccurrences(of: old, with: new)
  }

  // MARK: A valid scenario

  @Test func minimalScenarioMapsToConfiguration() throws {
    let scenario = try ScenarioLoader.parse(Self.minimal, source: "Scenarios/minimal.yaml")
    #expect(scenario.name == "minimal")
    #expect(scenario.source == "Scenarios/minimal.yaml")
    #expect(scenario.summary == "Sarah signs in and sees her family.")
    let configuration = scenario.configuration
    #expect(configuration.now == Date(timeIntervalSince1970: 1_772_438_400))
    #expect(configuration.seed == 1)
    #expect(configuration.device == MockDeviceState(user: "sarah", onboardingCompleted: false, signedIn: true))

    let world = configuration.world
    #expect(world.accounts.map(\.profile.id) == ["sarah", "ben"])
    #expect(world.accounts[0].mfaCode == "012345")
    #expect(world.accounts[0].isChild == false)
    #expect(world.accounts[0].notifications == NotificationPreferences())
    #expect(world.accounts[1].isChild)
    #expect(world.accounts[1].providers == [.apple, .google])
    #expect(world.accounts[1].profile.birthday == DayOfYear(month: 2, day: 29))
    #expect(world.families == [Family(id: "johnsons", name: "The Johnsons", code: "K7QM2X")])
    #expect(
      world.memberships == [
        Membership(userID: "sarah", familyID: "johnsons", role: .parentAdmin),
        Membership(
          userID: "ben", familyID: "johnsons", role: .visitor, expiresAt: Date(timeIntervalSince1970: 1_772_730_000)),
      ])
    #expect(
      world.events == [
        CalendarEvent(
          id: "johnsons-event-1", familyID: "johnsons", title: "Swimming lesson",
          start: Date(timeIntervalSince1970: 1_772_557_200), participants: ["ben"])
      ])
    #expect(
      world.tasks == [
        FamilyTask(
          id: "bins", familyID: "johnsons", title: "Put the bins out", assignee: "ben", points: 5, status: .done)
      ])
    #expect(world.messages.map(\.id) == ["johnsons-message-1"])
    #expect(world.messages.first?.text == "Who can take Ben to swimming?")
    #expect(world.routes == [SchoolRoute(id: "johnsons-route-1", familyID: "johnsons", name: "Home → Oakwood Primary")])
    #expect(world.pickups.map(\.id) == ["johnsons-route-1-pickup-1"])
    #expect(world.pickups.first?.routeID == "johnsons-route-1")
    #expect(world.pickups.first?.driver == "sarah")
    #expect(world.notices.isEmpty)
    #expect(
      configuration.faults == [
        Fault(operation: .authSignIn, error: .networkTimeout, times: 1),
        Fault(operation: .dataCreateFamily, error: .offline),
      ])

    #expect(scenario.journeys.map(\.name) == ["zeta", "alpha"])
    #expect(
      scenario.journey(named: "zeta")?.steps == [
        "skip", "1", #":expect screen=familyCreated family="The Johnsons" notice="say \"hi\"""#,
      ])
    #expect(scenario.journey(named: "alpha")?.steps == ["sign in apple", ":expect error=none"])
  }

  @Test func nameAndSeedCanBeGiven() throws {
    let yaml = "name: morning\nseed: 18446744073709551615\n" + Self.minimal
    let scenario = try ScenarioLoader.parse(yaml, source: "built-in:morning")
    #expect(scenario.name == "morning")
    #expect(scenario.configuration.seed == .max)
  }

  @Test func aliasesShareContent() throws {
    let yaml = minimal(replacing: "participants: [ben]", with: "participants: &kids [ben]")
      .replacingOccurrences(of: "passengers: [ben]", with: "passengers: *kids")
    let scenario = try ScenarioLoader.parse(yaml, source: "x.yaml")
    #expect(scenario.configuration.world.pickups.first?.passengers == ["ben"])
  }

  @Test func expectValuesAreQuotedOnlyWhenNeeded() {
    #expect(StepExpectation.quotedIfNeeded("familyCreated") == "familyCreated")
    #expect(StepExpectation.quotedIfNeeded(#"a\b"#) == #"a\b"#)
    #expect(StepExpectation.quotedIfNeeded("The Johnsons") == #""The Johnsons""#)
    #expect(StepExpectation.quotedIfNeeded(#"say "a\b""#) == #""say \"a\\b\"""#)
  }

  @Test(arguments: BundledScenarios.names)
  func bundledScenarioLoads(name: String) throws {
    let scenario = try BundledScenarios.scenario(named: name)
    #expect(scenario.name == name)
    #expect(scenario.source == "built-in:\(name)")
  }

  /// A built-in scenario's journeys are read when first used (and a problem in them would then stop the program):
  /// each must read without a problem, and give what reading them at load gives.
  @Test(arguments: BundledScenarios.names)
  func bundledScenarioJourneysReadLaterAsAtLoad(name: String) throws {
    let text = try #require(BundledScenarios.text(named: name))
    let eager = try ScenarioLoader.parse(text, source: "built-in:\(name)")
    let lazy = try BundledScenarios.scenario(named: name)
    // The names `list` shows, before the journeys are read and after.
    #expect(lazy.journeyNames == eager.journeys.map(\.name))
    #expect(lazy.journeys == eager.journeys)
    #expect(lazy.journeyNames == eager.journeyNames)
    #expect(lazy == eager)
    // Copies share what was read; one that sets its own journeys keeps them.
    var copy = lazy
    #expect(copy.journeys == eager.journeys)
    copy.journeys = []
    #expect(copy.journeys.isEmpty)
    #expect(lazy.journeys == eager.journeys)
  }

  @Test func lazyJourneysAreReadOnFirstUse() throws {
    let eager = try ScenarioLoader.parse(Self.minimal, source: "x.yaml")
    let lazy = try ScenarioLoader.parse(Self.minimal, source: "x.yaml", lazyJourneys: true)
    #expect(!eager.journeys.isEmpty)
    #expect(lazy.journey(named: eager.journeys[0].name) == eager.journeys[0])
    #expect(lazy.journeys == eager.journeys)
  }

  // MARK: YAML errors

  @Test func syntaxErrorHasLineAndColumn() {
    let found = diagnostics("summary: x\naccounts: [a, b\nnow: 1\n")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("x.yaml:3:4: error: YAML syntax error: did not find expected ',' or ']'") == true)
    #expect(found.first?.contains("while parsing a flow sequence that starts at 2:11") == true)
  }

  @Test func tabIndentationIsExplained() {
    let found = diagnostics("summary: x\ndevice:\n\tuser: sarah\n")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("x.yaml:3:1: error: YAML syntax error") == true)
    #expect(found.first?.hasSuffix("YAML does not allow tabs for indentation, use spaces") == true)
  }

  @Test func duplicateKeyIsReported() {
    let found = diagnostics("summary: a\nsummary: b\n")
    #expect(
      found == [
        "x.yaml:2:1: error: duplicate key 'summary' in this mapping (first at 1:1); each key may appear only once, "
          + "so remove or rename the repeat"
      ])
  }

  @Test func undefinedAliasIsReported() {
    #expect(
      diagnostics("summary: *text\n") == [
        "x.yaml:1:10: error: the alias '*text' names no anchor; define '&text' on a node above it, or remove the alias"
      ])
  }

  @Test func secondDocumentIsRejected() {
    #expect(
      diagnostics(Self.minimal + "---\nsummary: again\n") == [
        "x.yaml:37:1: error: a scenario file holds a single YAML document; remove this second one (and its '---' line)"
      ])
  }

  @Test func topLevelMustBeAMapping() {
    #expect(
      diagnostics("- summary\n- now\n") == [
        "x.yaml:1:1: error: the top level of a scenario must be a mapping with the keys name, summary, now, seed, "
          + "device, phones, accounts, families, faults, latency, auth, journeys; found a list"
      ])
    #expect(diagnostics("# nothing here\n").first?.contains("1:1: error: the file holds no YAML") == true)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let yaml = "summary: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
    let found = diagnostics(yaml)
    #expect(found.count == 1)
    #expect(found.first?.contains("nested too deeply") == true)
  }

  // MARK: Schema errors

  @Test func unknownKeySuggestsTheClosestKey() {
    let yaml = minimal(replacing: "    members:", with: "    membrs:")
    let found = diagnostics(yaml, file: "Scenarios/child.yaml")
    #expect(
      found.contains("Scenarios/child.yaml:13:5: error: unknown key 'membrs' in a family (did you mean 'members'?)"))
    #expect(
      diagnostics("sumary: x\n").first == "x.yaml:1:1: error: unknown key 'sumary' (did you mean 'summary'?)")
    #expect(
      diagnostics(minimal(replacing: "signedIn: true", with: "colour: blue")).first
        == "x.yaml:5:3: error: unknown key 'colour' in 'device'; the keys here are user, onboardingCompleted, signedIn, offline, accessUntil, refreshUntil, screen, outbox, cache, identities"
    )
  }

  @Test func wrongTypesAreReported() {
    #expect(
      diagnostics(minimal(replacing: "device:\n  user: sarah\n  signedIn: true", with: "device: [sarah]")) == [
        "x.yaml:3:9: error: 'device' must be a mapping with the keys user, onboardingCompleted, signedIn, offline, accessUntil, refreshUntil, screen, outbox, cache, identities; "
          + "found a list"
      ])
    #expect(
      diagnostics(minimal(replacing: "signedIn: true", with: "signedIn: yes")) == [
        "x.yaml:5:13: error: 'signedIn' must be true or false, found 'yes'"
      ])
    #expect(
      diagnostics("seed: abc\n" + Self.minimal) == [
        "x.yaml:1:7: error: 'seed' must be a non-negative integer, found 'abc'"
      ])
    #expect(
      diagnostics(minimal(replacing: "points: 5", with: "points: \"5\"")) == [
        "x.yaml:19:69: error: 'points' must be a whole number from 0 to 100, found '5'"
      ])
    #expect(
      diagnostics(minimal(replacing: "points: 5", with: "points: 9223372036854775807")) == [
        "x.yaml:19:69: error: 'points' must be a whole number from 0 to 100, found '9223372036854775807'"
      ])
  }

  @Test func timestampsNeedAZone() {
    #expect(
      diagnostics(minimal(replacing: "now: 2026-03-02T08:00:00Z", with: "now: 2026-03-02T08:00:00")) == [
        "x.yaml:2:6: error: 'now' must be a timestamp with a time zone: add Z (UTC) or an offset such as +01:00; "
          + "found '2026-03-02T08:00:00'"
      ])
    #expect(
      diagnostics(minimal(replacing: "now: 2026-03-02T08:00:00Z", with: "now: 2026-02-29T08:00:00Z")).first?
        .contains("'now' must be a timestamp on a real calendar date") == true)
    #expect(
      diagnostics(minimal(replacing: "birthday: 02-29", with: "birthday: 2015-02-29")).first?
        .contains("x.yaml:8:110: error: 'birthday' must be a real date written YYYY-MM-DD or MM-DD") == true,
      "\(diagnostics(minimal(replacing: "birthday: 02-29", with: "birthday: 2015-02-29")))")
  }

  @Test func missingKeyPointsAtTheMapping() {
    let yaml = minimal(replacing: "summary: Sarah signs in and sees her family.\n", with: "")
    #expect(diagnostics(yaml) == ["x.yaml:1:1: error: missing key 'summary' (a one-line description of the scenario)"])
    #expect(
      diagnostics(minimal(replacing: " email: ben@example.com,", with: "")) == [
        "x.yaml:8:5: error: missing key 'email' in an account (the person's email address)"
      ])
  }

  @Test func danglingReferencesAreReported() {
    #expect(
      diagnostics(minimal(replacing: "{ account: ben, role: visitor", with: "{ account: bob, role: child")).contains(
        "x.yaml:15:20: error: unknown account 'bob' in members of 'johnsons' (did you mean 'ben'?); "
          + "accounts are: sarah, ben"))
    // An open task: a done one stays with whoever did it, who may have left (the loader takes that).
    let yaml = minimal(
      replacing: "      - { account: ben, role: visitor, expires: 2026-03-05T18:00:00+01:00 }\n", with: ""
    ).replacingOccurrences(of: "status: done", with: "status: open")
    let found = diagnostics(yaml)
    #expect(
      found.contains(
        "x.yaml:18:56: error: assignee 'ben' is not a member of 'johnsons'; members are: sarah"))
    #expect(found.contains("x.yaml:16:76: error: participant 'ben' is not a member of 'johnsons'; members are: sarah"))
    #expect(
      diagnostics(minimal(replacing: "user: sarah", with: "user: sara")) == [
        "x.yaml:4:9: error: unknown account 'sara' as the device's user (did you mean 'sarah'?); "
          + "accounts are: sarah, ben"
      ])
  }

  @Test func journeyStepsAreChecked() {
    let yaml = minimal(
      replacing: "    - expect: { error: none }",
      with: """
            - expect: { screen: dashboard, eror: offline }
            - expect: { role: admin, user: }
            - expct: { screen: dashboard }
            - [sign, in]
            - ""
        """)
    #expect(
      diagnostics(yaml) == [
        "x.yaml:36:36: error: unknown key 'eror' in 'expect' (did you mean 'error'?)",
        "x.yaml:37:23: error: role 'admin' is not one of parentAdmin, adult, child, visitor, none",
        "x.yaml:37:30: error: 'user' needs a value to expect",
        "x.yaml:38:7: error: unknown key 'expct' in a step (did you mean 'expect'?); a step is a line of REPL input, "
          + "expect: { key: value, … } or note: TEXT",
        "x.yaml:39:7: error: a step must be a line of REPL input or expect: { … }; found a list",
        "x.yaml:40:7: error: a step must not be empty; write the input line as typed in the REPL",
      ])
  }

  @Test func generatedIdsMustNotCollide() {
    let yaml = minimal(replacing: "{ id: bins,", with: "{ id: johnsons-task-2,")
      .replacingOccurrences(of: "status: done }", with: "status: done }\n      - { title: Feed the cat }")
    #expect(
      diagnostics(yaml) == [
        "x.yaml:20:9: error: this task's generated id 'johnsons-task-2' is already used by the task at 19:15; "
          + "give this task an explicit 'id'"
      ])
  }

  @Test func faultTimesMustBePositive() {
    #expect(
      diagnostics(minimal(replacing: "times: 1", with: "times: 0")) == [
        "x.yaml:27:71: error: 'times' must be a whole number of at least 1 (leave 'times' out to fail every call), "
          + "found '0'"
      ])
  }

  @Test func invalidUTF8IsReportedWhereItIs() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(UUID().uuidString).yaml")
    try (Data("summary: ok\nnow: caf".utf8) + Data([0xE9]) + Data("\n".utf8)).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(
      throws: ScenarioError(diagnostics: [
        Diagnostic(
          file: "latin1.yaml", line: 2, column: 9,
          message: "the file is not UTF-8 text (an invalid byte is here); save it as UTF-8")
      ])
    ) { try ScenarioLoader.load(contentsOf: url, displayPath: "latin1.yaml") }
  }

  @Test func badEnumerationValuesAreReported() {
    #expect(
      diagnostics(minimal(replacing: "role: parentAdmin", with: "role: admin")) == [
        "x.yaml:14:33: error: role 'admin' is not one of parentAdmin, adult, child, visitor"
      ])
    #expect(
      diagnostics(minimal(replacing: "role: parentAdmin", with: "role: parentadmin")) == [
        "x.yaml:14:33: error: role 'parentadmin' is not one of parentAdmin, adult, child, visitor "
          + "(did you mean 'parentAdmin'?)"
      ])
    #expect(
      diagnostics(minimal(replacing: "operation: signIn", with: "operation: signin")) == [
        "x.yaml:27:33: error: auth operation 'signin' is not one of currentSession, signIn, verify, resendCode, refresh, "
          + "signOut "
          + "(did you mean 'signIn'?)"
      ])
    #expect(
      diagnostics(minimal(replacing: "providers: [apple]", with: "providers: [aple]")).first
        == "x.yaml:7:77: error: provider 'aple' is not one of apple, google (did you mean 'apple'?)")
    #expect(
      diagnostics(minimal(replacing: "error: offline", with: "error: ofline")).first?
        .hasSuffix("(did you mean 'offline'?)") == true)
  }

  @Test func duplicateIdsAreReported() {
    let yaml = minimal(replacing: "{ id: bins,", with: "{ id: johnsons-event-1,")
    #expect(
      diagnostics(yaml) == [
        "x.yaml:19:15: error: id 'johnsons-event-1' is already used by the event at 17:9; ids of events, tasks, "
          + "messages, notices, school runs and pickups must be unique across the scenario"
      ])
    #expect(
      diagnostics(minimal(replacing: "{ id: ben,", with: "{ id: sarah,")).contains(
        "x.yaml:8:11: error: account id 'sarah' is already used by the account at 7:11"))
  }

  @Test func duplicateFamilyCodesAreReported() {
    let yaml = minimal(
      replacing: "faults:",
      with: """
          - id: smiths
            name: The Smiths
            code: K7Q M2X
            members: [{ account: sarah, role: parentAdmin }]
        faults:
        """)
    #expect(
      diagnostics(yaml) == [
        "x.yaml:28:11: error: family code 'K7QM2X' is already used by family 'johnsons' at 12:11; "
          + "family codes must be unique",
        "x.yaml:29:26: error: 'sarah' is already active in family 'johnsons' at 14:20: a person is in one family "
          + "at a time; end one membership (a visitor's 'expires' before 'now') or remove it",
      ])
  }

  @Test func childAccountCannotBeParentAdmin() {
    let yaml = minimal(
      replacing: "{ account: ben, role: visitor, expires: 2026-03-05T18:00:00+01:00 }",
      with: "{ account: ben, role: parentAdmin }")
    #expect(
      diagnostics(yaml) == [
        "x.yaml:15:31: error: 'ben' is a child account (child: true), so in 'johnsons' their role must be child or "
          + "visitor, not parentAdmin"
      ])
  }

  @Test func familyNeedsAParentAdmin() {
    let yaml = minimal(replacing: "{ account: sarah, role: parentAdmin }", with: "{ account: sarah, role: adult }")
    #expect(
      diagnostics(yaml) == [
        "x.yaml:14:7: error: family 'johnsons' has no parentAdmin; give at least one member the role parentAdmin"
      ])
  }

  @Test func severalErrorsAreCollectedInOnePass() {
    let yaml = """
      summary: Several problems
      now: yesterday
      colour: blue
      device: { user: nobody }
      accounts:
        - { id: Sarah, name: Sarah, email: sarah, providers: [] }
      journeys:
        Bad Name: []

      """
    let found = diagnostics(yaml)
    #expect(
      found == [
        "x.yaml:2:6: error: 'now' must be an ISO 8601 timestamp with a time zone, like 2026-03-02T08:00:00Z or "
          + "2026-03-02T09:00+01:00; found 'yesterday'",
        "x.yaml:3:1: error: unknown key 'colour'; the keys here are name, summary, now, seed, device, phones, accounts, "
          + "families, faults, latency, auth, journeys",
        "x.yaml:4:17: error: unknown account 'nobody' as the device's user; accounts are: Sarah",
        "x.yaml:6:11: error: account id 'Sarah' must start with a lowercase letter and use only lowercase letters, "
          + "digits and '-' (try 'sarah')",
        "x.yaml:6:38: error: 'email' must be an email address with an '@', found 'sarah'",
        "x.yaml:6:56: error: 'providers' must name at least one of apple, google",
        "x.yaml:8:3: error: journey name 'Bad Name' must start with a lowercase letter and use only lowercase "
          + "letters, digits and '-' (try 'bad-name')",
        "x.yaml:8:13: error: journey 'Bad Name' has no steps; add at least one",
      ])
  }

  // MARK: Limits

  @Test func tooLargeTextIsRejectedBeforeParsing() {
    let limits = ScenarioLimits(maximumFileSize: 4096)
    let yaml = "summary: " + String(repeating: "x", count: 4096)
    #expect(
      throws: ScenarioError(diagnostics: [
        Diagnostic(
          file: "x.yaml", line: 1, column: 1,
          message: "scenario files are limited to 4096 bytes (4 KiB) and the file has 4105 bytes; is this really a "
            + "scenario? To load a bigger world, raise the limit with --max-scenario-size SIZE or "
            + "TRIBEBOARD_MAX_SCENARIO_SIZE=SIZE (such as 200M)")
      ])
    ) { try ScenarioLoader.parse(yaml, source: "x.yaml", limits: limits) }
  }

  @Test func tooLargeFileIsRejectedBeforeReading() throws {
    let limits = ScenarioLimits(maximumFileSize: 4096)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).yaml")
    try Data(count: limits.maximumFileSize + 1).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    do {
      _ = try ScenarioLoader.load(contentsOf: url, displayPath: "big.yaml", limits: limits)
      Issue.record("a file over the limit loaded")
    } catch {
      #expect(error.diagnostics.count == 1)
      #expect(error.diagnostics.first?.description.hasPrefix("big.yaml:1:1: error: scenario files are limited") == true)
    }
  }

  @Test func aPathTypedWithTrailingSlashesNamesTheFileAsAFileURLWould() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("slash-\(UUID().uuidString).yaml").path
    try Self.minimal.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    for typed in [path, path + "/", path + "//"] {
      let scenario = try ScenarioCatalog.resolve(typed)
      #expect(scenario.source == typed)
      #expect(try ScenarioCatalog.resolveWithSourceMap(typed).scenario.source == typed)
    }
  }

  @Test func loadsAFileUnderItsDisplayPath() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("morning-\(UUID().uuidString).yaml")
    try Self.minimal.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let scenario = try ScenarioLoader.load(contentsOf: url, displayPath: "Scenarios/morning.yaml")
    #expect(scenario.name == "morning")
    #expect(scenario.source == "Scenarios/morning.yaml")
    #expect(
      throws: ScenarioError(diagnostics: [
        Diagnostic(
          file: "nowhere/x.yaml", line: 0, column: 0,
          message: "no such file; give the path of a .yaml scenario file, or a built-in scenario's name")
      ])
    ) {
      try ScenarioCatalog.resolve("nowhere/x.yaml")
    }
  }

  static let nodeLimitMessage =
    "x.yaml:1:1: error: the document is too big once its aliases are expanded: its aliases add more than 1048576 "
    + "YAML nodes (aliases counted as what they expand to) — is there an alias loop or 'billion laughs' pattern? "
    + "(A bigger world can raise the limit: --max-scenario-size SIZE or TRIBEBOARD_MAX_SCENARIO_SIZE=SIZE allows "
    + "SIZE/64 nodes from aliases)"

  /// The classic "billion laughs": nine levels of nine aliases, about 450 bytes.
  static func laughs(key: Bool) -> String {
    var yaml = "summary: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1..<9 {
      yaml += "l\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
    }
    if key { yaml += "? *a8\n: x\n" }
    return yaml
  }

  @Test func aliasBombIsRejected() {
    #expect(Self.laughs(key: false).utf8.count < 500)
    #expect(diagnostics(Self.laughs(key: false)) == [Self.nodeLimitMessage])
  }

  @Test func aliasBombAsAMappingKeyIsRejectedBeforeComposing() {
    // Hashing the 9⁸-node key to find repeated keys would take minutes.
    #expect(diagnostics(Self.laughs(key: true)) == [Self.nodeLimitMessage])
  }

  @Test func aliasesCountAsWhatTheyExpandTo() throws {
    // 1 mapping + 2 keys + (1 + 3) + (1 + 2 × 4) = 16 nodes.
    let yaml = "a: &x [1, 2, 3]\nb: [*x, *x]\n"
    func limits(nodes: Int, aliasNodes: Int) -> ScenarioLimits {
      ScenarioLimits(maximumFileSize: 1 << 20, maximumNodeCount: nodes, maximumAliasNodeCount: aliasNodes)
    }
    let root = try #require(try YAMLDocument.compose(yaml, file: "x.yaml", limits: limits(nodes: 16, aliasNodes: 8)))
    #expect(root.mapping?.count == 2)
    #expect(throws: ScenarioError.self) {
      try YAMLDocument.compose(yaml, file: "x.yaml", limits: limits(nodes: 15, aliasNodes: 8))
    }
    // The two aliases add 2 × 4 nodes.
    #expect(throws: ScenarioError.self) {
      try YAMLDocument.compose(yaml, file: "x.yaml", limits: limits(nodes: 16, aliasNodes: 7))
    }
  }

  // MARK: Catalog

  @Test func unknownBuiltInNameListsTheNames() {
    let names = BundledScenarios.names
    do {
      _ = try ScenarioCatalog.resolve("nwe-user")
      Issue.record("an unknown name resolved")
    } catch {
      let message = error.diagnostics.first?.description ?? ""
      #expect(message.hasPrefix("nwe-user: error: unknown built-in scenario 'nwe-user'"))
      if names.isEmpty {
        #expect(message.contains("there are no built-in scenarios"))
      } else {
        #expect(message.contains("built-in scenarios are: \(names.joined(separator: ", "))"))
      }
      if names.contains("new-user") { #expect(message.contains("(did you mean 'new-user'?)")) }
    }
  }

  @Test func pathsAndNamesAreTellApart() {
    #expect(ScenarioCatalog.isPath("Scenarios/child.yaml"))
    #expect(ScenarioCatalog.isPath("child.yaml"))
    #expect(ScenarioCatalog.isPath("child.yml"))
    #expect(!ScenarioCatalog.isPath("child"))
    #expect(BundledScenarios.names == BundledScenarios.names.sorted())
  }

  @Test func suggestionsNeedToBeClose() {
    #expect(Suggestions.bestMatch(for: "membrs", in: ["id", "members"]) == "members")
    #expect(Suggestions.bestMatch(for: "bob", in: ["sarah", "ben"]) == "ben")
    #expect(Suggestions.bestMatch(for: "admin", in: Role.allCases.map(\.rawValue)) == nil)
    #expect(Suggestions.bestMatch(for: "SUMMARY", in: ["summary"]) == "summary")
  }
}

extension ScenarioLoaderTests {
  @Test func onlyVisitorsExpireAndVisitorsAlwaysDo() {
    #expect(
      diagnostics(
        minimal(
          replacing: "{ account: ben, role: visitor, expires: 2026-03-05T18:00:00+01:00 }",
          with: "{ account: ben, role: visitor }"))
        == ["x.yaml:15:31: error: a visitor needs 'expires': when their access ends, like 2026-03-06T18:00:00Z"])
    #expect(
      diagnostics(minimal(replacing: "{ account: ben, role: visitor,", with: "{ account: ben, role: child,"))
        == ["x.yaml:15:47: error: only a visitor's access expires; remove 'expires' or make the role visitor"])
  }
}
