import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering

/// The gallery as one self-contained page: the phone as `tribeboard serve` draws it (the same renderer, the same
/// stylesheet, inlined), frozen, each distinct drawing once, in light and dark side by side, with text at 100% or
/// 200%. Its script (inline) draws each entry's phones as they scroll into view and filters the entries; without
/// it the page is a plain index of the entries, each with its live links.
public enum GalleryPage {
  /// One scenario's gallery, under its name.
  public struct Section: Sendable {
    public var scenario: String
    public var summary: String
    public var gallery: Gallery

    public init(scenario: String, summary: String, gallery: Gallery) {
      self.scenario = scenario
      self.summary = summary
      self.gallery = gallery
    }
  }

  /// One distinct drawing: a screen, as a role sees it, in a state, with what it shows; the scenarios that draw
  /// exactly this share it.
  public struct Item: Sendable {
    /// Stable across builds: screen, role and state, with the first scenario drawing it when the same screen, role
    /// and state look different in different scenarios.
    public var id: String
    public var first: Gallery.Entry
    /// Every entry that draws this, in the order of the scenarios.
    public var occurrences: [Gallery.Entry]
    /// The phone, drawn once with ``token`` where its ids go (each theme's copy replaces it).
    public var phone: String
    /// A hash of what the phone draws (its HTML, without the status bar's time and the person's name).
    public var hash: String

    public var caption: String { "\(first.screen.rawValue) · \(first.who) · \(first.state.title)" }
  }

  /// Where an item's phone ids go, replaced by each theme's own.
  static let token = "tbgalleryphone"

  /// The address of an entry's state, live in `tribeboard serve` at `server`: the page replays the inputs on a
  /// fresh start of the scenario.
  public static func link(_ entry: Gallery.Entry, server: String) -> String {
    "\(server)?scenario=\(entry.scenario.queryEscaped)&steps=\(entry.inputs.joined(separator: "\n").queryEscaped)"
  }

  /// The module a screen belongs to, for grouping: the one its permission names, else where it sits in the app.
  static func group(_ screen: ScreenID, table: FlowTable) -> String {
    if let module = table[screen].requires?.module { return module.displayName }
    return table[screen].needsFamily ? "Family" : "Onboarding and sign-in"
  }

  static func groups() -> [String] {
    ["Onboarding and sign-in", "Family"] + Module.allCases.map(\.displayName)
  }

  /// The launch screen over a phone, as the live page draws it when the app opens (there by its script).
  static func splash() -> String {
    let logo = Assets.decorativeLogo.replacingOccurrences(
      of: "tb-logo-gradient", with: token + "-launch-logo-gradient")
    return "<div class=\"launch\" aria-hidden=\"true\">\(logo)<p class=\"wordmark\">TribeBoard</p></div>"
  }

  /// The phone of `entry`, with ``token`` for its ids.
  static func phone(_ entry: Gallery.Entry, renderer: PhoneRenderer) -> String {
    let view = entry.view
    let frame = PhoneRenderer.Frame(
      user: token, name: view.name, now: entry.now, isOnline: view.isOnline, waiting: view.waiting,
      isActing: false, isLoading: entry.state == .loading && entry.screen != .preparing)
    var html = renderer.render(view.snapshot, frame: frame)
    if entry.state == .launch, let end = html.range(of: "</div></div></section>", options: .backwards) {
      html.insert(contentsOf: splash(), at: end.lowerBound)
    }
    return html
  }

  /// What makes two drawings the same: the phone's HTML without the status bar's time and the person's name (the
  /// scenarios' clocks and people differ; the caption says who). The launch screen covers the whole app: one.
  /// A loading screen hides its content under the skeletons: what it would show does not count.
  static func identity(_ entry: Gallery.Entry, phone: String, renderer: PhoneRenderer = .init(mode: .still)) -> String {
    if entry.state == .launch { return "launch" }
    var phone = phone
    if entry.state == .loading && entry.screen != .preparing {
      var hidden = entry
      hidden.view.snapshot.blocks = []
      phone = Self.phone(hidden, renderer: renderer)
    }
    return
      phone
      .replacing(/<span class="time">[^<]*<\/span>/, with: "")
      .replacing(/<h2 class="phone-label"[^>]*>[^<]*<\/h2>/, with: "")
  }

  /// 64-bit FNV-1a, in hex: enough to tell two drawings apart.
  static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Each distinct drawing of `sections` once, in the app's order: group, screen, role, state.
  public static func items(_ sections: [Section], table: FlowTable = .app) -> [Item] {
    let renderer = PhoneRenderer(mode: .still)
    var items: [Item] = []
    var byIdentity: [String: Int] = [:]
    for section in sections {
      for entry in section.gallery.entries {
        let phone = phone(entry, renderer: renderer)
        let identity = identity(entry, phone: phone, renderer: renderer)
        let key = "\(entry.screen.rawValue)|\(entry.who)|\(entry.state.rawValue)|\(identity)"
        if let index = byIdentity[key] {
          items[index].occurrences.append(entry)
        } else {
          byIdentity[key] = items.count
          items.append(Item(id: "", first: entry, occurrences: [entry], phone: phone, hash: hash(identity)))
        }
      }
    }
    let groupOrder = groups()
    let states = Gallery.State.allCases
    func rank(_ item: Item) -> [Int] {
      let entry = item.first
      return [
        groupOrder.firstIndex(of: group(entry.screen, table: table)) ?? groupOrder.count,
        ScreenID.allCases.firstIndex(of: entry.screen)!,
        entry.role.flatMap { Role.allCases.firstIndex(of: $0) } ?? (entry.who == "Signed out" ? -2 : -1),
        entry.state == .launch ? -1 : states.firstIndex(of: entry.state)!,
      ]
    }
    let order = items.indices.sorted { rank(items[$0]).lexicographicallyPrecedes(rank(items[$1])) }
    items = order.map { items[$0] }
    // Ids: screen, role and state; the same three drawn differently add the first scenario drawing each.
    let plain = Dictionary(grouping: items.indices) { slug(items[$0]) }
    var used: Set<String> = []
    for (base, indices) in plain.sorted(by: { $0.key < $1.key }) {
      for index in indices {
        var id = indices.count == 1 ? base : base + "-" + HTML.slug(items[index].first.scenario)
        var number = 2
        while used.contains(id) {
          id = base + "-" + HTML.slug(items[index].first.scenario) + "-\(number)"
          number += 1
        }
        used.insert(id)
        items[index].id = id
      }
    }
    return items
  }

  static func slug(_ item: Item) -> String {
    [item.first.screen.rawValue, item.first.who, item.first.state.rawValue]
      .map { $0.lowercased().replacing(/[^a-z0-9]+/, with: "-").trimmingCharacters(in: ["-"]) }
      .joined(separator: "-")
  }

  /// The words a search finds an item by: its caption, how it was made, its scenarios and what its screen says.
  static func searchText(_ item: Item) -> String {
    let words = item.phone.replacing(/<[^>]*>/, with: " ").replacing(/\s+/, with: " ")
    let scenarios = Set(item.occurrences.map(\.scenario)).sorted().joined(separator: " ")
    let text = [
      item.caption, item.first.view.snapshot.title, item.first.means, scenarios, String(words.prefix(400)),
    ].joined(separator: " ")
    return text.lowercased()
  }

  /// The whole page. `comparison` marks each item as new, changed or unchanged against an earlier gallery and
  /// lists the ones gone.
  public static func html(
    _ sections: [Section], table: FlowTable = .app, server: String, comparison: GalleryComparison? = nil
  ) -> String {
    html(items: items(sections, table: table), sections: sections, table: table, server: server, comparison: comparison)
  }

  /// The whole page of `items` (made by ``items(_:table:)`` from `sections`).
  public static func html(
    items: [Item], sections: [Section], table: FlowTable = .app, server: String, comparison: GalleryComparison?
  ) -> String {
    let grouped = Dictionary(grouping: items) { group($0.first.screen, table: table) }
    var index = HTMLWriter()
    var body = HTMLWriter()
    for name in groups() {
      guard let members = grouped[name] else { continue }
      let groupID = "group-" + HTML.slug(name)
      index += "<li><a href=\"#\(groupID)\">\(name)</a> (\(members.count))<ul>"
      body += "<section class=\"gallery-group\" aria-labelledby=\"\(groupID)\" data-group=\"\(HTML.slug(name))\">"
      body += "<h2 id=\"\(groupID)\">\(name)</h2>"
      var screens: [ScreenID] = []
      for item in members where !screens.contains(item.first.screen) { screens.append(item.first.screen) }
      for screen in screens {
        let entries = members.filter { $0.first.screen == screen }
        let screenID = "screen-" + screen.rawValue
        let title = entries[0].first.view.snapshot.title
        index += "<li><a href=\"#\(screenID)\">\(screen.rawValue)</a> "
        index += "<span class=\"gallery-count-of\" data-screen=\"\(screen.rawValue)\">(\(entries.count))</span></li>"
        body += "<section class=\"gallery-screen\" aria-labelledby=\"\(screenID)\" data-screen=\"\(screen.rawValue)\">"
        body += "<h3 id=\"\(screenID)\">\(screen.rawValue) <small>“\(title)”, "
        body += "\(entries.count) entr\(entries.count == 1 ? "y" : "ies")</small></h3><div class=\"gallery-grid\">"
        for item in entries { figure(item, server: server, comparison: comparison, into: &body) }
        body += "</div></section>"
      }
      index += "</ul></li>"
      body += "</section>"
    }
    if let comparison, !comparison.gone.isEmpty {
      body += "<section class=\"gallery-group gallery-gone\" aria-labelledby=\"group-gone\" data-group=\"gone\">"
      body += "<h2 id=\"group-gone\">Gone since the earlier gallery (\(comparison.gone.count))</h2>"
      body += "<div class=\"gallery-grid\">"
      for old in comparison.gone { goneFigure(old, into: &body) }
      body += "</div></section>"
    }
    let scenarios = sections.map(\.scenario)
    let screens = Set(items.map(\.first.screen)).count
    let css = themedStylesheet(Assets.css)
    let title = comparison == nil ? "TribeBoard gallery" : "TribeBoard gallery: what changed"
    var page = HTMLWriter()
    page += """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>\(title)</title>
      <style>
      \(html: css)
      \(html: galleryStylesheet)
      </style>
      </head>
      <body>
      \(html: Icons.sprite)
      <main class="gallery" id="gallery" data-theme="both" data-text="100">
      <h1>\(title)</h1>
      <p>Every screen of the app in every state it can show, for each role that reaches it: \
      \(items.count) distinct drawings of \(screens) screens, from \(scenarios.count) \
      scenario\(scenarios.count == 1 ? "" : "s") (\(scenarios.joined(separator: ", "))). \
      Each is the phone exactly as <code>tribeboard serve</code> draws it, light and dark; scenarios that \
      draw the same thing share one entry, which lists them. Each link opens that state live (start \
      <code>tribeboard serve</code> first).</p>
      \(html: comparison.map(comparisonSummary) ?? "")
      <noscript><p class="gallery-noscript">The phones are drawn by the page's script. Without it this page is \
      the index of every entry: its screen, role and state, where it occurs, and links that open it live.</p>\
      </noscript>
      \(html: filters(items, comparison: comparison))
      <nav class="gallery-index" aria-label="Screens"><h2>Screens</h2><ul>\(html: index.html)</ul></nav>
      \(html: body.html)
      \(html: legend(sections))
      </main>
      \(html: comparison.map { comparisonData($0, items: items, css: css) } ?? "")
      <script>
      \(html: GalleryScript.source)
      </script>
      </body>
      </html>

      """
    return page.html
  }

  static func figure(_ item: Item, server: String, comparison: GalleryComparison?, into html: inout HTMLWriter) {
    let entry = item.first
    html += "<figure class=\"gallery-entry\" id=\"entry-\(item.id)\" data-id=\"\(item.id)\" "
    html += "data-screen=\"\(entry.screen.rawValue)\" data-state=\"\(entry.state.rawValue)\" "
    html += "data-role=\"\(entry.who)\" data-hash=\"\(item.hash)\" "
    if let comparison {
      html += "data-change=\"\(comparison.change(of: item).rawValue)\" "
    }
    html += "data-search=\"\(searchText(item))\"><div class=\"gallery-themes\"><template>"
    for theme in ["light", "dark"] {
      html += "<div class=\"theme-\(theme)\">"
      html += "\(html: item.phone.replacingOccurrences(of: token, with: "\(item.id)-\(theme)"))</div>"
    }
    html += "</template></div><figcaption><strong>\(item.caption)</strong>"
    if let comparison {
      html += " <span class=\"gallery-change\">\(comparison.change(of: item).title)</span>"
    }
    html += "<br><span class=\"gallery-means\">Made by \(entry.means).</span> "
    var seen: [String] = []
    for occurrence in item.occurrences where !seen.contains(occurrence.scenario) {
      seen.append(occurrence.scenario)
    }
    html += "Seen in \(seen.count == 1 ? "1 scenario" : "\(seen.count) scenarios"), each opening it live: "
    var first = true
    for scenario in seen {
      let occurrence = item.occurrences.first { $0.scenario == scenario }!
      if !first { html += ", " }
      first = false
      html += "<a href=\"\(link(occurrence, server: server))\">\(scenario)</a>"
    }
    html += "</figcaption></figure>"
  }

  static func goneFigure(_ old: GalleryManifest.Entry, into html: inout HTMLWriter) {
    html += "<figure class=\"gallery-entry\" id=\"entry-\(old.id)\" data-id=\"\(old.id)\" "
    html += "data-screen=\"\(old.screen)\" data-state=\"\(old.state)\" "
    html += "data-role=\"\(old.role)\" data-change=\"gone\" "
    html += "data-search=\"\("\(old.screen) \(old.role) \(old.state) gone".lowercased())\">"
    html += "<div class=\"gallery-themes\"></div><figcaption><strong>"
    html += "\(old.screen) · \(old.role) · \(old.stateTitle)"
    html += "</strong> <span class=\"gallery-change\">Gone</span><br>No longer drawn (it was seen in "
    html += "\(old.scenarios.joined(separator: ", "))).</figcaption></figure>"
  }

  /// The filters and the search box, shown by the page's script (they need it).
  static func filters(_ items: [Item], comparison: GalleryComparison?) -> String {
    var html = HTMLWriter()
    func select(_ name: String, _ label: String, _ all: String, _ options: [(String, String)]) {
      html += "<label>\(label) <select name=\"\(name)\"><option value=\"\">\(all)</option>"
      for (value, text) in options {
        html += "<option value=\"\(value)\">\(text)</option>"
      }
      html += "</select></label>"
    }
    var screens: [ScreenID] = []
    for item in items where !screens.contains(item.first.screen) { screens.append(item.first.screen) }
    let screenCounts = Dictionary(grouping: items, by: \.first.screen).mapValues(\.count)
    let states = Gallery.State.allCases.filter { state in items.contains { $0.first.state == state } }
    var roles: [String] = []
    for item in items where !roles.contains(item.first.who) { roles.append(item.first.who) }
    html += "<form class=\"gallery-filters\" role=\"search\" aria-label=\"Find entries\" hidden>"
    select("screen", "Screen", "All screens", screens.map { ($0.rawValue, "\($0.rawValue) (\(screenCounts[$0]!))") })
    select("state", "State", "All states", states.map { ($0.rawValue, $0.title) })
    select("role", "Role", "All roles", roles.map { ($0, $0) })
    html += "<label>Theme <select name=\"theme\"><option value=\"both\">Light and dark</option>"
    html += "<option value=\"light\">Light</option><option value=\"dark\">Dark</option></select></label>"
    html += "<label>Text size <select name=\"text\"><option value=\"100\">100%</option>"
    html += "<option value=\"200\">200%</option></select></label>"
    if comparison != nil {
      select("change", "Change", "All entries", GalleryComparison.Change.allCases.map { ($0.rawValue, $0.title) })
    }
    html += "<label class=\"gallery-search\">Search <input type=\"search\" name=\"q\" "
    html += "placeholder=\"screen, role, state, scenario or words shown\"></label>"
    html += "<p class=\"gallery-count\" role=\"status\"></p></form>"
    return html.html
  }

  /// The states not drawn, and why, across the scenarios, and the screens no scenario reached.
  static func legend(_ sections: [Section]) -> String {
    var reasons: [String: [String]] = [:]
    var order: [String] = []
    for section in sections {
      for omission in section.gallery.omissions {
        let line = HTMLWriter.markup(
          """
          <strong>\(omission.title)</strong> (\(omission.screen.rawValue)) · \(omission.who) · \
          \(omission.state.title): \(omission.reason)
          """)
        if reasons[line] == nil { order.append(line) }
        reasons[line, default: []].append(section.scenario)
      }
    }
    var html = HTMLWriter()
    html += "<details class=\"gallery-legend\"><summary>States not drawn, and why (\(order.count))</summary><ul>"
    for line in order {
      let scenarios = reasons[line]!
      html += "<li>\(html: line) <span class=\"gallery-means\">(\(scenarios.joined(separator: ", ")))</span></li>"
    }
    let unreached = ScreenID.allCases.filter { screen in sections.allSatisfy { $0.gallery.unreached.contains(screen) } }
    if !unreached.isEmpty, !sections.isEmpty {
      html += "<li>No role of \(sections.count == 1 ? "this scenario" : "these scenarios")"
      html += " gets to these screens in a few steps, so they are not drawn: "
      html += "\(unreached.map(\.rawValue).joined(separator: ", ")).</li>"
    }
    html += "</ul></details>"
    return html.html
  }

  /// The app's stylesheet with its dark rules applied by a class instead of the system's setting, so a light and a
  /// dark phone sit side by side whatever the viewer's setting is: each `@media (prefers-color-scheme: dark)` block
  /// moves under `.theme-dark` (CSS nesting; its `:root` becomes the themed element itself).
  static func themedStylesheet(_ css: String) -> String {
    let opening = "@media (prefers-color-scheme: dark)"
    var light = ""
    var dark = ""
    var rest = Substring(css)
    while let start = rest.range(of: opening) {
      light += rest[..<start.lowerBound]
      guard let brace = rest[start.upperBound...].firstIndex(of: "{") else { break }
      var depth = 0
      var index = brace
      repeat {
        if rest[index] == "{" { depth += 1 } else if rest[index] == "}" { depth -= 1 }
        index = rest.index(after: index)
      } while depth > 0 && index < rest.endIndex
      dark += rest[rest.index(after: brace)..<rest.index(before: index)].replacingOccurrences(of: ":root", with: "&")
      rest = rest[index...]
    }
    light += rest
    return light + "\n:root { color-scheme: light; }\n.theme-dark { color-scheme: dark;\n\(dark)\n}\n"
  }

  static let galleryStylesheet = """
    .gallery { max-width: 110rem; margin: 0 auto; padding: var(--space-3); overflow-wrap: anywhere; }
    .gallery [hidden] { display: none !important; }
    .gallery-filters { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); align-items: end;
      position: sticky; top: 0; z-index: 30; background: var(--page); padding: var(--space-2) 0; }
    .gallery-filters label { display: flex; flex-direction: column; font-size: var(--text-sm); min-width: 0; }
    .gallery-filters select, .gallery-filters input { min-height: var(--target); max-width: 100%; }
    .gallery-search { flex: 1 1 14rem; }
    .gallery-count { margin: 0; font-size: var(--text-sm); }
    .gallery-index ul { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-4); padding-left: 0;
      list-style: none; }
    .gallery-index > ul > li { flex: 1 1 16rem; }
    .gallery-index ul ul { display: block; padding-left: var(--space-4); }
    .gallery-grid { display: flex; flex-wrap: wrap; gap: var(--space-4); }
    .gallery-entry { margin: 0; padding: var(--space-3); max-width: 100%; min-width: 0; box-sizing: border-box;
      border: 1px solid var(--line); border-radius: var(--radius-md); background: var(--surface); }
    .gallery-themes { display: flex; flex-wrap: wrap; gap: var(--space-3); zoom: 0.6; }
    .gallery-themes:empty { display: none; }
    .gallery-themes > div { background: var(--page); color: var(--text); padding: var(--space-3);
      border-radius: var(--radius-md); min-width: 0; max-width: 100%; }
    .gallery[data-theme="light"] .theme-dark, .gallery[data-theme="dark"] .theme-light { display: none; }
    .gallery[data-text="200"] .gallery-themes { --text-scale: 2; }
    .gallery .app > .launch { display: flex; animation: none; }
    .gallery-entry figcaption { margin-top: var(--space-2); font-size: var(--text-sm); max-width: 40rem; }
    .gallery-means { color: var(--muted); }
    .gallery-change { font-weight: 700; }
    .gallery-legend { margin: var(--space-4) 0; }
    .gallery .phone-label { font-size: var(--text-sm); }
    .gallery-compare { display: flex; flex-wrap: wrap; gap: var(--space-2); }
    .gallery-compare figure { margin: 0; }
    .gallery-compare iframe { border: 1px solid var(--line); width: 15rem; height: 34rem; max-width: 100%; }
    """
}
