import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardRendering
import TribeBoardScenarios

/// The page of one simulation: the phones, the simulator's messages, and the controls. The parts that change with
/// every step are drawn separately (``Regions``), so a step sends back only those.
enum BrowserPage {
  /// The parts of the page a step can change, by the id of the element that holds each.
  struct Regions: Equatable, Sendable {
    var phones: String
    var log: String
    var status: String
    var people: String
    var faults: String
    var record: String

    /// Each part by the id of its element, in the page's order.
    var named: [(String, String)] {
      [
        ("phones", phones), ("log", log), ("status", status), ("people", people), ("faults", faults),
        ("record", record),
      ]
    }
  }

  static func regions(
    facts: LiveSimulation.Facts, views: [Simulator.PhoneView], log: String, base: String,
    drawn: inout PhoneDrawings, controls: inout ControlDrawings
  ) -> Regions {
    Regions(
      phones: phones(views, now: facts.now, base: base, drawn: &drawn), log: log,
      status: controls.status.html(
        for: .init(name: facts.scenario.name, summary: facts.scenario.summary, now: facts.now)
      ) {
        status(facts)
      },
      people: controls.people.html(for: .init(facts, views: views, base: base)) {
        people(facts, views: views, base: base)
      },
      faults: controls.faults.html(for: facts.faults.flatMap { [$0.id, $0.summary] } + [base]) {
        faults(facts, base: base)
      },
      record: controls.record.html(for: .init(steps: facts.recordingSteps, base: base)) { record(facts, base: base) })
  }

  /// The controls' parts as last drawn, each with what it was drawn from: a part drawn from the same facts is not
  /// drawn again: most steps change only the phones and the log.
  struct ControlDrawings: Sendable {
    struct StatusFacts: Equatable, Sendable {
      var name: String
      var summary: String
      var now: Date
    }

    struct PeopleFacts: Equatable, Sendable {
      /// Each phone shown: its person, name, whether in hand and whether online.
      var phones: [String]
      /// The people who could be given a phone.
      var others: [String]
      var base: String

      init(_ facts: LiveSimulation.Facts, views: [Simulator.PhoneView], base: String) {
        phones = views.flatMap { [$0.user, $0.name, $0.isActing ? "in hand" : "", $0.isOnline ? "online" : ""] }
        others = facts.people.filter { !facts.shown.contains($0.id) }.flatMap { [$0.id, $0.name] }
        self.base = base
      }
    }

    struct RecordFacts: Equatable, Sendable {
      var steps: Int?
      var base: String
    }

    var status = Drawn<StatusFacts>()
    var people = Drawn<PeopleFacts>()
    var faults = Drawn<[String]>()
    var record = Drawn<RecordFacts>()
  }

  /// A part of the page as last drawn, and what it was drawn from.
  struct Drawn<Facts: Equatable & Sendable>: Sendable {
    private var last: (facts: Facts, html: String)?

    /// The part for `facts`: as last drawn when they are the same, else drawn anew by `draw`.
    mutating func html(for facts: Facts, draw: () -> String) -> String {
      if let last, last.facts == facts { return last.html }
      let html = draw()
      last = (facts, html)
      return html
    }
  }

  // MARK: The whole page

  static func page(
    _ simulation: LiveSimulation, base: String, folder: URL?, position: String?, version: Int
  ) async -> String {
    let regions = await simulation.rendered(base: base).now.regions
    let facts = await simulation.facts()
    let scenario = facts.scenario
    var html = HTMLWriter()
    html += "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    html += "<title>\(scenario.name) · TribeBoard simulator</title>"
    html += "<link rel=\"icon\" href=\"/assets/logo.svg\" type=\"image/svg+xml\">"
    html += "<link rel=\"stylesheet\" href=\"/assets/app.css\"><script src=\"/assets/app.js\" defer></script></head>"
    html += "<body data-base=\"\(base)\" data-version=\"\(version)\" "
    html += "data-scenario=\"\(scenario.name)\" data-go=\"\(position ?? "")\">"
    html += "\(html: Icons.sprite)<a class=\"skip\" href=\"#phones\">Skip to the phones</a>"
    html += "<header class=\"topbar\"><h1>\(html: Assets.decorativeLogo)<span>TribeBoard simulator</span></h1>"
    html += "<p class=\"scenario\" id=\"status\">\(html: regions.status)</p>"
    html += "<form method=\"post\" action=\"/new\" data-plain><input type=\"hidden\" name=\"scenario\" "
    html += "value=\"\(scenario.name)\"><button class=\"btn\" type=\"submit\">New simulation</button></form>"
    html += "</header><main class=\"stage\">"
    html += "<div class=\"phones\" id=\"phones\" aria-label=\"Phones\" role=\"region\">\(html: regions.phones)</div>"
    html += "<aside class=\"controls\" aria-label=\"Simulation controls\">"
    // The presenter's controls first: who holds which phone and how big the app's text is.
    html +=
      "<section class=\"panel\" aria-labelledby=\"people-heading\"><h2 id=\"people-heading\">People and phones</h2>"
    html += "\(html: textSizeControl)<div id=\"people\">\(html: regions.people)</div></section>"
    html += "\(html: journeysPanel(scenario, base: base))\(html: clockPanel(base: base))"
    html += "\(html: faultPanel(facts, base: base, faults: regions.faults))"
    html += "\(html: commandPanel(base: base, log: regions.log))\(html: appPanel(base: base))"
    html += "\(html: scenarioPanel(scenario, base: base, folder: folder))"
    html += "<section class=\"panel\" aria-labelledby=\"record-heading\"><h2 id=\"record-heading\">Record and save</h2>"
    html += "<div id=\"record\">\(html: regions.record)</div></section>"
    html += "</aside></main></body></html>"
    return html.html
  }

  // MARK: Regions

  static func phones(_ views: [Simulator.PhoneView], now: Date, base: String, drawn: inout PhoneDrawings) -> String {
    let renderer = PhoneRenderer(mode: .live(path: base + "/input"))
    return views.map { view in drawn.html(view, now: now, renderer: renderer) }.joined()
  }

  /// Phones as last drawn, two a person (the screen now and the one before, as a person goes back and forth between
  /// a module and the dashboard): a phone whose view and clock are as drawn is not drawn again. A step usually
  /// changes one phone; the others, and a screen gone back to, cost a comparison.
  struct PhoneDrawings: Sendable {
    private var drawn: [UserID: [(view: Simulator.PhoneView, time: String, html: String)]] = [:]

    mutating func html(_ view: Simulator.PhoneView, now: Date, renderer: PhoneRenderer) -> String {
      let time = DateText.time(now)
      var kept = drawn[view.user] ?? []
      if let index = kept.firstIndex(where: { $0.time == time && $0.view == view }) {
        let html = kept[index].html
        if index != kept.count - 1 { kept.append(kept.remove(at: index)) }
        drawn[view.user] = kept
        return html
      }
      let html = renderer.render(
        view.snapshot,
        frame: .init(
          user: view.user, name: view.name, now: now, isOnline: view.isOnline, waiting: view.waiting,
          isActing: view.isActing))
      kept.append((view, time, html))
      if kept.count > 2 { kept.removeFirst() }
      drawn[view.user] = kept
      return html
    }
  }

  /// The simulator's last messages as drawn, each drawn once: a step adds a few and the oldest go.
  struct LogLines: Sendable {
    /// The UTF-8 length of each line kept, oldest first.
    private var lengths: [Int] = []
    /// The lines kept, drawn: new lines are added at the end and old ones cut from the start.
    private(set) var html = ""

    mutating func append(_ messages: [Step.Message], keeping limit: Int) {
      for message in messages {
        let line = BrowserPage.logLine(message)
        html += line
        lengths.append(line.utf8.count)
      }
      guard lengths.count > limit else { return }
      let dropped = lengths.count - limit
      let bytes = lengths[..<dropped].reduce(0, +)
      lengths.removeFirst(dropped)
      // Lines end at a scalar boundary, so the rest is a valid string as it is.
      html = String(html[html.utf8.index(html.startIndex, offsetBy: bytes)...])
    }
  }

  static func logLine(_ message: Step.Message) -> String {
    let kind: HTMLWriter.Markup =
      switch message.kind {
      case .info: "info"
      case .success: "success"
      case .problem: "problem"
      }
    var html = HTMLWriter()
    html += "<span class=\""
    html += kind
    html += "\">\(message.text)</span>\n"
    return html.html
  }

  static func status(_ facts: LiveSimulation.Facts) -> String {
    HTMLWriter.markup(
      "<strong>\(facts.scenario.name)</strong> — \(facts.scenario.summary) · Clock \(DateText.full(facts.now)) UTC")
  }

  static func people(_ facts: LiveSimulation.Facts, views: [Simulator.PhoneView], base: String) -> String {
    var html = HTMLWriter()
    html += "<ul>"
    for view in views {
      html += "<li><form method=\"post\" action=\"\(base)/input\" class=\"row-buttons\">"
      html += "<span>\(view.name)\(view.isActing ? " (in hand)" : "")</span>"
      // The person's own phone goes off the network or back; the phone in hand stays in hand.
      let network = view.isOnline ? "offline" : "online"
      let label = view.isOnline ? "Take offline" : "Bring online"
      html += "<button class=\"btn small\" name=\"\(network)\" value=\"\(view.user)\" "
      html += "aria-label=\"\(label): \(view.name)\">\(label)</button>"
      if !view.isActing {
        html += "<button class=\"btn small\" name=\"as\" value=\"\(view.user)\" "
        html += "aria-label=\"Take in hand: \(view.name)\">Take in hand</button>"
        html += "<button class=\"btn small\" formaction=\"\(base)/hide\" name=\"user\" "
        html += "value=\"\(view.user)\" aria-label=\"Remove phone: \(view.name)\">Remove</button>"
      }
      html += "</form></li>"
    }
    html += "</ul>"
    let others = facts.people.filter { !facts.shown.contains($0.id) }
    if !others.isEmpty {
      html += "<form method=\"post\" action=\"\(base)/input\"><input type=\"hidden\" name=\"control\" value=\"as\">"
      html += "<div class=\"field\"><label for=\"add-person\">Person</label><select id=\"add-person\" name=\"value\">"
      for person in others {
        html += "<option value=\"\(person.id)\">\(person.name)</option>"
      }
      html += "</select></div><button class=\"btn\" type=\"submit\">Add a phone</button></form>"
    }
    return html.html
  }

  static func faults(_ facts: LiveSimulation.Facts, base: String) -> String {
    var html = HTMLWriter()
    guard !facts.faults.isEmpty else {
      html += "<p>No faults armed.</p>"
      return html.html
    }
    html += "<ul>"
    for (id, fault) in facts.faults {
      html += "<li><form method=\"post\" action=\"\(base)/input\" class=\"row-buttons\">"
      html += "<span>\(fault)</span><button class=\"btn small\" name=\"disarm\" "
      html += "value=\"\(id)\" aria-label=\"Clear fault \(id)\">Clear</button>"
      html += "</form></li>"
    }
    html += "</ul>"
    return html.html
  }

  static func record(_ facts: LiveSimulation.Facts, base: String) -> String {
    var html = HTMLWriter()
    html += "<form method=\"post\" action=\"\(base)/record\" class=\"row-buttons\">"
    if let steps = facts.recordingSteps {
      html += "<p class=\"recording\" role=\"status\">Recording: \(steps) step\(steps == 1 ? "" : "s")</p>"
      html += "<button class=\"btn\" name=\"record\" value=\"stop\">Stop recording</button>"
      html += "<a class=\"btn\" href=\"\(base)/transcript\" download>Download transcript</a>"
    } else {
      html += "<button class=\"btn\" name=\"record\" value=\"start\">Record</button>"
    }
    html += "<a class=\"btn\" href=\"\(base)/scenario.yaml\" download>Download scenario</a></form>"
    html += "<p class=\"hint\">Record starts the scenario again and keeps every step as a transcript that "
    html += "<code>tribeboard check</code> replays.</p>"
    return html.html
  }

  // MARK: Static panels

  /// The app's text size, as a phone's larger-text setting: 100% to 200% of the app's type, the phone's width kept.
  /// The page's script applies it and remembers it in this browser.
  static let textSizeControl = HTMLWriter.markup(
    """
    <div class="text-size"><label for="text-size">Text size</label><input id="text-size" type="range" \
    min="100" max="200" step="10" value="100" aria-describedby="text-size-value">\
    <output id="text-size-value" for="text-size">100%</output></div>
    """)

  static func commandPanel(base: String, log: String) -> String {
    var html = HTMLWriter()
    html += "<section class=\"panel\" aria-labelledby=\"command-heading\"><h2 id=\"command-heading\">Command</h2>"
    html += "<form method=\"post\" action=\"\(base)/input\" id=\"command-form\"><div class=\"field\">"
    html += "<label for=\"command\">Command</label><input id=\"command\" name=\"line\" autocomplete=\"off\" "
    html +=
      "spellcheck=\"false\" aria-describedby=\"command-hint\"></div><button class=\"btn primary\" type=\"submit\">"
    html += "Run</button></form><p class=\"hint\" id=\"command-hint\">Anything the REPL takes: an action’s words, "
    html += "a number, or a command such as <code>:help</code>.</p>"
    html +=
      "<pre class=\"log\" id=\"log\" role=\"log\" aria-label=\"Simulator messages\" tabindex=\"0\">\(html: log)</pre>"
    html += "</section>"
    return html.html
  }

  static func clockPanel(base: String) -> String {
    var html = HTMLWriter()
    html += "<section class=\"panel\" aria-labelledby=\"clock-heading\"><h2 id=\"clock-heading\">Clock</h2>"
    html += "<form method=\"post\" action=\"\(base)/input\" class=\"row-buttons\">"
    for (seconds, label) in [(60, "+1 minute"), (3600, "+1 hour"), (86400, "+1 day")] {
      html += "<button class=\"btn small\" name=\"clock.by\" value=\"\(seconds)\">\(label)</button>"
    }
    html += "</form><form method=\"post\" action=\"\(base)/input\"><input type=\"hidden\" name=\"control\" "
    html += "value=\"clock\"><div class=\"field\"><label for=\"clock-time\">Time (UTC)</label>"
    html += "<input id=\"clock-time\" name=\"value\" type=\"datetime-local\" required></div>"
    html += "<button class=\"btn\" type=\"submit\">Set the clock</button></form>"
    html += "</section>"
    return html.html
  }

  static let schedules = [
    ("always", "Always"), ("times", "The next N calls"), ("call", "Only call N"), ("after", "After a time"),
    ("chance", "By chance (%)"),
  ]

  static func faultPanel(_ facts: LiveSimulation.Facts, base: String, faults: String) -> String {
    var html = HTMLWriter()
    html += "<section class=\"panel\" aria-labelledby=\"faults-heading\"><h2 id=\"faults-heading\">Faults</h2>"
    html += "<form method=\"post\" action=\"\(base)/input\"><input type=\"hidden\" name=\"control\" value=\"fault\">"
    select(
      "fault-operation", "Operation", name: "operation", MockOperation.allCases.map { ($0.rawValue, $0.rawValue) },
      into: &html)
    select(
      "fault-error", "Error", name: "error", AppError.Code.allCases.map { ($0.rawValue, $0.rawValue) }, into: &html)
    select("fault-schedule", "When", name: "schedule", schedules, into: &html)
    html += "<div class=\"field\"><label for=\"fault-amount\">N, time or %</label>"
    html += "<input id=\"fault-amount\" name=\"amount\" autocomplete=\"off\"></div>"
    select(
      "fault-on", "On the phone of", name: "on", [("", "Anyone")] + facts.people.map { ($0.id, $0.name) }, into: &html)
    html += "<button class=\"btn\" type=\"submit\">Arm fault</button></form>"
    html += "<div id=\"faults\">\(html: faults)</div>"
    html += "<form method=\"post\" action=\"\(base)/input\"><input type=\"hidden\" name=\"control\" value=\"latency\">"
    select(
      "latency-target", "Slow down", name: "target",
      MockOperation.services.map { ($0, $0) } + MockOperation.allCases.map { ($0.rawValue, $0.rawValue) },
      into: &html)
    html += "<div class=\"field\"><label for=\"latency-amount\">By</label><input id=\"latency-amount\" "
    html += "name=\"amount\" placeholder=\"2s\" autocomplete=\"off\" required></div>"
    html += "<button class=\"btn\" type=\"submit\">Set latency</button>"
    html += "<button class=\"btn\" name=\"latency.clear\" value=\"all\" formnovalidate>Clear latency</button></form>"
    html += "</section>"
    return html.html
  }

  static func appPanel(base: String) -> String {
    var html = HTMLWriter()
    html += "<section class=\"panel\" aria-labelledby=\"app-heading\"><h2 id=\"app-heading\">App</h2>"
    html += "<form method=\"post\" action=\"\(base)/input\" class=\"row-buttons\">"
    for (move, label) in [("relaunch", "Relaunch"), ("undo", "Undo"), ("reset", "Reset"), ("where", "Where am I")] {
      html += "<button class=\"btn small\" name=\"app\" value=\"\(move)\">\(label)</button>"
    }
    html += "</form><form method=\"post\" action=\"\(base)/input\"><input type=\"hidden\" name=\"control\" "
    html += "value=\"expect\"><div class=\"field\"><label for=\"expect\">Expectation</label><input id=\"expect\" "
    html += "name=\"value\" placeholder=\"screen=dashboard role=parentAdmin\" autocomplete=\"off\" required></div>"
    html += "<button class=\"btn\" type=\"submit\">Check</button></form>"
    html += "</section>"
    return html.html
  }

  static func journeysPanel(_ scenario: Scenario, base: String) -> String {
    var html = HTMLWriter()
    html += "<section class=\"panel\" aria-labelledby=\"journeys-heading\"><h2 id=\"journeys-heading\">Journeys</h2>"
    if scenario.journeys.isEmpty { html += "<p>This scenario has no journeys.</p>" }
    for journey in scenario.journeys {
      html += "<details><summary>\(journey.name) (\(journey.steps.count) steps)</summary>"
      html += "<form method=\"post\" action=\"\(base)/input\" class=\"journey-steps\">"
      html += "<input type=\"hidden\" name=\"go.journey\" value=\"\(journey.name)\">"
      html += "<button class=\"btn small\" name=\"go.step\" value=\"0\">Start</button>"
      // Each step's button is named by its number and words; the journey's name is its group's summary.
      for (index, step) in journey.steps.enumerated() {
        html += "<button class=\"btn small\" name=\"go.step\" value=\"\(index + 1)\">\(index + 1). \(step)</button>"
      }
      html += "</form></details>"
    }
    html += "</section>"
    return html.html
  }

  static func scenarioPanel(_ scenario: Scenario, base: String, folder: URL?) -> String {
    var html = HTMLWriter()
    html += "<section class=\"panel\" aria-labelledby=\"scenario-heading\"><h2 id=\"scenario-heading\">Scenario</h2>"
    html += "<form method=\"post\" action=\"\(base)/input\"><input type=\"hidden\" name=\"control\" value=\"scenario\">"
    let options =
      BundledScenarios.names.map { ($0, $0) } + ScenarioFiles.list(in: folder).map { ($0, $0) }
    select("scenario-name", "Scenario", name: "value", options, selected: scenario.name, into: &html)
    html += "<button class=\"btn\" type=\"submit\">Switch</button></form>"
    html += "</section>"
    return html.html
  }

  static func select(
    _ id: String, _ label: String, name: String, _ options: [(String, String)], selected: String? = nil,
    into html: inout HTMLWriter
  ) {
    html += "<div class=\"field\"><label for=\"\(id)\">\(label)</label><select id=\"\(id)\" name=\"\(name)\">"
    for (value, text) in options {
      html += "<option value=\"\(value)\"\(value == selected ? " selected" : "")>\(text)</option>"
    }
    html += "</select></div>"
  }

  // MARK: Error pages

  static func message(title: String, _ text: String) -> String {
    var html = HTMLWriter()
    html += "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
    html += "content=\"width=device-width, initial-scale=1\"><title>\(title) · TribeBoard simulator</title>"
    html += "<link rel=\"icon\" href=\"data:,\"><link rel=\"stylesheet\" href=\"/assets/app.css\"></head><body>"
    html += "<main class=\"panel message-page\"><h1>\(title)</h1>"
    html += "<p>\(text)</p><p><a href=\"/\">Go to the default simulation</a></p></main></body></html>"
    return html.html
  }
}
