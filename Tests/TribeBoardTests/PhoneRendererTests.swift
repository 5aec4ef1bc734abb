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
    for line in lines { _ = await simulator.handle(line) }
    let view = try #require(await simulator.phoneView(of: simulator.actingUser))
    return renderer.render(
      view.snapshot,
      frame: .init(
        user: view.user, name: view.name, now: simulator.now, isOnline: view.isOnline, waiting: view.waiting,
        isActing: true))
  }

  @Test func theDashboardHasTheStatusBarTitleAndAModuleTileWithAnIconForEachModule() async throws {
    let html = try await Self.phone("family-admin", [])
    #expect(html.contains("<span class=\"time\">08:00</span>"))
    #expect(html.contains("<span>Online</span>"))
    #expect(html.contains("<h3 class=\"title\" id=\"sarah-title\" tabindex=\"-1\">The Johnsons</h3>"))
    #expect(html.contains("<p class=\"who\">The Johnsons · Sarah · Parent admin</p>"))
    for module in ["Calendar", "Tasks", "Messages", "School run", "Settings"] {
      #expect(html.contains("<use href=\"#icon-") && html.contains("<span>\(module)</span></button>"), "\(module)")
    }
    #expect(html.contains("<ul class=\"tiles\" aria-label=\"Modules\">"))
  }

  @Test func listRowsHaveATitleDetailsABadgeAndTheirItemActions() async throws {
    let html = try await Self.phone("family-admin", ["tasks"])
    #expect(html.contains("<span class=\"row-title\">Tidy your room</span>"))
    #expect(html.contains("<span class=\"chip overdue\">OVERDUE</span>"))
    #expect(html.contains("value=\"done 1\" aria-label=\"Mark a task done: Tidy your room\""))
    #expect(html.contains("<a") == false)
    #expect(html.contains("class=\"back\"") && html.contains("<span>Dashboard</span>"))
  }

  @Test func anActionThatTakesAValueIsALabelledInputOfItsKindWithASubmitNamedByTheAction() async throws {
    let html = try await Self.phone("family-admin", ["calendar", "add event"])
    #expect(html.contains("<label for=\"sarah-field-when\">"))
    #expect(html.contains("id=\"sarah-field-when\" name=\"value\" type=\"datetime-local\""))
    let roles = try await Self.phone("family-admin", ["settings", "family", "open 2"])
    #expect(roles.contains("<select id=\"sarah-field-change-role\" name=\"value\">"))
    #expect(roles.contains("<option value=\"parent admin\">Parent admin</option>"))
  }

  @Test func onboardingHasPageDotsAndAPrimaryAction() async throws {
    let html = try await Self.phone("new-user", [])
    #expect(html.contains("role=\"img\" aria-label=\"Page 1 of 3\""))
    #expect(html.contains("<span class=\"dot current\"></span>"))
    #expect(html.contains("class=\"btn primary\" name=\"line\" value=\"next\" data-n=\"1\""))
  }

  @Test func theFamilyCodeIsLargeAndAQuestionIsASheetWithItsTwoChoices() async throws {
    let created = try await Self.phone(
      "new-user", ["skip", "sign in apple", "retry", "create family", "name The Johnsons"])
    #expect(created.contains("<div class=\"code-card\"><p class=\"code-label\">Family code</p>"))
    #expect(created.contains("<svg class=\"qr\" role=\"img\" aria-label=\"QR code for https://"))
    #expect(created.contains("<path fill=\"currentColor\" d=\"M4 4h7v1h-7z"))
    let question = try await Self.phone("family-admin", ["settings", "family", "open 2", "remove"])
    #expect(question.contains("<div class=\"sheet\">"))
    #expect(question.contains("class=\"btn destructive\" name=\"line\" value=\"yes\""))
    #expect(question.contains("class=\"btn secondary\" name=\"line\" value=\"no\""))
  }

  @Test func anErrorIsAnAlertWithItsRecoveriesAsButtonsAndANoticeIsAStatus() async throws {
    let error = try await Self.phone("new-user", [":fault auth.signIn networkTimeout", "skip", "sign in apple"])
    #expect(error.contains("<div class=\"banner error\" role=\"alert\">"))
    #expect(error.contains("value=\"retry\""))
    let notice = try await Self.phone("family-admin", ["tasks", "done 2"])
    #expect(notice.contains("<div class=\"toast\" role=\"status\">"))
  }

  @Test func offlineShowsInTheStatusBarWithTheChangesWaiting() async throws {
    let html = try await Self.phone("family-admin", ["messages", ":offline", "send Hello"])
    #expect(html.contains("<span>Offline</span>"))
    #expect(html.contains("1 change waiting"))
  }

  @Test func everyTextIsEscapedAndAStillPhoneHasInertControls() throws {
    var snapshot = ScreenSnapshot(AppState(), flow: Flow())
    snapshot.title = "<script>alert(1)</script>"
    snapshot.blocks = [.item(ref: 1, text: "<img src=x onerror=alert(1)> · \"quoted\"", flag: "<b>")]
    let html = PhoneRenderer(mode: .still).render(
      snapshot, frame: .init(user: "x\"><p", name: "O'Brien <b>", now: nil, isOnline: nil, waiting: 0, isActing: false))
    #expect(!html.contains("<script>") && !html.contains("<img") && !html.contains("<b>"))
    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    #expect(html.contains("O&#39;Brien &lt;b&gt;’s phone"))
    #expect(!html.contains("type=\"submit\""))
    #expect(HTML.escape("a&b<c>\"d'") == "a&amp;b&lt;c&gt;&quot;d&#39;")
  }
}
