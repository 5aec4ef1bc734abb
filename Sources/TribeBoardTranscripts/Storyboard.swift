import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios

/// A journey as a storyboard to share after a demo: every step as a card with the input, the screen as shown,
/// errors highlighted and the step's notes; Markdown, or one self-contained HTML file.
public enum Storyboard {
  public enum Format: String, CaseIterable, Sendable {
    case md, html
  }

  /// One journey's steps, named, with the presenter's notes.
  public struct Journey: Sendable {
    public var name: String
    public var steps: [Step]
    /// The journey's `note:` steps by the card they come with: card `n` is `steps[n]` (0 is the launch); notes
    /// numbered `steps.count` come after the last card.
    public var notes: [Int: [String]]

    public init(name: String, steps: [Step], notes: [Int: [String]] = [:]) {
      self.name = name
      self.steps = steps
      self.notes = notes
    }

    /// A scenario journey's steps as played: its notes go with the card of the input they come before.
    public init(_ journey: TribeBoardScenarios.Journey, steps: [Step]) {
      self.init(
        name: journey.name, steps: steps,
        notes: Dictionary(uniqueKeysWithValues: journey.notes.map { ($0.key + 1, $0.value) }))
    }
  }

  public static func render(title: String, summary: String, journeys: [Journey], format: Format) -> String {
    switch format {
    case .md: markdown(title: title, summary: summary, journeys: journeys)
    case .html: html(title: title, summary: summary, journeys: journeys)
    }
  }

  private static func caption(_ step: Step, number: Int) -> String {
    step.input.map { "Step \(number): \($0)" } ?? "Step \(number): the app opens"
  }

  private static func screen(_ step: Step) -> String {
    step.text(style: .plain)
  }

  static func markdown(title: String, summary: String, journeys: [Journey]) -> String {
    var text = "# \(markdownEscaped(title))\n\n\(markdownEscaped(summary))\n"
    for journey in journeys {
      text += "\n## Journey \(markdownEscaped(journey.name))\n"
      for (number, step) in journey.steps.enumerated() {
        text += "\n### \(markdownEscaped(caption(step, number: number)))\n\n"
        for note in journey.notes[number] ?? [] { text += "> *Note:* \(markdownLine(note))\n\n" }
        if let error = step.snapshot?.error {
          text += "> **Error** (`\(error.code.rawValue)`): \(markdownLine(error.message))\n\n"
        }
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(screen(step)) + 1))
        text += "\(fence)text\n\(screen(step))\n\(fence)\n"
      }
      for note in journey.notes[journey.steps.count] ?? [] { text += "\n> *Note:* \(markdownLine(note))\n" }
    }
    return text
  }

  /// One self-contained page: each step as a card with its input and notes beside the phone's screen, drawn by
  /// ``PhoneRenderer`` as the browser draws it, with no script.
  static func html(title: String, summary: String, journeys: [Journey]) -> String {
    let phone = PhoneRenderer(mode: .still)
    var cards = HTMLWriter()
    for journey in journeys {
      cards += "<h2>Journey \(journey.name)</h2>\n"
      for (number, step) in journey.steps.enumerated() {
        let failed = step.snapshot?.error != nil
        let id = "step-\(HTML.slug(journey.name))-\(number)"
        cards += "<section class=\"card\(failed ? " error" : "")\" aria-labelledby=\"\(id)\">"
        cards += "<div class=\"card-text\"><h3 id=\"\(id)\">\(caption(step, number: number))</h3>\n"
        for note in journey.notes[number] ?? [] { cards += "<p class=\"narration\">\(note)</p>\n" }
        for message in step.messages { cards += "<p class=\"said\">\(message.text)</p>\n" }
        cards += "</div>"
        if let snapshot = step.snapshot {
          let user = snapshot.user
          let frame = PhoneRenderer.Frame(
            user: "\(HTML.slug(journey.name))-\(number)", name: user?.name ?? "The person",
            now: step.clock, isOnline: step.isOnline, waiting: 0, isActing: false)
          cards += "\(html: phone.render(snapshot, frame: frame))"
        }
        cards += "</section>\n"
      }
      for note in journey.notes[journey.steps.count] ?? [] {
        cards += "<p class=\"narration\">\(note)</p>\n"
      }
    }
    var page = HTMLWriter()
    page += """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>\(title)</title>
      <style>
      \(html: Assets.css)
      .storyboard { max-width: 60rem; margin: 0 auto; padding: var(--space-5); }
      .card { display: flex; flex-wrap: wrap; gap: var(--space-5); align-items: flex-start; padding: var(--space-4);
        margin: var(--space-4) 0; background: var(--surface); border: 1px solid var(--line); border-radius: var(--radius-md); }
      .card.error { border-color: var(--danger); }
      .card-text { flex: 1 1 16rem; }
      .narration { border-left: 4px solid var(--warning); background: var(--warning-soft); padding: var(--space-1) var(--space-3); }
      .said { font-family: var(--mono); font-size: var(--text-sm); color: var(--muted); white-space: pre-wrap; }
      </style>
      </head>
      <body>
      \(html: Icons.sprite)
      <main class="storyboard">
      <h1>\(title)</h1>
      <p>\(summary)</p>
      \(html: cards.html)</main>
      </body>
      </html>

      """
    return page.html
  }

  /// `text` escaped for HTML (``HTML/escape(_:)``).
  public static func escaped(_ text: String) -> String { HTML.escape(text) }

  /// A note as one Markdown quote line: its own line breaks become spaces, and it is escaped
  /// (``markdownEscaped(_:)``).
  private static func markdownLine(_ note: String) -> String {
    markdownEscaped(note.split(whereSeparator: \.isNewline).joined(separator: " "))
  }

  /// Typed or written text as Markdown shows it, literally: what HTML reads (`<`, `>`, `&`) as character
  /// references, and what Markdown reads (emphasis, code, links, tables, escapes) behind a backslash. A storyboard
  /// is read by people and rendered by sites, so no input or note may become markup there.
  static func markdownEscaped(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      case "\\", "`", "*", "_", "[", "]", "|", "~", "#", "!": escaped += "\\\(character)"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  private static func longestBacktickRun(_ text: String) -> Int {
    text.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0
  }
}
