import Foundation
import Testing
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardValidation

/// The gallery is generated, never hand-listed: every screen of the flow table is drawn or named as unreached, and
/// every entry is what its inputs really show.
@Suite struct GalleryTests {
  static let familyAdmin = Task { await Gallery.build(try! BundledScenarios.scenario(named: "family-admin")) }

  @Test func everyScreenOfTheTableIsDrawnOrNamedAsUnreached() async throws {
    let gallery = await Self.familyAdmin.value
    let drawn = Set(gallery.entries.map(\.screen))
    #expect(drawn.union(gallery.unreached) == Set(ScreenID.allCases))
    #expect(drawn.isDisjoint(with: gallery.unreached))
    #expect(drawn.count >= 20, "family-admin reaches most of the app: \(drawn.count) screens")
    let roles = Set(gallery.entries.compactMap(\.role))
    #expect(roles == [.parentAdmin, .adult, .child, .visitor])
  }

  /// Each state is made by the simulator's own means and is what the screen model says: replaying an entry's inputs
  /// (what its deep link does) shows that screen in that state.
  @Test func everyEntryIsWhatItsInputsShow() async throws {
    let gallery = await Self.familyAdmin.value
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    var states: Set<Gallery.State> = []
    for entry in gallery.entries {
      states.insert(entry.state)
      let shown = await Gallery.replay(scenario, table: .app, entry.inputs)
      #expect(shown.snapshot == entry.view.snapshot, "\(entry.screen) \(entry.state)")
      #expect(shown.snapshot.screen == entry.screen)
      let load = entry.view.snapshot.load
      switch entry.state {
      case .loaded: #expect(load == .loaded)
      case .empty: #expect(load == .empty)
      case .loading: #expect(shown.latency > 0)
      case .error: #expect(load == .error && entry.view.snapshot.error != nil)
      case .offlineCached: #expect(load == .offlineWithCache)
      case .offlineNothingCached: #expect(load == .error && entry.view.snapshot.error?.code == .offline)
      }
    }
    #expect(states == [.loaded, .loading, .error, .offlineCached, .offlineNothingCached])
    #expect(gallery.omissions.contains { $0.state == .empty }, "the data of family-admin has no empty list: said why")
  }

  @Test func anEmptyListIsDrawnWhereAScenarioHasOne() async throws {
    let gallery = await Gallery.build(try BundledScenarios.scenario(named: "new-user"), depth: 5)
    #expect(gallery.entries.contains { $0.state == .empty })
  }

  @Test func thePageIsSelfContainedWithEachEntryLightAndDark() async throws {
    let gallery = await Self.familyAdmin.value
    let html = GalleryPage.html(
      [.init(scenario: "family-admin", summary: "S", gallery: gallery)], server: "http://127.0.0.1:8080/")
    #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src=\"http"))
    #expect(html.components(separatedBy: "<figure class=\"gallery-entry\"").count - 1 == gallery.entries.count)
    #expect(html.components(separatedBy: "<div class=\"theme-dark\">").count - 1 == gallery.entries.count)
    #expect(
      html.components(separatedBy: "class=\"phone loading\"").count - 1 == 2
        * gallery.entries.count { $0.state == .loading })
    let ids = html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) }
    #expect(Set(ids).count == ids.count, "ids are unique across entries and themes")
  }

  @Test func theDarkRulesApplyByClass() {
    let css = GalleryPage.themedStylesheet(
      ":root { --page: white; }\n@media (prefers-color-scheme: dark) {\n  :root { --page: black; }\n}\n"
        + "@media (prefers-color-scheme: dark) { .toast { color: red; } }\n.x { color: blue; }")
    #expect(!css.contains("prefers-color-scheme"))
    #expect(css.contains(".theme-dark { color-scheme: dark;"))
    #expect(css.contains("& { --page: black; }"))
    #expect(css.contains(".toast { color: red; }"))
    #expect(css.contains(".x { color: blue; }") && css.hasPrefix(":root { --page: white; }"))
  }

  @Test func aDeepLinkReplaysTheInputsOnAFreshStart() async throws {
    let gallery = await Self.familyAdmin.value
    let entry = try #require(gallery.entries.first { $0.state == .error })
    let link = GalleryPage.link(entry, server: "http://127.0.0.1:8080/")
    let query = try #require(URLComponents(string: link)?.queryItems)
    #expect(query.first { $0.name == "scenario" }?.value == "family-admin")
    #expect(query.first { $0.name == "steps" }?.value?.split(separator: "\n").map(String.init) == entry.inputs)
  }
}
