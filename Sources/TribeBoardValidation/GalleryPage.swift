import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering

/// The gallery as one self-contained page: the phone as `tribeboard serve` draws it (the same renderer, the same
/// stylesheet, inlined), frozen, each entry in light and dark side by side; no script and nothing fetched.
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

  public static func html(_ sections: [Section], table: FlowTable = .app, server: String) -> String {
    let phone = PhoneRenderer(mode: .still)
    var body = ""
    var contents = ""
    var number = 0
    for section in sections {
      let sectionID = "scenario-" + HTML.slug(section.scenario)
      contents += "<li><a href=\"#\(sectionID)\">\(HTML.escape(section.scenario))</a> "
      contents += "(\(section.gallery.entries.count) entries)</li>"
      body += "<section class=\"gallery-scenario\" aria-labelledby=\"\(sectionID)\">"
      body += "<h2 id=\"\(sectionID)\">Scenario \(HTML.escape(section.scenario))</h2>"
      body += "<p>\(HTML.escape(section.summary))</p>"
      let groups = Dictionary(grouping: section.gallery.entries) { group($0.screen, table: table) }
      let order = ["Onboarding and sign-in", "Family"] + Module.allCases.map(\.displayName)
      for name in order {
        guard let entries = groups[name] else { continue }
        body += "<h3>\(HTML.escape(name))</h3><div class=\"gallery-grid\">"
        for entry in entries {
          number += 1
          let caption = "\(entry.screen.rawValue) · \(entry.who) · \(entry.state.title)"
          body += "<figure class=\"gallery-entry\" data-screen=\"\(entry.screen.rawValue)\" "
          body += "data-state=\"\(entry.state.rawValue)\" data-role=\"\(HTML.escape(entry.who))\" "
          body += "id=\"entry-\(number)\"><div class=\"gallery-themes\">"
          for theme in ["light", "dark"] {
            let view = entry.view
            let frame = PhoneRenderer.Frame(
              user: "g\(number)-\(theme)", name: view.name, now: entry.now, isOnline: view.isOnline,
              waiting: view.waiting, isActing: false, isLoading: entry.state == .loading)
            body += "<div class=\"theme-\(theme)\">" + phone.render(view.snapshot, frame: frame) + "</div>"
          }
          body += "</div><figcaption><strong>\(HTML.escape(caption))</strong><br>"
          body += "<a href=\"\(HTML.escape(link(entry, server: server)))\">Open live in tribeboard serve</a>"
          body += "</figcaption></figure>"
        }
        body += "</div>"
      }
      body += legend(section.gallery)
      body += "</section>"
    }
    let total = sections.map(\.gallery.entries.count).reduce(0, +)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>TribeBoard gallery</title>
      <style>
      \(themedStylesheet(Assets.css))
      \(galleryStylesheet)
      </style>
      </head>
      <body>
      \(Icons.sprite)
      <main class="gallery">
      <h1>TribeBoard gallery</h1>
      <p>Every screen of the app in every state it can show, for each role that reaches it, light and dark side by \
      side: \(total) entries. Each is the phone exactly as <code>tribeboard serve</code> draws it; its link opens \
      that state live (start <code>tribeboard serve</code> first).</p>
      <nav aria-label="Scenarios"><ul>\(contents)</ul></nav>
      \(body)</main>
      </body>
      </html>

      """
  }

  /// The states a screen cannot show in a scenario, and why, with the screens no role reached.
  static func legend(_ gallery: Gallery) -> String {
    var html = "<details class=\"gallery-legend\"><summary>States not drawn, and why "
    html += "(\(gallery.omissions.count))</summary><ul>"
    for omission in gallery.omissions {
      html += "<li>\(omission.screen.rawValue) · \(HTML.escape(omission.who)) · "
      html += "\(HTML.escape(omission.state.title)): \(HTML.escape(omission.reason))</li>"
    }
    if !gallery.unreached.isEmpty {
      html += "<li>Not reached in this scenario by any role within the walk's depth: "
      html += gallery.unreached.map(\.rawValue).joined(separator: ", ") + "</li>"
    }
    return html + "</ul></details>"
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
    .gallery { max-width: 110rem; margin: 0 auto; padding: var(--space-5); }
    .gallery-grid { display: flex; flex-wrap: wrap; gap: var(--space-5); }
    .gallery-entry { margin: 0; padding: var(--space-3); max-width: 100%; border: 1px solid var(--line); border-radius: var(--radius-md);
      background: var(--surface); }
    .gallery-themes { display: flex; gap: var(--space-3); zoom: 0.6; }
    .gallery-themes > div { background: var(--page); color: var(--text); padding: var(--space-3);
      border-radius: var(--radius-md); }
    .gallery-entry figcaption { margin-top: var(--space-2); font-size: var(--text-sm); }
    .gallery-legend { margin: var(--space-4) 0; }
    .gallery .phone-label { font-size: var(--text-sm); }
    """
}
