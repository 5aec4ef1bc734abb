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
    var text = "# \(title)\n\n\(summary)\n"
    for journey in journeys {
      text += "\n## Journey \(journey.name)\n"
      for (number, step) in journey.steps.enumerated() {
        text += "\n### \(caption(step, number: number))\n\n"
        for note in journey.notes[number] ?? [] { text += "> *Note:* \(markdownLine(note))\n\n" }
        if let error = step.snapshot?.error {
          text += "> **Error** (`\(error.code.rawValue)`): \(error.message)\n\n"
        }
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(screen(step)) + 1))
        text += "\(fence)text\n\(screen(step))\n\(fence)\n"
      }
      for note in journey.notes[journey.steps.count] ?? [] { text += "\n> *Note:* \(markdownLine(note))\n" }
    }
    return text
  }

  static func html(title: String, summary: String, journeys: [Journey]) -> String {
    var cards = ""
    for journey in journeys {
      cards += "<h2>Journey \(escaped(journey.name))</h2>\n"
      for (number, step) in journey.steps.enumerated() {
        let failed = step.snapshot?.error != nil
        cards += "<section class=\"card\(failed ? " error" : "")\">\n"
        cards += "<h3>\(escaped(caption(step, number: number)))</h3>\n"
        for note in journey.notes[number] ?? [] { cards += "<p class=\"narration\">\(escaped(note))</p>\n" }
        if let error = step.snapshot?.error {
          cards += "<p class=\"alert\"><strong>Error</strong> (<code>\(escaped(error.code.rawValue))</code>): "
          cards += "\(escaped(error.message))</p>\n"
        }
        for note in step.snapshot?.notes ?? [] { cards += "<p class=\"note\">\(escaped(note))</p>\n" }
        cards += "<pre>\(escaped(screen(step)))</pre>\n</section>\n"
      }
      for note in journey.notes[journey.steps.count] ?? [] { cards += "<p class=\"narration\">\(escaped(note))</p>\n" }
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>\(escaped(title))</title>
      <style>
      body { font-family: -apple-system, "Segoe UI", Helvetica, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
      .card { border: 1px solid #ccd; border-radius: 8px; padding: 0.5rem 1rem; margin: 1rem 0; background: #fafbff; }
      .card.error { border-color: #d33; background: #fff6f6; }
      .alert { color: #b00; }
      .note { color: #666; font-style: italic; }
      .narration { border-left: 4px solid #e0a800; background: #fff8e1; padding: 0.25rem 0.75rem; }
      pre { font-family: Menlo, Consolas, monospace; font-size: 0.85rem; line-height: 1.25; white-space: pre; overflow-x: auto; }
      </style>
      </head>
      <body>
      <h1>\(escaped(title))</h1>
      <p>\(escaped(summary))</p>
      \(cards)</body>
      </html>

      """
  }

  public static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A note as one Markdown quote line: its own line breaks become spaces.
  private static func markdownLine(_ note: String) -> String {
    note.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  private static func longestBacktickRun(_ text: String) -> Int {
    text.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0
  }
}
