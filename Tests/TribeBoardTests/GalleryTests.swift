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
  /// (what its deep link does; an empty list's in the same family with nothing in its lists) shows that screen in
  /// that state.
  @Test func everyEntryIsWhatItsInputsShow() async throws {
    let gallery = await Self.familyAdmin.value
    let scenario = try BundledScenarios.scenario(named: "family-admin")
    let emptied = Gallery.emptied(scenario)
    var states: Set<Gallery.State> = []
    for entry in gallery.entries {
      states.insert(entry.state)
      let shown = await Gallery.replay(entry.emptyLists ? emptied : scenario, table: .app, entry.inputs)
      let load = entry.view.snapshot.load
      switch entry.state {
      case .launch:
        #expect(entry.inputs.isEmpty && shown.snapshot == entry.view.snapshot)
        continue
      case .loading where entry.screen == .preparing:
        // What the phone shows while the first sync runs: the failed sync's screen without its error.
        #expect(shown.snapshot.screen == .preparing && shown.snapshot.load == .error)
        #expect(load == .loading && entry.view.snapshot.title == shown.snapshot.title)
        continue
      default: break
      }
      #expect(shown.snapshot == entry.view.snapshot, "\(entry.screen) \(entry.state)")
      #expect(shown.snapshot.screen == entry.screen)
      switch entry.state {
      case .loaded: #expect(load == .loaded)
      case .empty: #expect(Gallery.showsAnEmptyList(entry.view.snapshot))
      case .loading: #expect(shown.latency > 0)
      case .error: #expect(load == .error && entry.view.snapshot.error != nil)
      case .offlineCached: #expect(load == .offlineWithCache)
      case .offlineNothingCached: #expect(load == .error && entry.view.snapshot.error?.code == .offline)
      case .launch: break
      }
    }
    #expect(states == Set(Gallery.State.allCases))
  }

  /// The transient and edge states a gallery exists to show: the launch screen, the first sync and its failure (the
  /// dashboard's error where the phone has nothing), and every list screen empty, made by the simulator (an empty family, a fault).
  @Test func theLaunchScreenPreparingErrorsAndEmptyListsAreDrawn() async throws {
    let gallery = await Self.familyAdmin.value
    func drawn(_ screen: ScreenID, _ state: Gallery.State) -> Bool {
      gallery.entries.contains { $0.screen == screen && $0.state == state }
    }
    #expect(gallery.entries.count { $0.state == .launch } == 1)
    #expect(drawn(.preparing, .loading) && drawn(.preparing, .error))
    // The dashboard's data failing shows the first sync's error where the phone has no copy, the copy where it has.
    #expect(gallery.omissions.contains { $0.screen == .dashboard && $0.state == .error && $0.reason.contains("copy") })
    for list in [ScreenID.calendar, .tasks, .messages, .noticeboard, .schoolRun] {
      #expect(drawn(list, .empty), "\(list) empty")
    }
    #expect(!gallery.unreached.contains(.preparing))
  }

  /// What cannot be drawn is said as a designer would: sentences, with the app's titles, not the code's names.
  @Test func statesNotDrawnAreSaidInADesignersWords() async throws {
    let gallery = await Self.familyAdmin.value
    #expect(!gallery.omissions.isEmpty)
    let codeNames = ScreenID.allCases.map(\.rawValue).filter { $0 != $0.lowercased() }
    for omission in gallery.omissions {
      let reason = omission.reason
      #expect(reason.first?.isUppercase == true && reason.hasSuffix("."), "\(reason)")
      #expect(!codeNames.contains { reason.contains($0) }, "\(reason)")
      #expect(!reason.contains("leaves for"), "\(reason)")
    }
  }

  @Test func anEmptyListIsDrawnWhereAScenarioHasOne() async throws {
    let gallery = await Gallery.build(try BundledScenarios.scenario(named: "new-user"), depth: 5)
    #expect(gallery.entries.contains { $0.state == .empty })
  }

  /// One entry per distinct drawing: scenarios (and roles' walks) that draw the same thing share it and list where
  /// it occurs; every entry of every scenario is in exactly one.
  @Test func eachDistinctDrawingIsOneEntryListingWhereItOccurs() async throws {
    let familyAdmin = await Self.familyAdmin.value
    let family = try BundledScenarios.scenario(named: "family-admin")
    let other = try BundledScenarios.scenario(named: "existing-user")
    let sections: [GalleryPage.Section] = [
      .init(scenario: family.name, summary: "", gallery: familyAdmin),
      .init(scenario: other.name, summary: "", gallery: await Gallery.build(other)),
    ]
    let items = GalleryPage.items(sections)
    let all = sections.flatMap(\.gallery.entries)
    #expect(items.map(\.occurrences.count).reduce(0, +) == all.count)
    #expect(items.count < all.count, "the two scenarios share drawings")
    #expect(items.contains { Set($0.occurrences.map(\.scenario)).count == 2 })
    let identities = items.map {
      "\($0.first.screen) \($0.first.who) \($0.first.state) " + GalleryPage.identity($0.first, phone: $0.phone)
    }
    #expect(Set(identities).count == items.count, "no two entries draw the same thing")
    #expect(Set(items.map(\.id)).count == items.count)
    for item in items {
      for entry in item.occurrences {
        let phone = GalleryPage.phone(entry, renderer: .init(mode: .still))
        #expect(GalleryPage.identity(entry, phone: phone) == GalleryPage.identity(item.first, phone: item.phone))
      }
    }
    // The loading entries are each screen's own (its title over skeletons), not one drawing repeated.
    let loading = items.filter { $0.first.state == .loading && $0.first.screen != .preparing }
    #expect(Set(loading.map(\.first.screen)).count >= 8)
  }

  @Test func thePageIsSelfContainedWithEachEntryLightAndDarkDrawnFromATemplate() async throws {
    let gallery = await Self.familyAdmin.value
    let sections = [GalleryPage.Section(scenario: "family-admin", summary: "S", gallery: gallery)]
    let items = GalleryPage.items(sections)
    let html = GalleryPage.html(sections, server: "http://127.0.0.1:8080/")
    #expect(!html.contains("<script src") && !html.contains("<link") && !html.contains("src=\"http"))
    #expect(html.components(separatedBy: "<figure class=\"gallery-entry\"").count - 1 == items.count)
    #expect(html.components(separatedBy: "<template><div class=\"theme-light\">").count - 1 == items.count)
    #expect(html.components(separatedBy: "<div class=\"theme-dark\">").count - 1 == items.count)
    #expect(!html.contains(GalleryPage.token))
    let ids = html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) }
    #expect(Set(ids).count == ids.count, "ids are unique across entries and themes")
    for screen in Set(items.map(\.first.screen)) {
      #expect(html.contains("<a href=\"#screen-\(screen.rawValue)\">"), "the index links \(screen)")
    }
    let index = try #require(html.firstMatch(of: /<nav class="gallery-index"[^>]*>(.*?)<\/nav>/)?.output.1)
    #expect(index.components(separatedBy: "<ul>").count == index.components(separatedBy: "</ul>").count)
    #expect(index.components(separatedBy: "<li>").count == index.components(separatedBy: "</li>").count)
    #expect(html.contains("<select name=\"text\">") && html.contains("<option value=\"200\">200%</option>"))
  }

  /// `--compare`: an entry whose drawing changed is changed, one the earlier gallery lacked is new, one it had and
  /// this one lacks is gone, the rest unchanged; a changed stylesheet leaves the page to compare how they look.
  @Test func aComparisonMarksNewChangedAndGoneEntries() async throws {
    let gallery = await Self.familyAdmin.value
    let sections = [GalleryPage.Section(scenario: "family-admin", summary: "S", gallery: gallery)]
    let items = GalleryPage.items(sections)
    var old = GalleryManifest(items: items, sections: sections, server: "http://127.0.0.1:8080/")
    let decoded = try JSONDecoder().decode(GalleryManifest.self, from: Data(old.json().utf8))
    #expect(decoded.entries.map(\.hash) == old.entries.map(\.hash))
    #expect(GalleryComparison(old: decoded, items: items).gone.isEmpty)
    #expect(items.allSatisfy { GalleryComparison(old: decoded, items: items).change(of: $0) == .unchanged })
    let changed = old.entries[3].id
    old.entries[3].hash = "0"
    let new = old.entries.remove(at: 5).id
    var gone = old.entries[0]
    gone.id = "calendar-visitor-loading-nowhere"
    old.entries.append(gone)
    let comparison = GalleryComparison(old: old, items: items)
    var changes: [String: GalleryComparison.Change] = [:]
    for item in items { changes[item.id] = comparison.change(of: item) }
    #expect(changes[changed] == .changed && changes[new] == .new)
    #expect(changes.values.count { $0 == .unchanged } == items.count - 2)
    #expect(comparison.gone.map(\.id) == [gone.id])
    let page = GalleryPage.html(items: items, sections: sections, server: "/", comparison: comparison)
    #expect(page.contains("data-change=\"changed\"") && page.contains("data-change=\"gone\""))
    old.stylesheet += ".own .bubble { background: green; }"
    #expect(GalleryComparison(old: old, items: items).change(of: items[0]) == .restyled)
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
