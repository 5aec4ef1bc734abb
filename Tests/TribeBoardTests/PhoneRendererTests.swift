import Foundation
import Testing
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardRendering

/// The phone in HTML: each kind of content as an app draws it, every action as a control, every text escaped.
@Suite struct PhoneRendererTests {
  static let renderer = PhoneRenderer(mode: .live(path: "/s/default/input"))

  static func phone(_ scenario: String, _ lines: [String]) async throws -> String {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: scenario))
    await simulator.start()
    var last: ScreenSnapshot?
    for line in lines { last = await simulator.handle(line).snapshot }
    // The screen the last step showed, as the browser draws the phone in hand.
    let view = try #require(await simulator.phoneView(of: simulator.actingUser, shown: last))
    return renderer.render(
      view.snapshot,
      frame: .init(
        user: view.user, name: view.name, now: simulator.now, isOnline: view.isOnline, waiting: view.waiting,
        isActing: true))
  }

  @Test func theDashboardHasTheStatusBarAGreetingCardAndATabForEachModule() async throws {
    let html = try await Self.phone("family-admin", [])
    #expect(html.contains("<span class=\"time\">08:00</span>"))
    #expect(html.contains("<span class=\"visually-hidden\">Online</span>"))
    #expect(
      html.contains("<h3 class=\"title\" id=\"sarah-title\" title=\"The Johnsons\" tabindex=\"-1\">The Johnsons</h3>"))
    #expect(html.contains("<p class=\"hero-greeting\">Good morning, Sarah!</p>"))
    for (key, module) in [
      ("open-calendar", "Calendar"), ("open-tasks", "Tasks"), ("open-messages", "Messages"),
      ("open-school-run", "School run"), ("open-settings", "Settings"),
    ] {
      #expect(html.contains("data-action=\"\(key)\""), "\(module)")
      #expect(html.contains("<span class=\"tab-label\">\(module)</span>"), "\(module)")
    }
    #expect(html.contains("<nav class=\"tab-bar\" aria-label=\"Modules, Sarah Johnson’s phone\">"))
    #expect(html.contains("aria-current=\"page\"><svg class=\"icon icon-home\""))
    #expect(!html.contains("value=\"sign out\""), "Sign out is in Settings")
  }

  /// The rows of a list with the item's own state-aware actions, each naming the item by its identity.
  static func rows(_ html: String, class name: String) -> [String] {
    html.components(separatedBy: "<li class=\"\(name)").dropFirst().map {
      $0.components(separatedBy: "</form></li>")[0]
    }
  }

  @Test func aTaskIsACardWithACheckControlOnlyWhereItCanBeMarkedDoneAndItsIdentityNotItsNumber() async throws {
    let html = try await Self.phone("family-admin", ["tasks"])
    let cards = Self.rows(html, class: "card task")
    #expect(cards.count == 5)
    let open = try #require(cards.first { $0.contains("Tidy your room") })
    #expect(open.contains("<input type=\"hidden\" name=\"item\" value=\"tidy\"/>"))
    #expect(open.contains("name=\"action\" value=\"mark-done\" aria-label=\"Mark done: Tidy your room\""))
    #expect(open.contains("<span class=\"chip overdue\">Overdue</span>"))
    #expect(open.contains("<span class=\"chevron\">"))
    #expect(!open.contains("done 1"))
    let done = try #require(cards.first { $0.contains("Feed the cat") })
    #expect(!done.contains("mark-done"))
    #expect(done.contains("aria-label=\"Done\""))
    #expect(done.contains("<span class=\"chip done\">Done</span>"))
  }

  @Test func aChildSeesNoCheckControlOnSomeoneElsesTask() async throws {
    // Ben, a child, sees only his own tasks; Sarah's own list gives every open task its check control.
    let html = try await Self.phone("family-admin", [":as ben", "tasks"])
    for card in Self.rows(html, class: "card task") where card.contains("class=\"task-body\"") {
      #expect(card.contains("mark-done") == !card.contains("chip done"))
    }
  }

  @Test func aPinnedNoticeOffersUnpinOnlyAndAnotherPinOnly() async throws {
    let html = try await Self.phone("family-admin", ["messages", "noticeboard"])
    let notices = Self.rows(html, class: "card notice")
    #expect(notices.count == 2)
    let pinned = try #require(notices.first { $0.contains("Pinned</span>") })
    #expect(pinned.contains("value=\"unpin\"") && !pinned.contains("value=\"pin\""))
    let other = try #require(notices.first { !$0.contains("Pinned</span>") })
    #expect(other.contains("value=\"pin\"") && !other.contains("value=\"unpin\""))
  }

  /// A pickup someone else drives is theirs until they release it: only one nobody drives offers Claim.
  @Test func aPickupYouDriveOffersReleaseOneNobodyDrivesClaimAndItsRouteIsDrawn() async throws {
    let html = try await Self.phone("family-admin", ["school run"])
    let pickups = Self.rows(html, class: "card pickup")
    #expect(!pickups.isEmpty)
    for pickup in pickups {
      let mine = pickup.hasPrefix(" mine") || pickup.hasPrefix(" past mine")
      #expect(pickup.contains("value=\"release\"") == mine)
      #expect(pickup.contains("value=\"claim\"") == pickup.contains("Needs a driver"))
    }
    #expect(html.contains("<svg class=\"route-map\" viewBox=\"0 0 320 100\" role=\"img\" aria-label=\"Route "))
    #expect(html.contains("<summary>Directions</summary>"))
  }

  @Test func aPastPickupOffersNothing() async throws {
    let html = try await Self.phone("family-admin", ["school run", ":clock +4h"])
    let past = Self.rows(html, class: "card pickup past")
    #expect(!past.isEmpty)
    for pickup in past {
      #expect(!pickup.contains("value=\"claim\"") && !pickup.contains("value=\"release\""))
    }
  }

  @Test func messagesAreBubblesOwnOnOneSideGroupedByDayWithADockedComposer() async throws {
    let html = try await Self.phone("family-admin", ["messages"])
    #expect(html.contains("<h4 class=\"day\">Yesterday</h4><ol class=\"chat\">"))
    #expect(html.contains("<li class=\"bubble-row own\">"))
    #expect(html.contains("<li class=\"bubble-row\"><span class=\"avatar c"))
    #expect(html.contains("<form method=\"post\" novalidate action=\"/s/default/input\" class=\"composer\">"))
  }

  @Test func theAgendaIsGroupedByDayWithEachKindItsOwn() async throws {
    let html = try await Self.phone("family-admin", ["calendar"])
    #expect(html.contains("<h4 class=\"day\">Today</h4>"))
    #expect(html.contains("<h4 class=\"day\">Tomorrow</h4>"))
    #expect(html.contains("<li class=\"card event kind-school-run\">"))
    #expect(html.contains("<li class=\"card event kind-event\">"))
    #expect(html.contains("role=\"img\" aria-label=\"Ben Johnson\""))
  }

  @Test func aFormIsOneFormWithEveryFieldAndOneSubmitAndItsErrorAtTheField() async throws {
    let html = try await Self.phone("family-admin", ["tasks", "add task", "title Bins", "points 500"])
    let forms = html.components(separatedBy: "class=\"app-form\"")
    #expect(forms.count == 2)
    let form = forms[1].components(separatedBy: "</form>")[0]
    for field in ["title", "assign", "due", "points"] {
      #expect(form.contains("id=\"sarah-field-\(field)\""), "\(field)")
    }
    #expect(form.contains("name=\"value.1\" required"))
    #expect(form.contains("value=\"Bins\""))
    #expect(form.contains("<div class=\"form-field invalid\">"))
    #expect(form.contains("aria-invalid=\"true\" aria-describedby=\"sarah-field-points-error\" data-autofocus"))
    #expect(form.contains("role=\"alert\">Points are a whole number from 0 to 100.</p>"))
    #expect(form.contains("value=\"save\""))
    #expect(!html.contains("<div class=\"banner error\""))
  }

  @Test func aSettingIsASwitch() async throws {
    let html = try await Self.phone("family-admin", ["settings", "notifications"])
    #expect(html.contains("role=\"switch\" name=\"value\" value=\"messages\" aria-checked="))
  }

  @Test func aValueActionIsALabelledInputOfItsKindWithASubmitNamedByTheAction() async throws {
    let assign = try await Self.phone("family-admin", ["tasks", "open 1"])
    #expect(assign.contains("<label for=\"sarah-field-assign\">"))
    #expect(assign.contains("<select id=\"sarah-field-assign\" name=\"value\""))
    #expect(assign.contains("data-action=\"assign\""))
    // A member's role is a picker row of the detail's list, labelled by its row, the current role chosen.
    let roles = try await Self.phone("family-admin", ["settings", "family", "open 2"])
    #expect(roles.contains("<label class=\"row-label\" for=\"sarah-field-change-role\">Role</label>"))
    #expect(roles.contains("<select data-commit id=\"sarah-field-change-role\" name=\"value\">"))
    #expect(roles.contains("<option value=\"parent admin\">Parent admin</option>"))
    #expect(roles.contains("<option selected value=\"adult\">Adult</option>"))
  }

  @Test func onboardingHasAnIllustrationPageDotsAndAPrimaryAction() async throws {
    let html = try await Self.phone("new-user", [])
    #expect(html.contains("<svg class=\"illustration\""))
    #expect(html.contains("role=\"img\" aria-label=\"Page 1 of 3\""))
    #expect(html.contains("<span class=\"dot current\"></span>"))
    #expect(html.contains("class=\"btn primary block\" name=\"line\" value=\"next\" data-action=\"next\" data-n=\"1\""))
  }

  @Test func theFamilyCodeIsLargeAndAQuestionIsAnActionSheetWhoseDestructiveChoiceLooksIt() async throws {
    let created = try await Self.phone(
      "new-user", ["skip", "sign in apple", "retry", "create family", "name The Johnsons"])
    #expect(created.contains("<div class=\"code-card\"><p class=\"code-label\">Family code</p>"))
    #expect(created.contains("<svg class=\"qr\" role=\"img\" aria-label=\"QR code for https://"))
    #expect(created.contains("<path fill=\"currentColor\" d=\"M4 4h7v1h-7z"))
    let question = try await Self.phone("family-admin", ["settings", "family", "open 2", "remove"])
    #expect(question.contains("<div class=\"sheet\" role=\"alertdialog\" aria-modal=\"true\""))
    #expect(question.contains("class=\"sheet-button destructive\" name=\"line\" value=\"yes\""))
    #expect(question.contains(">Remove Mark Johnson</button>"))
    #expect(question.contains("class=\"sheet-button cancel\" name=\"line\" value=\"no\""))
    #expect(question.contains(">Cancel</button>"))
  }

  @Test func anErrorIsAnAlertWithItsRecoveriesAsButtonsAndANoticeIsAToast() async throws {
    let error = try await Self.phone("new-user", [":fault auth.signIn invalidCredentials", "skip", "sign in apple"])
    #expect(error.contains("<div class=\"banner error\" role=\"alert\">"))
    let network = try await Self.phone("new-user", [":fault auth.signIn networkTimeout", "skip", "sign in apple"])
    #expect(network.contains("<div class=\"banner offline\" role=\"alert\">"))
    #expect(network.contains("value=\"retry\""))
    let notice = try await Self.phone("family-admin", ["tasks", "done 2"])
    #expect(notice.contains("<div class=\"toast\" role=\"status\">"))
  }

  @Test func offlineShowsInTheStatusBarWithTheChangesWaiting() async throws {
    let html = try await Self.phone("family-admin", ["messages", ":offline", "send Hello"])
    #expect(html.contains("<span>Offline</span>"))
    #expect(html.contains("1 change waiting"))
    #expect(html.contains("<span class=\"chip waiting\">"))
  }

  @Test func aPersonHasTheSameColourAndInitialsOnEveryScreen() async throws {
    let ben = Person(id: "ben", name: "Ben Johnson")
    #expect(ben.initials == "BJ")
    #expect(ben.colour == Person(id: "ben", name: "Benjamin").colour)
    #expect(Person(id: "x", name: "").initials == "?")
    #expect(Person(id: "x", name: "  \t ").initials == "?")
    #expect(Person(id: "x", name: "mia").initials == "M")
    #expect(Person(id: "x", name: "zoë\u{3000}van der berg").initials == "ZB", "any Unicode space divides words")
    #expect(Person(id: "x", name: "élodie\tchen\n").initials == "ÉC")
    #expect(Set(["sarah", "mark", "ben", "mia", "rose"].map { Person(id: $0, name: $0).colour }).count > 1)
    // `--format jsonl` gives them with the person.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(ben), as: UTF8.self)
        == #"{"colour":\#(ben.colour),"id":"ben","initials":"BJ","name":"Ben Johnson"}"#)
    let tasks = try await Self.phone("family-admin", ["tasks"])
    let calendar = try await Self.phone("family-admin", ["calendar"])
    let colour = "avatar small c\(ben.colour)\""
    #expect(tasks.contains(colour) && calendar.contains(colour))
  }

  @Test func everyTextIsEscapedAndAStillPhoneHasInertControls() throws {
    var snapshot = ScreenSnapshot(AppState(), flow: Flow())
    snapshot.title = "<script>alert(1)</script>"
    let evil = "<img src=x onerror=alert(1)> · \"quoted\""
    let person = Person(id: "\"><b>", name: "<b>Bold</b> O'Brien")
    snapshot.blocks = [
      .row(evil, flag: "<b>"),
      .item(
        Item(
          id: "t\"><b>", number: 1, text: evil,
          kind: .task(
            TaskFacts(title: evil, assignee: person, due: nil, points: 1, state: .open, waiting: false)))),
      .item(
        Item(
          id: "m1", text: evil,
          kind: .message(
            MessageFacts(text: evil, sender: person, sentAt: Date(), isOwn: false, isNew: false, waiting: false)))),
      .item(
        Item(
          id: "n1", number: 1, text: evil,
          kind: .notice(NoticeFacts(text: evil, author: person, postedAt: Date(), pinned: true, waiting: false)))),
      .item(
        Item(
          id: "p1", number: 1, text: evil,
          kind: .pickup(
            PickupFacts(
              route: evil, at: Date(), driver: person, passengers: [person], isMine: true, isPast: false,
              waiting: false)))),
      .item(
        Item(
          id: "e1", number: 1, text: evil,
          kind: .event(
            EventFacts(title: evil, start: Date(), place: evil, kind: .event, participants: [person])))),
      .input(FormField(.title, evil, value: evil)),
      .field(evil, evil), .section(evil), .paragraph(evil), .empty(evil),
    ]
    let html = PhoneRenderer(mode: .still).render(
      snapshot, frame: .init(user: "x\"><p", name: "O'Brien <b>", now: nil, isOnline: nil, waiting: 0, isActing: false))
    #expect(!html.contains("<script>") && !html.contains("<img") && !html.contains("<b>"))
    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    #expect(html.contains("O&#39;Brien &lt;b&gt;’s phone"))
    #expect(!html.contains("type=\"submit\""))
    #expect(HTML.escape("a&b<c>\"d'") == "a&amp;b&lt;c&gt;&quot;d&#39;")
  }
}
