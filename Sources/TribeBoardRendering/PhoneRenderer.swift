import Foundation
import TribeBoardCore
import TribeBoardFlow

/// Draws a ``ScreenSnapshot`` as a phone in HTML: a status bar, a title bar with the way back, the content as an app
/// draws it (labelled values, rows with badges, module tiles, page dots, the family code) and every action as a
/// control. The browser front-end and the HTML storyboard use it; the stylesheet gives the look.
///
/// Live phones post what a person does to a simulation: a button sends the action's words (`line`), a form sends
/// its words and the value typed (`words`, `value`), both with the phone's person (`phone`). Still phones (a
/// storyboard) draw the same controls, inert.
public struct PhoneRenderer: Sendable {
  /// What the phone's frame shows around the app.
  public struct Frame: Sendable {
    public var user: String
    /// The person's name, for the phone's label ("Sarah Johnson's phone").
    public var name: String
    /// The simulated time; `nil` where it is not known (a storyboard's step).
    public var now: Date?
    /// Whether the phone is on the network; `nil` where it is not known.
    public var isOnline: Bool?
    /// Changes waiting on the phone to be sent.
    public var waiting: Int
    /// Whether the person is the one acting: number keys choose this phone's actions.
    public var isActing: Bool

    public init(user: String, name: String, now: Date?, isOnline: Bool?, waiting: Int, isActing: Bool) {
      self.user = user
      self.name = name
      self.now = now
      self.isOnline = isOnline
      self.waiting = waiting
      self.isActing = isActing
    }
  }

  public enum Mode: Sendable {
    /// Controls post to `path`.
    case live(path: String)
    /// Controls are drawn but do nothing.
    case still
  }

  public var mode: Mode

  public init(mode: Mode) {
    self.mode = mode
  }

  /// The phone: a labelled region holding the app's screen.
  public func render(_ snapshot: ScreenSnapshot, frame: Frame) -> String {
    let id = HTML.slug(frame.user)
    var html = "<section class=\"phone\(frame.isActing ? " acting" : "")\" aria-labelledby=\"\(id)-label\" "
    html += "data-user=\"\(HTML.escape(frame.user))\" data-screen=\"\(snapshot.screen.rawValue)\">"
    html += "<h2 class=\"phone-label\" id=\"\(id)-label\">\(HTML.escape(frame.name))’s phone</h2>"
    html += "<div class=\"device\">"
    html += statusBar(frame)
    html += titleBar(snapshot, frame: frame, id: id)
    html += "<div class=\"screen\">"
    if snapshot.screen == .confirm {
      // The question covers the screen: nothing else is drawn under it.
      html += confirmSheet(snapshot, frame: frame)
    } else if snapshot.screen == .dashboard {
      html += whoLine(snapshot) + messages(snapshot, frame: frame)
      // The module tiles come first, as the app's home screen has them; the other actions after the content.
      let (tiles, rest) = actions(snapshot, frame: frame, id: id)
      html += tiles + body(snapshot, frame: frame, id: id) + rest
    } else {
      html += whoLine(snapshot) + messages(snapshot, frame: frame)
      let (tiles, rest) = actions(snapshot, frame: frame, id: id)
      html += body(snapshot, frame: frame, id: id) + tiles + rest
    }
    html += "</div></div></section>"
    return html
  }

  // MARK: Frame

  private func statusBar(_ frame: Frame) -> String {
    var html = "<div class=\"status-bar\"><span class=\"time\">\(frame.now.map(DateText.time) ?? "")</span>"
    if let online = frame.isOnline {
      html += "<span class=\"net\">"
      html += online ? Icons.online + "<span>Online</span>" : Icons.offline + "<span>Offline</span>"
      html += "</span>"
    }
    if frame.waiting > 0 {
      let noun = frame.waiting == 1 ? "change" : "changes"
      html += "<span class=\"waiting\">\(Icons.sync)<span>\(frame.waiting) \(noun) waiting</span></span>"
    }
    return html + "</div>"
  }

  private func titleBar(_ snapshot: ScreenSnapshot, frame: Frame, id: String) -> String {
    var html = "<div class=\"title-bar\">"
    if let back = snapshot.actions.first(where: { $0.kind == .navigation }) {
      html +=
        form(frame) + button(back, in: snapshot, class: "back", content: Icons.back + span(back.label)) + "</form>"
    }
    html += "<h3 class=\"title\" id=\"\(id)-title\" tabindex=\"-1\">\(HTML.escape(snapshot.title))</h3></div>"
    return html
  }

  private func whoLine(_ snapshot: ScreenSnapshot) -> String {
    var parts: [String] = []
    if let family = snapshot.family { parts.append(family.name) }
    if let user = snapshot.user { parts.append(user.firstName) }
    if let role = snapshot.role { parts.append(role.displayName) }
    guard !parts.isEmpty else { return "" }
    return "<p class=\"who\">" + parts.map(HTML.escape).joined(separator: " · ") + "</p>"
  }

  private func messages(_ snapshot: ScreenSnapshot, frame: Frame) -> String {
    var html = ""
    if let error = snapshot.error {
      html += "<div class=\"banner error\" role=\"alert\"><p>\(HTML.escape(error.message))</p>"
      // The screen's own actions the error names as its ways forward: buttons, or for a value, its form's name.
      let buttons = snapshot.recoveries.filter { $0.input == nil }
      let fields = snapshot.recoveries.filter { $0.input != nil }
      if !buttons.isEmpty {
        html += form(frame) + "<div class=\"recoveries\">"
        for action in buttons { html += button(action, in: snapshot, class: "btn small") }
        html += "</div></form>"
      }
      if !fields.isEmpty {
        html += "<p class=\"hint\">You can: " + fields.map { HTML.escape($0.label) }.joined(separator: ", ") + ".</p>"
      }
      html += "</div>"
    }
    if let notice = snapshot.notice {
      html += "<div class=\"toast\" role=\"status\">\(HTML.escape(notice))</div>"
    }
    for note in snapshot.notes { html += "<p class=\"note\">\(HTML.escape(note))</p>" }
    if let since = snapshot.staleSince {
      html +=
        "<p class=\"stale\">Not up to date · loaded \(HTML.escape(DateText.full(since, now: frame.now ?? since)))</p>"
    }
    return html
  }

  // MARK: Content

  private func body(_ snapshot: ScreenSnapshot, frame: Frame, id: String) -> String {
    let rowActions = snapshot.actions.filter(\.isItemAction)
    // Every row's actions post to the same place: the form's opening tag is made once.
    let rowForm = rowActions.isEmpty ? "" : form(frame)
    var html = ""
    var open: String?
    func close() {
      if let tag = open { html += "</\(tag)>" }
      open = nil
    }
    func opening(_ tag: String, _ attributes: String) {
      guard open != tag else { return }
      close()
      html += "<\(tag) \(attributes)>"
      open = tag
    }
    let blocks = snapshot.blocks
    for (index, block) in blocks.enumerated() {
      switch block {
      case .paragraph(let text):
        close()
        html += "<p>\(HTML.escape(text))</p>"
      case .field(let label, let value):
        if index + 1 < blocks.count, case .qr = blocks[index + 1] {
          close()
          html += "<div class=\"code-card\"><p class=\"code-label\">\(HTML.escape(label))</p>"
          html += "<p class=\"code\">\(HTML.escape(value))</p></div>"
        } else {
          opening("dl", "class=\"fields\"")
          html += "<dt>\(HTML.escape(label))</dt><dd>\(HTML.escape(value))</dd>"
        }
      case .section(let title):
        close()
        html += "<h4 class=\"section\">\(HTML.escape(title))</h4>"
      case .item(let ref, let text, let flag):
        opening("ul", "class=\"rows\"")
        row(ref: ref, text: text, flag: flag, actions: rowActions, form: rowForm, into: &html)
      case .empty(let text):
        close()
        html += "<p class=\"empty\">\(HTML.escape(text))</p>"
      case .qr(let payload):
        close()
        html += Self.qrSVG(payload)
        html += "<p class=\"link\">Link: <span class=\"mono\">\(HTML.escape(payload))</span></p>"
      case .pager(let page, let count):
        close()
        html += "<div class=\"pager\" role=\"img\" aria-label=\"Page \(page) of \(count)\">"
        for dot in 1...max(1, count) { html += "<span class=\"dot\(dot == page ? " current" : "")\"></span>" }
        html += "</div>"
      }
    }
    close()
    return html
  }

  /// A list row, appended to `html`: its title (the text before the first " · "), its details, its badge, and the
  /// actions on items in `form` (its opening tag). Appended piece by piece: a list's rows are most of a page step's
  /// drawing, and each interpolated piece was a string made and thrown away.
  private func row(
    ref: Int?, text: String, flag: String?, actions: [ScreenSnapshot.Action], form: String, into html: inout String
  ) {
    let (title, detail) = Self.titleAndDetail(text)
    let escapedTitle = HTML.escape(title)
    html += "<li class=\"row\"><div class=\"row-text\"><span class=\"row-title\">"
    html += escapedTitle
    html += "</span>"
    if let detail {
      html += "<span class=\"row-detail\">"
      html += HTML.escape(detail)
      html += "</span>"
    }
    html += "</div>"
    if let flag { html += "<span class=\"chip \(HTML.slug(flag.lowercased()))\">\(HTML.escape(flag))</span>" }
    if let ref, !actions.isEmpty {
      html += form
      html += "<div class=\"row-actions\">"
      for action in actions {
        let label = HTML.escape(action.label)
        html += buttonStart
        html += " class=\"btn small\" name=\"line\" value=\""
        html += HTML.escape(action.words)
        html += " "
        html += String(ref)
        html += "\" aria-label=\""
        html += label
        html += ": "
        html += escapedTitle
        html += "\">"
        html += label
        html += "</button>"
      }
      html += "</div></form>"
    }
    html += "</li>"
  }

  /// A row's text before its first " · " and, when there is one, the rest.
  static func titleAndDetail(_ text: String) -> (title: String, detail: String?) {
    let separator: [UInt8] = [0x20, 0xC2, 0xB7, 0x20]  // " · "
    let bytes = text.utf8
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if bytes[index] == 0xC2, index != bytes.startIndex, bytes[bytes.index(before: index)] == 0x20,
        bytes[index...].starts(with: separator.dropFirst())
      {
        let start = bytes.index(before: index)
        return (String(text[..<start]), String(text[bytes.index(start, offsetBy: 4)...]))
      }
      bytes.formIndex(after: &index)
    }
    return (text, nil)
  }

  // MARK: Actions

  /// The module tiles, and the other actions: forms for values, then buttons.
  private func actions(_ snapshot: ScreenSnapshot, frame: Frame, id: String) -> (tiles: String, rest: String) {
    var tiles = ""
    var buttons = ""
    var forms = ""
    for action in snapshot.actions where action.kind != .navigation && !action.isItemAction {
      if let input = action.input {
        forms += valueForm(action, input: input, in: snapshot, frame: frame, id: id)
      } else if snapshot.screen == .dashboard, let icon = Icons.forAction(action.key) {
        tiles += "<li>" + button(action, in: snapshot, class: "tile", content: icon + span(action.label)) + "</li>"
      } else {
        buttons += button(action, in: snapshot, class: "btn \(action.kind.rawValue)")
      }
    }
    let tileList = tiles.isEmpty ? "" : form(frame) + "<ul class=\"tiles\" aria-label=\"Modules\">\(tiles)</ul></form>"
    var rest = forms
    if !buttons.isEmpty { rest += form(frame) + "<div class=\"actions\">\(buttons)</div></form>" }
    return (tileList, rest)
  }

  /// An action that takes a value: a labelled input of the value's kind and a submit button named by the action.
  private func valueForm(
    _ action: ScreenSnapshot.Action, input: ArgumentKind, in snapshot: ScreenSnapshot, frame: Frame, id: String
  ) -> String {
    let field = "\(id)-field-\(action.key)"
    var html = form(frame, class: "value-form")
    html += "<input type=\"hidden\" name=\"words\" value=\"\(HTML.escape(action.words))\"/>"
    html += "<label for=\"\(field)\">\(HTML.escape(Self.fieldLabel(input)))</label>"
    let disabled = isStill ? " disabled=\"disabled\"" : ""
    switch input {
    case .role(let among):
      html += "<select id=\"\(field)\" name=\"value\"\(disabled)>"
      for role in among {
        html += "<option value=\"\(role.displayName.lowercased())\">\(HTML.escape(role.displayName))</option>"
      }
      html += "</select>"
    case .notification:
      html += "<select id=\"\(field)\" name=\"value\"\(disabled)>"
      for kind in NotificationPreferences.Kind.allCases {
        html += "<option value=\"\(HTML.escape(kind.label.lowercased()))\">\(HTML.escape(kind.label))</option>"
      }
      html += "</select>"
    case .date:
      html += "<input id=\"\(field)\" name=\"value\" type=\"datetime-local\" required=\"required\"\(disabled)/>"
    case .points:
      html +=
        "<input id=\"\(field)\" name=\"value\" type=\"number\" min=\"0\" max=\"\(Validation.maximumPoints)\" "
        + "inputmode=\"numeric\" required=\"required\"\(disabled)/>"
    case .item:
      html +=
        "<input id=\"\(field)\" name=\"value\" type=\"number\" min=\"1\" inputmode=\"numeric\" required=\"required\"\(disabled)/>"
    case .names:
      html +=
        "<input id=\"\(field)\" name=\"value\" type=\"text\" autocomplete=\"off\" required=\"required\"\(disabled) "
        + "placeholder=\"Names, comma separated\"/>"
    case .text:
      html +=
        "<input id=\"\(field)\" name=\"value\" type=\"text\" autocomplete=\"off\" required=\"required\"\(disabled)/>"
    }
    html += control(
      "<button type=\"submit\" class=\"btn \(action.kind.rawValue)\" \(number(action, in: snapshot))>"
        + "\(HTML.escape(action.label))</button>")
    return html + "</form>"
  }

  /// The question before an action that can't be undone, as a sheet over the screen with its two choices.
  private func confirmSheet(_ snapshot: ScreenSnapshot, frame: Frame) -> String {
    var html = "<div class=\"sheet-backdrop\"></div><div class=\"sheet\">"
    for case .paragraph(let question) in snapshot.blocks {
      html += "<p class=\"question\">\(HTML.escape(question))</p>"
    }
    html += form(frame) + "<div class=\"actions\">"
    for action in snapshot.actions {
      html += button(action, in: snapshot, class: "btn \(action.kind == .destructive ? "destructive" : "secondary")")
    }
    return html + "</div></form></div>"
  }

  // MARK: Controls

  private var isStill: Bool {
    if case .still = mode { true } else { false }
  }

  /// A form posting to the simulation for the phone's person; in a still phone, a plain container.
  private func form(_ frame: Frame, class className: String? = nil) -> String {
    let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
    switch mode {
    case .live(let path):
      return "<form method=\"post\" action=\"\(HTML.escape(path))\"\(classAttribute)>"
        + "<input type=\"hidden\" name=\"phone\" value=\"\(HTML.escape(frame.user))\"/>"
    case .still:
      return "<form\(classAttribute)>"
    }
  }

  /// The `data-n` attribute numbering an action as the REPL does, for the number keys.
  private func number(_ action: ScreenSnapshot.Action, in snapshot: ScreenSnapshot) -> String {
    guard let index = snapshot.actions.firstIndex(of: action) else { return "" }
    return "data-n=\"\(index + 1)\""
  }

  private func button(
    _ action: ScreenSnapshot.Action, in snapshot: ScreenSnapshot, class className: String, content: String? = nil
  ) -> String {
    control(
      "<button type=\"submit\" class=\"\(className)\" name=\"line\" value=\"\(HTML.escape(action.words))\" "
        + "\(number(action, in: snapshot))>\(content ?? HTML.escape(action.label))</button>")
  }

  /// A still phone's buttons do nothing: disabled, so no one expects them to.
  private func control(_ html: String) -> String {
    isStill ? html.replacingOccurrences(of: "<button type=\"submit\"", with: buttonStart) : html
  }

  /// How a control's button starts: a submit button, or in a still phone a disabled one.
  private var buttonStart: String {
    isStill ? "<button type=\"button\" disabled=\"disabled\"" : "<button type=\"submit\""
  }

  private func span(_ text: String) -> String { "<span>\(HTML.escape(text))</span>" }

  /// The label of a value's input: what help shows between angle brackets, as a sentence's start.
  static func fieldLabel(_ kind: ArgumentKind) -> String {
    let text =
      switch kind {
      case .text(let description): description
      case .item(let noun): "\(noun) number"
      case .points: "points"
      case .date(let field): field.hasPrefix("the ") ? String(field.dropFirst(4)) : field
      case .role: "role"
      case .notification: "notification"
      case .names: "names"
      }
    return text.prefix(1).uppercased() + text.dropFirst()
  }
}
