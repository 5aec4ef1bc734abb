import Foundation
import TribeBoardRendering

/// What a gallery writes beside its page (`gallery.json`): each distinct drawing with its id, where it occurs, a hash
/// of what it draws and the drawing itself, and the stylesheet it was drawn with, so a later gallery can say what
/// changed (`tribeboard gallery --compare`).
public struct GalleryManifest: Codable, Sendable {
  public struct Entry: Codable, Sendable {
    public var id: String
    public var screen: String
    public var role: String
    public var state: String
    public var stateTitle: String
    /// The first scenario drawing it, and the inputs that show it there (what its link replays).
    public var scenario: String
    public var inputs: [String]
    public var link: String
    /// Every scenario drawing it.
    public var scenarios: [String]
    public var means: String
    public var hash: String
    /// The phone's HTML, its ids left as a placeholder.
    public var phone: String
  }

  public struct Omission: Codable, Sendable {
    public var scenario, screen, role, state, reason: String
  }

  public var entries: [Entry]
  public var omitted: [Omission]
  /// The stylesheet the phones were drawn with (the app's, its dark rules under `.theme-dark`).
  public var stylesheet: String

  public init(items: [GalleryPage.Item], sections: [GalleryPage.Section], server: String) {
    entries = items.map { item in
      var scenarios: [String] = []
      for occurrence in item.occurrences where !scenarios.contains(occurrence.scenario) {
        scenarios.append(occurrence.scenario)
      }
      return Entry(
        id: item.id, screen: item.first.screen.rawValue, role: item.first.who, state: item.first.state.rawValue,
        stateTitle: item.first.state.title, scenario: item.first.scenario, inputs: item.first.inputs,
        link: GalleryPage.link(item.first, server: server), scenarios: scenarios, means: item.first.means,
        hash: item.hash, phone: item.phone)
    }
    omitted = sections.flatMap { section in
      section.gallery.omissions.map {
        Omission(
          scenario: section.scenario, screen: $0.screen.rawValue, role: $0.who, state: $0.state.rawValue,
          reason: $0.reason)
      }
    }
    stylesheet = GalleryPage.themedStylesheet(Assets.css)
  }

  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
  }

  /// An earlier gallery's manifest: `path` is its JSON, or the folder holding its `gallery.json`.
  public static func read(_ path: String) throws -> GalleryManifest {
    var url = URL(fileURLWithPath: path)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      url = url.appending(path: "gallery.json")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GalleryComparison.Problem(
        "Can't read \(url.path): give --compare a gallery folder (holding gallery.json) or its gallery.json.")
    }
    do {
      return try JSONDecoder().decode(GalleryManifest.self, from: data)
    } catch {
      throw GalleryComparison.Problem(
        "\(url.path) is not a gallery's JSON (written by 'tribeboard gallery' since it compares): \(error)")
    }
  }
}

/// A gallery against an earlier one: each entry new, changed (it draws different HTML) or unchanged, the earlier
/// entries gone; when only the stylesheet changed, the page's script compares what each entry draws, before and
/// after, and marks the ones that look different.
public struct GalleryComparison: Sendable {
  public enum Change: String, CaseIterable, Sendable {
    case new
    case changed
    /// The same HTML under another stylesheet: the page compares what it draws.
    case restyled
    case unchanged
    case gone

    public var title: String {
      switch self {
      case .new: "New"
      case .changed: "Changed"
      case .restyled: "Same HTML, new stylesheet"
      case .unchanged: "Unchanged"
      case .gone: "Gone"
      }
    }
  }

  public struct Problem: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  public var old: GalleryManifest
  public var stylesheetChanged: Bool
  public var gone: [GalleryManifest.Entry]
  var hashes: [String: String]
  var oldPhones: [String: String]

  public init(old: GalleryManifest, items: [GalleryPage.Item]) {
    self.old = old
    stylesheetChanged = old.stylesheet != GalleryPage.themedStylesheet(Assets.css)
    let ids = Set(items.map(\.id))
    gone = old.entries.filter { !ids.contains($0.id) }
    hashes = Dictionary(old.entries.map { ($0.id, $0.hash) }, uniquingKeysWith: { first, _ in first })
    oldPhones = Dictionary(old.entries.map { ($0.id, $0.phone) }, uniquingKeysWith: { first, _ in first })
  }

  public func change(of item: GalleryPage.Item) -> Change {
    guard let hash = hashes[item.id] else { return .new }
    if hash != item.hash { return .changed }
    return stylesheetChanged ? .restyled : .unchanged
  }

  /// The earlier drawings the page compares with, by id: the changed and restyled entries'.
  func before(_ items: [GalleryPage.Item]) -> [String: String] {
    var phones: [String: String] = [:]
    for item in items where [.changed, .restyled].contains(change(of: item)) { phones[item.id] = oldPhones[item.id] }
    return phones
  }
}

extension GalleryPage {
  static func comparisonSummary(_ comparison: GalleryComparison) -> String {
    var html = HTMLWriter()
    html += "<p class=\"gallery-comparison\">Compared with an earlier gallery of \(comparison.old.entries.count) "
    html += "entries: each entry says whether it is new, changed or unchanged; a changed one shows before, after, "
    html += "and the differences outlined in red. \(comparison.gone.count) entr"
    html += comparison.gone.count == 1 ? "y is gone (listed at the end)." : "ies are gone (listed at the end)."
    if comparison.stylesheetChanged {
      html += " The stylesheet changed: the page compares what every entry draws, before and after, and marks "
      html += "those that look different (<span id=\"gallery-compare-progress\">comparing…</span>).</p>"
    } else {
      html += " The stylesheet is the same.</p>"
    }
    return html.html
  }

  /// The earlier stylesheet and drawings, and the current stylesheet, for the page's script to compare in frames.
  static func comparisonData(_ comparison: GalleryComparison, items: [Item], css: String) -> String {
    struct Data: Encodable {
      var before: String
      var after: String
      var phones: [String: String]
      var token: String
    }
    let data = Data(
      before: comparison.old.stylesheet, after: css, phones: comparison.before(items), token: token)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // JSONEncoder escapes "/" as "\/", so no "</script>" can close the element early.
    let json = String(decoding: (try? encoder.encode(data)) ?? Foundation.Data(), as: UTF8.self)
    return HTMLWriter.markup("<script type=\"application/json\" id=\"gallery-before\">\(html: json)</script>")
  }
}
