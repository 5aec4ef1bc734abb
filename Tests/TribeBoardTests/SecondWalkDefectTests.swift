import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardValidation

/// The defects of the second walk from outside (issue 26, `../shared/repro2/`), each kept by the smallest walk that
/// showed it, and the rules behind them.
@Suite struct SecondWalkDefectTests {
  /// `DefectWorlds.fa` with `changes` made to its text (each must apply).
  static func fa(_ changes: (String, String)...) -> String {
    var text = DefectWorlds.fa
    for (old, new) in changes {
      #expect(text.contains(old), "the world has no \(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
    return text
  }

  /// The loader's refusal of `yaml`, as `lint` prints it; "" when it loads.
  static func refusal(_ yaml: String) -> String {
    do {
      _ = try ScenarioLoader.parse(yaml, source: "w.yaml")
      return ""
    } catch {
      return error.description
    }
  }

  // MARK: 14: one rule for text

  /// Every default-ignorable or format character, the Hangul fillers and the braille blank, but for the joiners and
  /// variation selectors emoji need, is refused in a title, a family name and a scenario's text. A planted break
  /// (the rule's `isDefaultIgnorableCodePoint` dropped, or U+3164 taken out of it) fails this test.
  @Test func everyInvisibleFormatBlankOrBidiCharacterIsRefusedEverywhere() throws {
    var refused: [Unicode.Scalar] = []
    for value in 0x80...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let properties = scalar.properties
      let allowed = [0x200C, 0x200D].contains(value) || (0xFE00...0xFE0F).contains(value)
      let invisible =
        properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
        || [0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800].contains(value)
      guard invisible, !allowed else { continue }
      refused.append(scalar)
      let text = "Bins\(Character(scalar))out"
      #expect(throws: AppError.self, "U+\(String(value, radix: 16))") { try Validation.text(text, .title) }
      #expect(throws: AppError.self, "U+\(String(value, radix: 16))") { try Validation.familyName(text) }
    }
    #expect(refused.count > 4000)
    for text in ["ㅤㅤㅤ", "ㅤ", "So\u{AD}fa", "Bins\u{E0041}", "\u{2800}"] {
      #expect(throws: AppError.self) { try Validation.text(text, .title) }
      #expect(throws: AppError.self) { try Validation.familyName(text) }
    }
    #expect(try Validation.text("Family 👨‍👩‍👧 night ❤️", .title) == "Family 👨‍👩‍👧 night ❤️")
    // A scenario's texts go through the same rule, with a position.
    for (old, new) in [
      ("title: Put the bins out", "title: \"Put the bins\u{3164}out\""),
      ("name: The Johnsons", "name: \"The\u{AD}Johnsons\""),
      ("text: New wifi password is on the fridge", "text: \"New wifi\u{E0041}\""),
      ("name: Mark Johnson", "name: \"Mark \u{202E}Johnson\""),
    ] {
      let refusal = Self.refusal(Self.fa((old, new)))
      #expect(refusal.hasPrefix("w.yaml:"), "\(new): \(refusal)")
      #expect(refusal.contains("invisible or text-direction characters (U+"), "\(new): \(refusal)")
    }
  }

  @Test func aProvidersNameIsCleanedByTheSameRule() async throws {
    let identity = ProviderIdentity(provider: .apple, name: "Jo \u{202E}evil\u{202C} Park \u{3164}", email: "jo@x.org")
    #expect(identity.accountName == "Jo evil Park")
    #expect(ProviderIdentity(provider: .apple, name: "\u{3164}\u{200B}", email: "jo@x.org").accountName == "jo")
  }

  // MARK: 23: the loader keeps the app's rules

  /// Each world of `../shared/repro2/worlds23/` (family-admin with one of the app's rules broken), refused by the
  /// loader (and so by `lint`) with a position. The rules are the app's own (``RoleRules``, ``Validation``), which the
  /// flow and the mock backend call when a person acts: a planted break in one of them (`checkDriver` accepting every
  /// role, `emailKey` keeping the case) makes its case here load.
  @Test(arguments: [
    (
      "twofam", "\nfamilies:\n",
      "\nfamilies:\n  - { id: other, name: Others, code: ABCDEF, members: [{ account: sarah, role: parentAdmin }] }\n",
      "already active in family"
    ),
    (
      "assigneeVisitor", "{ id: bins, title: Put the bins out, assignee: ben,",
      "{ id: bins, title: Put the bins out, assignee: rose,", "can't take tasks"
    ),
    (
      "driverVisitor", "{ id: tue-am, at: 2026-03-03T08:15:00Z, passengers",
      "{ id: tue-am, at: 2026-03-03T08:15:00Z, driver: rose, passengers", "can't drive a pickup"
    ),
    (
      "driverChild", "{ id: tue-am, at: 2026-03-03T08:15:00Z, passengers",
      "{ id: tue-am, at: 2026-03-03T08:15:00Z, driver: ben, passengers", "can't drive a pickup"
    ),
    ("title81", "title: Put the bins out,", "title: \(String(repeating: "x", count: 81)),", "at most 80 characters"),
    (
      "msg501", "text: Who can take Ben to swimming on Tuesday? }", "text: \(String(repeating: "y", count: 501)) }",
      "at most 500 characters"
    ),
    (
      "bidiTitle", "title: Put the bins out,", "title: \"Put the \u{202E}bins out\",",
      "text-direction characters (U+202E"
    ),
    ("dupemail", "email: mark@example.com", "email: SARAH@example.com", "already the email of account 'sarah'"),
  ])
  func theLoaderRefusesWorldsTheAppForbids(name: String, old: String, new: String, expected: String) {
    let refusal = Self.refusal(Self.fa((old, new)))
    #expect(refusal.contains(expected), "\(name): \(refusal)")
    #expect(refusal.range(of: #"^w\.yaml:\d+:\d+: error: "#, options: .regularExpression) != nil, "\(name): \(refusal)")
  }

  // MARK: 06: a driver booked twice at once

  @Test func aDriverIsBookedForOnePickupAtATimeAndTheNoticeNamesTheRoute() async throws {
    let world = Self.fa(
      (
        "{ id: tue-swim, at: 2026-03-03T16:30:00Z, passengers: [ben] }",
        "{ id: tue-swim, at: 2026-03-03T08:15:00Z, passengers: [ben] }"
      ))
    let simulator = try await DefectWorlds.open(world)
    let text = await simulator.type("school run", "claim 2")
    #expect(text.contains("You are driving the Tue 3 Mar 08:15 pickup (Home → Oakwood Primary)."))
    await simulator.type("claim 4")
    #expect(simulator.state.error?.code == .roleConflict)
    #expect(simulator.state.error?.message.contains("already driving the Home → Oakwood Primary pickup") == true)
  }

  // MARK: 20: a pickup that has happened

  @Test func aPastPickupIsNeitherFlaggedNorClaimable() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    let text = await simulator.type(":clock 2026-03-03T23:59", "school run")
    #expect(!text.contains("UNCLAIMED"))
    await simulator.type("claim 1")
    #expect(simulator.state.error?.message.contains("has already happened") == true)
    #expect(simulator.state.notice == nil)
  }

  // MARK: 02: the last parent admin is told before being asked

  @Test func theLastParentAdminIsRefusedBeforeBeingAskedAndAOnePersonFamilySaysWhatToDo() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type("settings", "leave family")
    #expect(simulator.state.screen == .settings)
    #expect(simulator.state.error?.code == .roleConflict)
    let alone = try await DefectWorlds.open(DefectWorlds.fa)
    await alone.type(":as jo", "create family", "name Rivers", "continue", "settings", "leave family")
    #expect(alone.state.screen == .settings)
    #expect(alone.state.error?.message.contains("only member") == true)
    #expect(alone.state.error?.message.contains("share the family code") == true)
    // Removing yourself points to leaving only when leaving would work.
    await alone.type("family management", "open 1", "remove")
    #expect(alone.state.error?.message.contains("only member") == true)
  }

  // MARK: 07: participants are active members

  @Test func anEndedVisitorIsNotAddedToAnEvent() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type(":clock 2026-03-07T08:00", "calendar", "add event", "title Lunch", "when 2026-03-08 12:00")
    await simulator.type("with rose")
    #expect(simulator.state.error?.message.contains("access to the family has ended") == true)
    guard case .addEvent(let draft) = simulator.state.screen else {
      Issue.record("left the form")
      return
    }
    #expect(draft.participants.isEmpty)
  }

  // MARK: 09: who left keeps their name

  @Test func aRemovedMemberKeepsTheirNameAndTheirDoneTask() async throws {
    let world = DefectWorlds.fa.replacingOccurrences(
      of: "{ account: mark, role: adult, lastRead: thursday-pickup }",
      with: "{ account: mark, role: parentAdmin, lastRead: thursday-pickup }")
    let simulator = try await DefectWorlds.open(world)
    await simulator.type("tasks", "add task", "title Wash the car", "for ben")
    await simulator.type(":as mark", "settings", "family management", "open 3", "remove", "yes")
    let form = await simulator.type(":as sarah")
    #expect(form.contains("For: Ben Johnson (no longer in the family)"), "\(form)")
    await simulator.type("save")
    #expect(simulator.state.error?.message.contains("no longer in the family") == true)
    let task = await simulator.type("back", "open 5")
    #expect(task.contains("Assigned to: Ben Johnson"), "\(task)")
  }

  @Test func aDoneTaskOfAFormerMemberAndAnEndedVisitorsMembershipStillLoad() {
    // Ben has left; his done task stays his. Rose's visit has ended; she may be in another family now.
    let world = Self.fa(
      ("\n      - { account: ben, role: child }", ""),
      ("{ id: bins, title: Put the bins out, assignee: ben,", "{ id: bins, title: Put the bins out,"),
      ("passengers: [ben, mia]", "passengers: [mia]"),
      ("passengers: [ben] }", "passengers: [] }"),
      ("participants: [ben, mark]", "participants: [mark]"),
      ("expires: 2026-03-06T18:00:00Z", "expires: 2026-03-01T18:00:00Z"),
      (
        "\nfamilies:\n",
        "\nfamilies:\n  - { id: other, name: Others, code: ABCDEF, members: [{ account: rose, role: parentAdmin }] }\n"
      ))
    #expect(Self.refusal(world) == "")
  }

  // MARK: 13: a reassigned task is said to be someone else's

  @Test func aTaskGivenToSomeoneElseSaysWhoseItIsNotThatTheRoleChanged() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type(":as ben", "tasks", "open 1", ":as sarah", "tasks", "open 3", "assign mia", ":as ben")
    let message = simulator.state.error?.message ?? ""
    // The services send a child only their own tasks, so the phone says it is no longer Ben's, not whose it is.
    #expect(message.contains("is no longer yours"), "\(message)")
    #expect(!message.contains("A child can't"))
  }

  @Test func aTaskDoneOfflineAfterItWasGivenAwayIsSaidToBeSomeoneElses() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type(":as ben", "tasks", ":offline", ":as sarah", "tasks", "open 3", "assign mia", ":as ben")
    await simulator.type("done 1")
    let text = await simulator.type(":online")
    #expect(text.contains("“Put the bins out” is now Mia's"), "\(text)")
    #expect(!text.contains("Your role no longer allows"))
  }

  // MARK: 17: a pin waiting to sync

  @Test func aPinMadeOfflineShowsPinnedAndWaiting() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    let text = await simulator.type("messages", "noticeboard", ":offline", "pin 2")
    #expect(text.contains("PINNED · WAITING TO SYNC"))
  }

  // MARK: 25: a typed action the role may not take

  @Test func aVisitorTypingPinIsToldTheRolesReason() async throws {
    let simulator = try await DefectWorlds.open("visitor")
    let text = await simulator.type("messages", "noticeboard", "pin 1")
    #expect(!text.contains("not an action here"))
    #expect(simulator.state.error?.code == .permissionDenied)
    #expect(simulator.state.error?.message == "A visitor can't pin and unpin notices.")
  }

  // MARK: 05: no count of what the phone does not have

  @Test func aNoticeboardCopyPastItsTimeToLiveIsNotCounted() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type("messages", ":offline", ":clock +2h", "home")
    let stale = await simulator.type("messages")
    #expect(!stale.contains("2 notices"))
    #expect(stale.contains("Needs a connection: the phone's copy is from Mon 2 Mar 08:00"))
    let relaunched = await simulator.type(":relaunch", "messages")
    #expect(!relaunched.contains("0 notices"))
    #expect(relaunched.contains("Needs a connection"))
  }

  // MARK: 12: one story about sync

  @Test func aFailedReloadDoesNotSayUpToDate() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    let text = await simulator.type(":fault data.families networkTimeout", ":clock +1s")
    #expect(text.contains("Not up to date"))
    #expect(!text.contains("Sync: Up to date"), "\(text)")
  }

  // MARK: 26: offline with a copy is a state, not an error at every step

  @Test func aChangeSavedOfflineOnACopyIsNotFollowedByTheOfflineErrorAgain() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type("messages", "home", ":offline", ":relaunch", "messages")
    await simulator.type("send Cached hello")
    #expect(simulator.state.notice == "Saved on this phone; it will sync when you are back online.")
    #expect(simulator.state.error == nil)
    #expect(simulator.state.staleSince != nil)
    #expect(simulator.state.content.sync == .offline(pending: 1))
  }
}

/// The rules behind the second walk's defects, kept by exploration or over the states a walk shows, each shown
/// failing on a break planted into the app's table.
@Suite struct SecondWalkRuleTests {
  @Test func aQuestionForAnActionThatWillBeRefusedIsFound() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let app = await Explorer(scenario: scenario, options: .init(depth: 2)).run()
    #expect(!app.violations.contains { $0.invariant.contains("but yes is refused") }, "\(app.violations)")
    // Planted: leaving the family asks without checking first, as before defect 02 was fixed.
    let asking = ExplorerTests.table(replacingActionsOf: .settings) { action in
      guard action.id == .leaveFamily else { return action }
      return FlowAction(
        .leaveFamily, action.label, phrases: action.phrases, requires: action.requires, targets: action.targets,
        confirm: { state, _ in "Leave \(state.family?.name ?? "the family")?" }, run: action.run)
    }
    let planted = await Explorer(scenario: scenario, flow: Flow(table: asking), options: .init(depth: 2)).run()
    let found = try #require(planted.violations.first { $0.invariant.contains("but yes is refused") })
    #expect(found.invariant.hasPrefix("“Leave The Johnsons?” is asked on settings, but yes is refused: "))
    #expect(found.inputs == ["settings", "leave family"])
  }

  @Test func aCountOfDataThePhoneDoesNotHaveIsFound() async throws {
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    // Planted: a conversation that counts the notices of whatever copy it has, as before defect 05 was fixed.
    let counting = ExplorerTests.table(replacing: .messages) { spec in
      ScreenSpec(
        .messages, requires: spec.requires, title: spec.title, load: spec.load,
        body: { state in spec.body(state) + [.row("\(state.content.notices.count) notices")]
        },
        actions: spec.actions)
    }
    for (table, planted) in [(FlowTable.app, false), (counting, true)] {
      let flow = Flow(table: table)
      let simulator = Simulator(scenario: scenario, flow: flow)
      await simulator.start()
      await simulator.type("messages", ":offline")
      #expect(Flow.countWithoutData(simulator.state, texts: flow.textShown(simulator.state)) == nil)
      await simulator.type(":clock +2h", "home", "messages")
      let found = Flow.countWithoutData(simulator.state, texts: flow.textShown(simulator.state))
      #expect((found != nil) == planted, "\(String(describing: found))")
    }
  }
}

/// The rule behind defect 25, over every family screen, role and action: a typed action the role may not take is
/// refused with the role's reason (``AppError/denied(_:role:)``), whatever the screen's state (loaded, its lists
/// empty so the actions' conditions fail, or not loaded), never "not an action here" nor "not available here". A
/// planted break (InputParser's candidates filtered by the condition alone again, or Flow.send testing the
/// condition before the permission) fails it: a visitor's "pin" on a board whose notices are all pinned.
@Suite struct TypedActionsBeyondTheRoleTests {
  static func typed(_ action: FlowAction) -> String {
    guard let argument = action.argument else { return action.phrases[0] }
    let value =
      switch argument {
      case .text: "x"
      case .item: "1"
      case .points: "1"
      case .date: "2026-03-20 10:00"
      case .role: "adult"
      case .notification: "messages"
      case .names: "sarah"
      }
    return "\(action.phrases[0]) \(value)"
  }

  @Test(arguments: Role.allCases)
  func everyTypedActionBeyondTheRoleIsRefusedWithTheRolesReason(role: Role) async throws {
    let table = FlowTable.app
    for id in ScreenID.allCases {
      guard let screen = PermissionMatrixTests.screen(id) else { continue }
      for action in table[id].actions {
        guard let needed = action.requires, !Permissions.allows(role, needed) else { continue }
        for variant in ["loaded", "emptied", "not loaded"] {
          var (flow, services, state) = await PermissionMatrixTests.standing(as: role, on: screen)
          await flow.refresh(&state, services: services)
          state.screen = screen
          if variant == "emptied" {
            state.content.events = []
            state.content.tasks = []
            state.content.notices = []
            state.content.messages = []
            state.content.pickups = []
          }
          if variant == "not loaded" { state.loaded = false }
          let place = "\(role) · \(id) · \(action.id) (\(variant))"
          let text = Self.typed(action)
          switch InputParser(flow: flow).resolve(text, in: state) {
          case .unknown(let message):
            Issue.record("\(place): “\(text)” → \(message)")
          case .invalid(let resolved, let error):
            let outcome = await flow.reject(resolved, with: error, to: &state, services: services)
            #expect(outcome == .performed, "\(place): \(outcome)")
            #expect(state.error == AppError.denied(needed, role: role), "\(place): \(String(describing: state.error))")
          case .intent(let intent):
            // Another action of the screen, with the same words, that the role may take: not this rule's case.
            if intent.action != action.id,
              let other = table[id].actions.first(where: { $0.id == intent.action }),
              other.requires.map({ Permissions.allows(role, $0) }) ?? true
            {
              continue
            }
            let outcome = await flow.send(intent, to: &state, services: services)
            #expect(outcome == .performed, "\(place): \(outcome)")
            #expect(
              state.error?.code == .permissionDenied && state.error?.message.hasPrefix("A") == true
                && state.error?.message.contains(" can't ") == true,
              "\(place): \(String(describing: state.error))")
          }
        }
      }
    }
  }
}
