import Foundation
import Testing
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardBrowser
@testable import TribeBoardRendering

/// The screen model says what kind of control each action and field is, and the phone draws each as iOS does: tabs,
/// rows with chevrons, an action sheet naming what it does, an error's ways forward once, the app's own pickers.
@Suite struct AppControlsTests {
  static func snapshot(_ scenario: String, _ lines: [String]) async throws -> ScreenSnapshot {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: scenario))
    await simulator.start()
    var last: ScreenSnapshot?
    for line in lines { last = await simulator.handle(line).snapshot ?? last }
    return try #require(last)
  }

  static func kind(_ key: ActionID, in snapshot: ScreenSnapshot) -> ScreenSnapshot.Action.Kind? {
    snapshot.actions.first { $0.key == key.rawValue }?.kind
  }

  @Test func eachActionSaysWhatKindOfControlItIs() async throws {
    let dashboard = try await Self.snapshot("family-admin", ["home"])
    #expect(Self.kind(.openCalendar, in: dashboard) == .tab)
    #expect(Self.kind(.openSettings, in: dashboard) == .tab)
    #expect(dashboard.actions.filter { $0.kind == .tab }.count == 5)
    let settings = try await Self.snapshot("family-admin", ["settings"])
    #expect(Self.kind(.openProfile, in: settings) == .row)
    #expect(Self.kind(.openFamilyManagement, in: settings) == .row)
    #expect(Self.kind(.leaveFamily, in: settings) == .destructive)
    #expect(Self.kind(.signOut, in: settings) == .destructive)
    #expect(Self.kind(.home, in: settings) == .navigation)
    let notifications = try await Self.snapshot("family-admin", ["settings", "notifications"])
    #expect(Self.kind(.toggle, in: notifications) == .setting)
  }

  @Test func anErrorsWayForwardIsARecoveryOfTheErrorNotAlsoAnActionBelow() async throws {
    let failed = try await Self.snapshot(
      "family-admin", [":fault data.tasks serviceUnavailable times 1", "tasks"])
    #expect(failed.error != nil)
    #expect(Self.kind(.retry, in: failed) == .recovery)
    #expect(failed.recoveries.map(\.key).contains(ActionID.retry.rawValue))
    #expect(failed.recoveries.allSatisfy { $0.input != nil || $0.kind == .recovery })
  }

  @Test func theFormsFieldsSayTheirControls() async throws {
    let task = try await Self.snapshot("family-admin", ["tasks", "add task"])
    var inputs: [ActionID: FormField.Input] = [:]
    for case .input(let field) in task.blocks { inputs[field.action] = field.input }
    #expect(inputs[.title] == .text)
    #expect(inputs[.assign] == .member)
    #expect(inputs[.due] == .dateTime)
    #expect(inputs[.points] == .number(0...Validation.maximumPoints))
    let event = try await Self.snapshot("family-admin", ["calendar", "add event"])
    var who: FormField?
    for case .input(let field) in event.blocks where field.action == .with { who = field }
    #expect(who?.input == .members)
    #expect(who?.typed == "everyone")
    #expect(who?.choices.map(\.value).contains("ben") == true)
  }

  /// Tell 2: "Who" starts as Everyone, and Everyone is taken, typed or sent by the phone.
  @Test func addAnEventTakesItsOwnDefaultEveryone() async throws {
    let saved = try await Self.snapshot(
      "family-admin",
      ["calendar", "add event", "title Picnic", "when 2026-03-03 12:00", "with Everyone", "save"])
    #expect(saved.error == nil, "\(saved.error?.message ?? "")")
    #expect(saved.screen == .calendar)
    #expect(saved.notice?.hasPrefix("Added “Picnic”") == true)
    let some = try await Self.snapshot(
      "family-admin", ["calendar", "add event", "title Picnic", "with everyone, Ben Johnson"])
    #expect(some.error == nil)
    var who: FormField?
    for case .input(let field) in some.blocks where field.action == .with { who = field }
    #expect(who?.value == "Ben")
    #expect(who?.typed == "ben")
  }

  /// Tell 4: the question is an action sheet over the member's screen, its choice naming who is removed.
  @Test func aConfirmationIsASheetNamingWhatItDoesOverTheScreenItWasAskedFrom() async throws {
    let asked = try await Self.snapshot("family-admin", ["settings", "family management", "open 3", "remove"])
    let sheet = try #require(asked.sheet)
    #expect(sheet.confirm == "Remove Ben Johnson")
    #expect(sheet.cancel == "Cancel")
    #expect(sheet.underneath?.screen == .memberDetail)
    #expect(sheet.underneath?.title == "Ben Johnson")
    let html = PhoneRenderer(mode: .live(path: "/s/default/input")).render(
      asked, frame: .init(user: "sarah", name: "Sarah Johnson", now: nil, isOnline: true, waiting: 0, isActing: true))
    #expect(html.contains("role=\"alertdialog\""))
    #expect(html.contains(">Remove Ben Johnson</button>"))
    #expect(html.contains(">Cancel</button>"))
    #expect(!html.contains(">Yes</button>") && !html.contains(">No</button>"))
    #expect(html.contains("<div class=\"under\" inert aria-hidden=\"true\">"))
  }

  /// Tell 5: the role's modules as tabs, on the dashboard and on the screens that offer the way home.
  @Test func theModulesAreTabsWithTheScreensOwnSelected() async throws {
    let tasks = try await Self.snapshot("family-admin", ["tasks"])
    #expect(tasks.tabs.map(\.label) == ["Today", "Calendar", "Tasks", "Messages", "School run", "Settings"])
    #expect(tasks.tabs.filter(\.isSelected).map(\.label) == ["Tasks"])
    let signIn = try await Self.snapshot("new-user", ["skip"])
    #expect(signIn.tabs.isEmpty)
  }

  /// Tell 12: a failure's notice says so.
  @Test func aNoticeOfAFailedSendIsAFailure() async throws {
    let sent = try await Self.snapshot(
      "family-admin", ["messages", ":fault data.sendMessage networkTimeout times 1", "send Running late"])
    #expect(sent.notice?.contains("failed") == true)
    #expect(sent.noticeIsFailure)
    let fine = try await Self.snapshot("family-admin", ["messages", "send Running late"])
    #expect(fine.notice == nil || !fine.noticeIsFailure)
  }

  /// Tell 15: Mark and Mia Johnson are not both "MJ".
  @Test func twoMembersNeverLookAlike() async throws {
    let members = try await Self.snapshot("family-admin", ["settings", "family management"])
    var initials: [String] = []
    for case .item(let item) in members.blocks {
      if case .member(let facts) = item.kind { initials.append(facts.person.initials) }
    }
    #expect(initials.count >= 4)
    #expect(Set(initials).count == initials.count, "\(initials)")
    #expect(initials.contains("SJ"), "\(initials)")
  }

  @Test func thePhonesFormsAreTheAppsOwn() async throws {
    let html = try await PhoneRendererTests.phone("family-admin", ["tasks", "add task"])
    #expect(html.contains("<form method=\"post\" novalidate"))
    #expect(!html.contains("datetime-local"))
    #expect(html.contains("aria-label=\"More points\""))
    #expect(!html.contains("Times are UTC"))
    let refused = try await PhoneRendererTests.phone(
      "new-user", ["skip", "sign in apple", "retry", "create family", "name J"])
    #expect(!refused.contains("You can:"))
    #expect(refused.contains("aria-invalid=\"true\""))
  }

  /// The phone's pickers send their parts apart; the server joins them as the REPL types them.
  @Test func aPickedDayAndTimeAndChosenMembersAreJoinedAsTheReplTypesThem() throws {
    let choice = try BrowserInput.choice(
      from: .init(fields: [
        "form": "1", "words.1": "when", "date.1": "2026-03-03", "time.1": "12:00", "words.2": "with",
        "value.2.2": "mia", "value.2.1": "ben", "words.3": "place", "date.3": "", "line": "save",
      ]))
    #expect(choice == .form(["when 2026-03-03 12:00", "with ben, mia", "save"]))
    let tab = try BrowserInput.choice(from: .init(fields: ["first": "home", "line": "calendar"]))
    #expect(tab == .form(["home", "calendar"]))
  }

  /// The dashboard is "Today": the next event, who drives next, the chores due, each the thing itself (its facts and
  /// identity, no number to act on), as far as the role may see them.
  @Test func theDashboardIsATodaySummaryOfTheModulesThings() async throws {
    let today = try await Self.snapshot("family-admin", ["home"])
    var things: [Item] = []
    for case .item(let item) in today.blocks where item.number == nil && item.id != nil {
      if case .member = item.kind { continue }
      things.append(item)
    }
    #expect(today.blocks.contains(.section("Today")))
    guard case .event(let next)? = things.first?.kind else {
      Issue.record("the next event first: \(things.map(\.text))")
      return
    }
    #expect(next.title == "Swimming lesson")
    let pickup = things.lazy.compactMap { item -> PickupFacts? in
      if case .pickup(let facts) = item.kind { facts } else { nil }
    }.first
    #expect(pickup?.route == "Home → Oakwood Primary")
    #expect(pickup?.driver?.name == "Sarah Johnson" && pickup?.isMine == true, "Sarah drives at 08:15")
    let chores = things.compactMap { item -> String? in
      if case .task(let facts) = item.kind { facts.title } else { nil }
    }
    #expect(chores == ["Tidy your room", "Empty the dishwasher"])
    #expect(things.allSatisfy { $0.actions.isEmpty })
    // A child sees their own chores only.
    let child = try await Self.snapshot("child", ["home"])
    let own = child.blocks.compactMap { block -> String? in
      if case .item(let item) = block, case .task(let facts) = item.kind { facts.title } else { nil }
    }
    #expect(own == ["Reading log"])
  }

  /// Member detail: the role is the value "Change the role" sets, a field of kind role holding the member's role.
  @Test func aMembersRoleIsAPickerFieldOfTheChangeRoleAction() async throws {
    let detail = try await Self.snapshot("family-admin", ["settings", "family management", "open 3"])
    var role: FormField?
    for case .input(let field) in detail.blocks where field.action == .changeRole { role = field }
    #expect(role?.typed == "child")
    #expect(role?.input == .role([.child, .visitor]))
    let html = try await PhoneRendererTests.phone("family-admin", ["settings", "family management", "open 3"])
    #expect(html.contains("data-commit"))
    #expect(html.contains("<option selected value=\"child\">"))
  }

  /// Tell 7 and 12: the app's words for a task's state; an ended visit is not welcomed as someone new; a toast is a
  /// failure by the flow's word for it, not by what its text happens to contain.
  @Test func theAppsWordsAndAFailureByTheModelsFlag() async throws {
    let task = try await Self.snapshot("family-admin", ["tasks", "open 1"])
    let status = task.blocks.compactMap { block -> String? in
      if case .field("Status", let value) = block { value } else { nil }
    }
    #expect(status.first.map { ["To do", "Overdue", "Done"].contains($0) } == true, "\(status)")
    let ended = try await Self.snapshot("visitor", ["home", ":clock 2026-03-03T12:00"])
    #expect(ended.error?.code == .accessExpired)
    let words = ended.blocks.compactMap { block -> String? in if case .paragraph(let text) = block { text } else { nil }
    }
    #expect(!words.joined().contains("not in a family yet"), "\(words)")
    let added = try await Self.snapshot(
      "family-admin", ["tasks", "add task", "title Fix what failed", "save"])
    #expect(added.notice?.contains("failed") == true)
    #expect(!added.noticeIsFailure, "a success whose words say failed is still a success")
  }

  /// The skeletons a screen shows while it loads are shaped like its content.
  @Test func eachScreensSkeletonsAreShapedLikeItsContent() async throws {
    let tasks = try await PhoneRendererTests.phone("family-admin", ["tasks"])
    #expect(
      tasks.contains(
        "<div class=\"skeletons\" aria-hidden=\"true\"><span class=\"sk-card\"><span class=\"sk sk-check\">"))
    let messages = try await PhoneRendererTests.phone("family-admin", ["messages"])
    #expect(messages.contains("<span class=\"sk sk-bubble own\">"))
    let settings = try await PhoneRendererTests.phone("family-admin", ["settings"])
    #expect(settings.contains("<span class=\"sk-group\"><span class=\"sk sk-row\">"))
  }

  /// A designer's wow, each from the model: the points board's places, the month's dots, the named route.
  @Test func thePointsBoardTheMonthAndTheRouteComeFromTheModel() async throws {
    let tasks = try await Self.snapshot("family-admin", ["tasks"])
    var scores: [ScoreFacts] = []
    for case .item(let item) in tasks.blocks { if case .score(let facts) = item.kind { scores.append(facts) } }
    let ben = scores.first { $0.person.name == "Ben Johnson" }
    #expect(ben?.points == 2 && ben?.rank == 1 && ben?.best == 2, "\(scores)")
    #expect(scores.filter { $0.points == 0 }.allSatisfy { $0.rank == 2 })
    let calendar = try await PhoneRendererTests.phone("family-admin", ["calendar"])
    #expect(calendar.contains("<caption>March 2026</caption>"))
    #expect(calendar.contains("<td class=\"today\" aria-current=\"date\"><span class=\"month-day\">2</span>"))
    #expect(calendar.contains("class=\"month-dot c"))
    let run = try await PhoneRendererTests.phone("family-admin", ["school run"])
    #expect(run.contains(">Oakwood Primary</text>"))
    #expect(run.contains("<span class=\"next-label\">Next pickup</span>"))
  }
}
