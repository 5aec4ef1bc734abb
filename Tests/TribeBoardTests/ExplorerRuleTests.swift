import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardMocks
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// The rules behind the defects of the walk from outside (issue 19), kept by exploration: each is shown failing on a
/// break planted into the app's table, the world, or the checker's input.
@Suite struct ExplorerRuleTests {
  func explore(_ scenario: Scenario, table: FlowTable = .app, depth: Int = 3, faults: Bool = false) async
    -> Explorer.Report
  {
    await Explorer(scenario: scenario, flow: Flow(table: table), options: .init(depth: depth, faults: faults)).run()
  }

  @Test func aPersonActiveInTwoFamiliesIsFound() async throws {
    // Planted: Rose is a parent admin of a second family as well as a visitor of the Johnsons. The loader refuses
    // such a file (the app's own rule, `RoleRules.checkOneFamily`), so the break is planted in the loaded world.
    let twice =
      DefectWorlds.fa
      + "\n  - id: patels\n    name: The Patels\n    code: P4TL3S\n    members:\n      - { account: rose, role: parentAdmin }\n"
    #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(twice, source: "twice.yaml") }
    var planted = try ScenarioLoader.parse(DefectWorlds.fa, source: "twice.yaml")
    planted.configuration.world.families.append(Family(id: "patels", name: "The Patels", code: "P4TL3S"))
    planted.configuration.world.memberships.append(Membership(userID: "rose", familyID: "patels", role: .parentAdmin))
    let report = await explore(planted, depth: 1)
    #expect(report.violations.contains { $0.invariant == "rose is an active member of more than one family" })
    let once = await explore(try ScenarioLoader.parse(DefectWorlds.fa, source: "fa.yaml"), depth: 1)
    #expect(once.violations.isEmpty)
  }

  @Test func wrongCodesForgottenOtherwiseThanBySignInOrLockoutEndAreFound() async throws {
    let environment = MockEnvironment(Fixtures.configuration(user: "mark", onboarded: true, family: Fixtures.everyone))
    let backend = environment.backend
    let auth = environment.localServices(for: await environment.primaryDevice()).auth
    guard case .mfaRequired(let challenge) = try await auth.signIn(with: .google) else {
      Issue.record("Mark's account asks for a code")
      return
    }
    _ = try? await auth.verify(challenge, code: "000000")
    _ = try? await auth.verify(challenge, code: "000001")
    let counted = backend.snapshot()
    #expect(counted.failedCodes == ["mark": 2])
    // Planted: a backend that forgets them.
    try backend.perform(.authVerify) { state, _ in state.auth.failedCodes = [:] }
    let forgot = backend.snapshot()
    let now = backend.clock.now()
    #expect(forgot.wrongCodesForgotten(since: counted, signedIn: [], at: now) == ["mark"])
    #expect(forgot.wrongCodesForgotten(since: counted, signedIn: ["mark"], at: now).isEmpty)
    #expect(counted.wrongCodesForgotten(since: counted, signedIn: [], at: now).isEmpty)
  }

  @Test func familyContentAfterSigningOutIsFound() async throws {
    // Planted: signing out that keeps what the screens loaded.
    let keeping = ExplorerTests.table(replacingActionsOf: .settings) { action in
      guard action.id == .signOut else { return action }
      return FlowAction(.signOut, action.label, phrases: action.phrases, targets: [.signIn]) { state, _, _ in
        state.session = .signedOut
        state.screen = .signIn
      }
    }
    let report = await explore(try BundledScenarios.scenario(named: "family-admin"), table: keeping, depth: 2)
    let found = try #require(report.violations.first { $0.invariant.contains("has family content") })
    #expect(found.invariant == "someone outside a family has family content on signIn")
    #expect(found.inputs == ["settings", "sign out"])
    var state = AppState(screen: .signIn)
    state.content.tasks = [FamilyTask(id: "t", familyID: "f", title: "T")]
    #expect(Flow.familyContentWithoutAccess(state, at: Fixtures.now) != nil)
    #expect(Flow.familyContentWithoutAccess(AppState(screen: .signIn), at: Fixtures.now) == nil)
  }

  @Test func signingOutIsCheckedOnceItsQuestionIsAnswered() async throws {
    // A message waits on Sarah's phone and can't be sent: signing out asks first, and only yes signs her out.
    let waiting = DefectWorlds.fa.replacingOccurrences(
      of: "  signedIn: true\n",
      with:
        "  signedIn: true\n  outbox: { changes: [{ id: c1, change: sendMessage, family: johnsons, text: Back by five, "
        + "by: sarah, at: 2026-03-02T07:59:00Z, summary: message “Back by five” }] }\n"
        + "faults:\n  - { service: data, operation: sendMessage, error: networkTimeout }\n")
    let scenario = try ScenarioLoader.parse(waiting, source: "waiting.yaml")
    let report = await explore(scenario, depth: 2)
    #expect(report.reached[.confirm] == ["sign out"])
    #expect(report.violations.isEmpty, "\(report.violations)")
    // Planted: yes to the question keeps the session.
    let keeping = ExplorerTests.table(replacingActionsOf: .dashboard) { action in
      guard action.id == .signOut else { return action }
      return FlowAction(
        .signOut, action.label, phrases: action.phrases, targets: action.targets, confirm: action.confirmation
      ) { state, _, _ in state.screen = .signIn }
    }
    let planted = await explore(scenario, table: keeping, depth: 2)
    let found = try #require(
      planted.violations.first { $0.invariant == "the app still holds a session after signing out" })
    #expect(found.inputs == ["sign out", "yes"])
  }

  @Test func itemActionsWithoutItemsShownAreFound() async throws {
    // Planted: a calendar that shows nothing but still offers to open an entry.
    let blank = ExplorerTests.table(replacing: .calendar) { spec in
      ScreenSpec(
        .calendar, requires: spec.requires, title: spec.title, load: spec.load, body: { _ in [.empty("Nothing.")] },
        actions: spec.actions)
    }
    let report = await explore(try BundledScenarios.scenario(named: "family-admin"), table: blank, depth: 1)
    let found = try #require(report.violations.first { $0.invariant.contains("shows no numbered item") })
    #expect(found.invariant == "calendar offers “Open an entry” but shows no numbered item")
    #expect(found.inputs == ["calendar"])
  }

  @Test func countsThatDisagreeWithTheirNounsAreFound() async throws {
    #expect(Flow.miscountedNoun(in: "Bins · Ben · 1 pts") != nil)
    #expect(Flow.miscountedNoun(in: "Syncing, 1 changes waiting") != nil)
    #expect(Flow.miscountedNoun(in: "“Bins” done: +3 point.") != nil)
    #expect(Flow.miscountedNoun(in: "1 notice, 2 pinned") == nil)
    #expect(Flow.miscountedNoun(in: "Bins · Ben · 1 pt") == nil)
    #expect(Flow.miscountedNoun(in: "Mon 2 Mar 2026 08:00") == nil)
    // Planted: a settings screen that miscounts.
    let miscounting = ExplorerTests.table(replacing: .settings) { spec in
      ScreenSpec(
        .settings, requires: spec.requires, title: spec.title, load: spec.load,
        body: { _ in [.paragraph("You have 1 notices.")] }, actions: spec.actions)
    }
    let report = await explore(try BundledScenarios.scenario(named: "family-admin"), table: miscounting, depth: 1)
    let found = try #require(report.violations.first { $0.invariant.hasPrefix("a count disagrees") })
    #expect(found.inputs == ["settings"])
  }

  @Test func aSuccessNoticeWhenNothingChangedIsFound() async throws {
    // Planted: leaving settings claims to have saved something.
    let boasting = ExplorerTests.table(replacingActionsOf: .settings) { action in
      guard action.id == .home else { return action }
      return FlowAction(.home, action.label, phrases: action.phrases, targets: [.dashboard]) { state, _, _ in
        state.screen = .dashboard
        state.notice = "Saved."
      }
    }
    let report = await explore(try BundledScenarios.scenario(named: "family-admin"), table: boasting, depth: 2)
    let found = try #require(report.violations.first { $0.invariant.contains("nothing changed") })
    #expect(found.invariant == "“Saved.” is shown, but nothing changed")
    #expect(found.inputs == ["settings", "home"])
  }

  @Test func pinningAPinnedNoticeAsBeforeDefect20IsFound() async throws {
    // Planted: the pin action as it was, sending the change whether or not the notice is pinned.
    let pinning = ExplorerTests.table(replacingActionsOf: .noticeboard) { action in
      guard action.id == .pin else { return action }
      return FlowAction(
        .pin, action.label, phrases: action.phrases, argument: action.argument, requires: action.requires,
        targets: [.noticeboard]
      ) { state, _, services throws(AppError) in
        guard let user = state.user?.id, let notice = state.content.notices.first
        else { return }
        try await services.messaging.setPinned(true, notice: notice.id, by: user)
        state.notice = "Pinned; it shows first when you next open the noticeboard."
      }
    }
    let report = await explore(try BundledScenarios.scenario(named: "family-admin"), table: pinning, depth: 3)
    let found = try #require(report.violations.first { $0.invariant.contains("nothing changed") })
    #expect(found.inputs == ["messages", "noticeboard", "pin 1"])
  }

  @Test func aStepThatRepeatsWhatTheStepBeforeSaidIsFound() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let explorer = Explorer(scenario: scenario)
    let simulator = Simulator(scenario: scenario)
    await simulator.start()
    _ = await simulator.handle(":clock +8d")
    let before = simulator.state
    let note = try #require(before.notes.first)
    #expect(note.hasPrefix("Session renewed silently"))
    let from = simulator.checkpoint()
    let refused = Explorer.Input(text: Explorer.refused, action: nil)
    _ = await simulator.handle(Explorer.refused)
    // The app as it is: the refused input says nothing again.
    let kept = await explorer.repeatedFeedback(
      simulator, refused, before: before, said: simulator.state, from: from, to: simulator.checkpoint())
    #expect(kept.isEmpty)
    // Planted: the refused input shows the note of the step before again, as before defect 16's fix.
    var phone = try #require(simulator.phones[simulator.actingUser])
    phone.state.notes = before.notes
    simulator.phones[simulator.actingUser] = phone
    let repeated = await explorer.repeatedFeedback(
      simulator, refused, before: before, said: simulator.state, from: from, to: simulator.checkpoint())
    #expect(repeated == ["a step repeats the note “\(note)” of the step before"])
    // A step that says the same thing anew repeats nothing: moving the clock again renews the session again.
    let clock = Explorer.Input(text: ":clock +1s", action: nil)
    #expect(Flow.repeatedFeedback(before: before, after: before, fresh: before) == nil)
    // A command that shows no screen says nothing of the step before, whatever the state still holds.
    #expect(Explorer.showsNoScreen(Explorer.Input(text: ":latency data 30s", action: nil)))
    #expect(!Explorer.showsNoScreen(clock))
    #expect(!Explorer.showsNoScreen(refused))
    // The walk tries a refused input after each step that said something: with the app as it is, nothing repeats.
    let report = await explore(scenario, depth: 2, faults: true)
    #expect(report.violations.isEmpty)
  }

  @Test func aChoiceTheRoleCantMakeIsFound() async throws {
    // Planted: a preview that offers a child's account "Join as adult", as before defect 18's fix.
    let offering = ExplorerTests.table(replacingActionsOf: .familyPreview) { action in
      guard action.id == .joinAsAdult else { return action }
      return FlowAction(.joinAsAdult, action.label, phrases: action.phrases, targets: action.targets, run: action.run)
    }
    let kid = try ScenarioLoader.parse(
      DefectWorlds.fa.replacingOccurrences(of: "  user: sarah\n", with: "  user: kid\n"), source: "kid.yaml")
    let report = await explore(kid, table: offering, depth: 2)
    let found = try #require(report.violations.first { $0.invariant.contains("role rules refuse") })
    #expect(
      found.invariant == "a child's account is offered “Join as adult” on familyPreview, which the role rules refuse")
    #expect(found.inputs == ["join family", "code K7QM2X"])
    #expect(await explore(kid, depth: 2).violations.isEmpty)
    // Planted: a noticeboard that forgot that posting needs a permission, so a child is offered it.
    let posting = ExplorerTests.table(replacingActionsOf: .noticeboard) { action in
      guard action.id == .post else { return action }
      return FlowAction(
        .post, action.label, phrases: action.phrases, argument: action.argument, targets: action.targets,
        run: action.run)
    }
    // Planted: a member's detail that offers every role whatever the account, as before.
    let everyRole = ExplorerTests.table(replacingActionsOf: .memberDetail) { action in
      guard action.id == .changeRole else { return action }
      return FlowAction(
        .changeRole, action.label, phrases: action.phrases, argument: .role(among: Role.allCases),
        requires: action.requires, targets: action.targets, run: action.run)
    }
    // `child` with Sarah's phone in hand: Ben (a child's account) is second on her members list, where the walk
    // opens members.
    let admin = try ScenarioLoader.parse(
      try String(contentsOfFile: scenariosFolder + "/child.yaml", encoding: .utf8)
        .replacingOccurrences(of: "  user: ben\n", with: "  user: sarah\n"),
      source: "child-as-sarah.yaml")
    let roles = await explore(admin, table: everyRole, depth: 3)
    let beyond = try #require(roles.violations.first { $0.invariant.contains("keep from it") })
    #expect(
      beyond.invariant
        == "“Change the role” on memberDetail offers parent admin for Ben, whose account the role rules keep from it")
    #expect(beyond.inputs == ["settings", "family management", "open 2"])
    #expect(await explore(admin, depth: 3).violations.isEmpty)
    let child = await explore(try BundledScenarios.scenario(named: "child"), table: posting, depth: 2)
    let leak = try #require(child.violations.first { $0.invariant.contains("is offered") })
    #expect(leak.invariant == "Child is offered “Post a notice” on noticeboard, which needs “post notices”")
    #expect(leak.inputs == ["messages", "noticeboard"])
    // The rule on its own: a child's account may join as a child or a visitor, and create no family.
    var state = AppState(screen: .familySetup)
    state.session = .signedIn(
      AuthSession(user: UserProfile(id: "k", name: "K", email: "k@x", isChildAccount: true), token: "t"))
    let setup = FlowTable.app[.familySetup].actions
    #expect(Flow.choiceBeyondRole(state, offered: setup.filter { $0.id == .createFamily }, reference: .app) != nil)
    #expect(Flow.choiceBeyondRole(state, offered: setup.filter { $0.id == .joinFamily }, reference: .app) == nil)
  }

  @Test func everyBundledScenarioKeepsTheRules() async throws {
    for name in BundledScenarios.names {
      let report = await explore(try BundledScenarios.scenario(named: name), depth: 3, faults: true)
      #expect(report.violations.isEmpty, "\(name): \(report.violations)")
    }
  }

  /// The bundled scenarios' walk with what the plain walk does not try: every input also slow, and a second person
  /// acting (the clock's jumps to deadlines come with faults). Small, so every `swift test` runs it.
  @Test func everyBundledScenarioKeepsTheRulesSlowAndWithASecondPerson() async throws {
    for name in BundledScenarios.names {
      let report = await Explorer(
        scenario: try BundledScenarios.scenario(named: name),
        options: .init(depth: 3, faults: true, latency: 30, people: true)
      ).run()
      #expect(report.violations.isEmpty, "\(name): \(report.violations)")
      #expect(!report.truncated, "\(name)")
    }
  }
}

extension ExplorerRuleTests {
  /// Defect #21's rule: a list that keeps its numbers keeps them while the person stays on it, whatever another
  /// phone does. Planted: a list numbered afresh after another person's change, as before the fix.
  @Test func aListRenumberedUnderAPersonWhoStayedOnItIsFound() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let explorer = Explorer(scenario: scenario)
    let simulator = Simulator(scenario: scenario)
    await simulator.start()
    _ = await simulator.handle("tasks")
    let from = simulator.checkpoint()
    for line in [":as ben", "tasks", "done 1", ":as sarah"] { _ = await simulator.handle(line) }
    // The app as it is: Sarah's list kept its numbers.
    #expect(explorer.renumbered(from: from, to: simulator.checkpoint()) == nil)
    // Planted: her list numbered afresh, so the bins (now done) sort below Weekly shop.
    var phone = try #require(simulator.phones["sarah"])
    phone.state.screen = .tasks(mineOnly: false)
    simulator.phones["sarah"] = phone
    let found = try #require(explorer.renumbered(from: from, to: simulator.checkpoint()))
    #expect(found.hasPrefix("sarah's tasks renumbered "), "\(found)")
  }
}
