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
    var html = HTMLText(capacity: 16384)
    html += "<section class=\"phone"
    if frame.isActing { html += " acting" }
    html += "\" aria-labelledby=\""
    html.append(id)
    html += "-label\" data-user=\""
    html.append(HTML.escape(frame.user))
    html += "\" data-screen=\""
    html.append(snapshot.screen.rawValue)
    html += "\"><h2 class=\"phone-label\" id=\""
    html.append(id)
    html += "-label\">"
    html.append(HTML.escape(frame.name))
    html += "’s phone</h2><div class=\"device\">"
    statusBar(frame, into: &html)
    titleBar(snapshot, frame: frame, id: id, into: &html)
    html += "<div class=\"screen\">"
    if snapshot.screen == .confirm {
      // The question covers the screen: nothing else is drawn under it.
      confirmSheet(snapshot, frame: frame, into: &html)
    } else {
      whoLine(snapshot, into: &html)
      messages(snapshot, frame: frame, into: &html)
      let (tiles, rest) = actions(snapshot, frame: frame, id: id)
      if snapshot.screen == .dashboard {
        // The module tiles come first, as the app's home screen has them; the other actions after the content.
        html.append(tiles)
        body(snapshot, frame: frame, id: id, into: &html)
      } else {
        body(snapshot, frame: frame, id: id, into: &html)
        html.append(tiles)
      }
      html.append(rest)
    }
    html += "</div></div></section>"
    return html.string
  }

  // MARK: Frame

  private func statusBar(_ frame: Frame, into html: inout HTMLText) {
    html += "<div class=\"status-bar\"><span class=\"time\">"
    if let now = frame.now { html.append(DateText.time(now)) }
    html += "</span>"
    if let online = frame.isOnline {
      html += "<span class=\"net\">"
      html.append(online ? Icons.online : Icons.offline)
      html += online ? "<span>Online</span>" : "<span>Offline</span>"
      html += "</span>"
    }
    if frame.waiting > 0 {
      html += "<span class=\"waiting\">"
      html.append(Icons.sync)
      html += "<span>"
      html.append(frame.waiting)
      html += frame.waiting == 1 ? " change waiting</span></span>" : " changes waiting</span></span>"
    }
    html += "</div>"
  }

  private func titleBar(_ snapshot: ScreenSnapshot, frame: Frame, id: String, into html: inout HTMLText) {
    html += "<div class=\"title-bar\">"
    if let index = snapshot.actions.firstIndex(where: { $0.kind == .navigation }) {
      let back = snapshot.actions[index]
      form(frame, into: &html)
      button(back, number: index + 1, class: "back", into: &html) { html in
        html.append(Icons.back)
        span(back.label, into: &html)
      }
      html += "</form>"
    }
    html += "<h3 class=\"title\" id=\""
    html.append(id)
    html += "-title\" tabindex=\"-1\">"
    html.append(HTML.escape(snapshot.title))
    html += "</h3></div>"
  }

  private func whoLine(_ snapshot: ScreenSnapshot, into html: inout HTMLText) {
    var parts: [String] = []
    if let family = snapshot.family { parts.append(family.name) }
    if let user = snapshot.user { parts.append(user.firstName) }
    if let role = snapshot.role { parts.append(role.displayName) }
    guard !parts.isEmpty else { return }
    html += "<p class=\"who\">"
    for (index, part) in parts.enumerated() {
      if index > 0 { html += " · " }
      html.append(HTML.escape(part))
    }
    html += "</p>"
  }

  private func messages(_ snapshot: ScreenSnapshot, frame: Frame, into html: inout HTMLText) {
    if let error = snapshot.error {
      html += "<div class=\"banner error\" role=\"alert\"><p>"
      html.append(HTML.escape(error.message))
      html += "</p>"
      // The screen's own actions the error names as its ways forward: buttons, or for a value, its form's name.
      let buttons = snapshot.recoveries.filter { $0.input == nil }
      let fields = snapshot.recoveries.filter { $0.input != nil }
      if !buttons.isEmpty {
        form(frame, into: &html)
        html += "<div class=\"recoveries\">"
        for action in buttons { button(action, number: number(action, in: snapshot), class: "btn small", into: &html) }
        html += "</div></form>"
      }
      if !fields.isEmpty {
        html += "<p class=\"hint\">You can: "
        for (index, action) in fields.enumerated() {
          if index > 0 { html += ", " }
          html.append(HTML.escape(action.label))
        }
        html += ".</p>"
      }
      html += "</div>"
    }
    if let notice = snapshot.notice {
      html += "<div class=\"toast\" role=\"status\">"
      html.append(HTML.escape(notice))
      html += "</div>"
    }
    for note in snapshot.notes {
      html += "<p class=\"note\">"
      html.append(HTML.escape(note))
      html += "</p>"
    }
    if let since = snapshot.staleSince {
      html += "<p class=\"stale\">Not up to date · loaded "
      html.append(HTML.escape(DateText.full(since, now: frame.now ?? since)))
      html += "</p>"
    }
  }

  // MARK: Content

  /// The screen's content.
  private func body(_ snapshot: ScreenSnapshot, frame: Frame, id: String, into html: inout HTMLText) {
    let rowActions = snapshot.actions.enumerated().filter(\.element.isItemAction).map { ($0.offset + 1, $0.element) }
    // Every row's actions post to the same place: the form's opening tag is made once.
    var rowForm = HTMLText(capacity: 256)
    if !rowActions.isEmpty { form(frame, into: &rowForm) }
    let rowFormTag = rowForm.string
    var open: String?
    func close() {
      if let tag = open {
        html += "</"
        html.append(tag)
        html += ">"
      }
      open = nil
    }
    func opening(_ tag: String, _ attributes: String) {
      guard open != tag else { return }
      close()
      html += "<"
      html.append(tag)
      html += " "
      html.append(attributes)
      html += ">"
      open = tag
    }
    let blocks = snapshot.blocks
    for (index, block) in blocks.enumerated() {
      switch block {
      case .paragraph(let text):
        close()
        html += "<p>"
        html.append(HTML.escape(text))
        html += "</p>"
      case .field(let label, let value):
        if index + 1 < blocks.count, case .qr = blocks[index + 1] {
          close()
          html += "<div class=\"code-card\"><p class=\"code-label\">"
          html.append(HTML.escape(label))
          html += "</p><p class=\"code\">"
          html.append(HTML.escape(value))
          html += "</p></div>"
        } else {
          opening("dl", "class=\"fields\"")
          html += "<dt>"
          html.append(HTML.escape(label))
          html += "</dt><dd>"
          html.append(HTML.escape(value))
          html += "</dd>"
        }
      case .section(let title):
        close()
        html += "<h4 class=\"section\">"
        html.append(HTML.escape(title))
        html += "</h4>"
      case .item(let ref, let text, let flag):
        opening("ul", "class=\"rows\"")
        row(ref: ref, text: text, flag: flag, actions: rowActions, form: rowFormTag, into: &html)
      case .empty(let text):
        close()
        html += "<p class=\"empty\">"
        html.append(HTML.escape(text))
        html += "</p>"
      case .qr(let payload):
        close()
        html.append(Self.qrSVG(payload))
        html += "<p class=\"link\">Link: <span class=\"mono\">"
        html.append(HTML.escape(payload))
        html += "</span></p>"
      case .pager(let page, let count):
        close()
        html += "<div class=\"pager\" role=\"img\" aria-label=\"Page "
        html.append(page)
        html += " of "
        html.append(count)
        html += "\">"
        for dot in 1...max(1, count) {
          html += dot == page ? "<span class=\"dot current\"></span>" : "<span class=\"dot\"></span>"
        }
        html += "</div>"
      }
    }
    close()
  }

  /// A list row: its title (the text before the first " · "), its details, its badge, and the actions on items
  /// (each with its number among the screen's actions) in `form` (its opening tag).
  private func row(
    ref: Int?, text: String, flag: String?, actions: [(number: Int, action: ScreenSnapshot.Action)], form: String,
    into html: inout HTMLText
  ) {
    let (title, detail) = Self.titleAndDetail(text)
    let escapedTitle = HTML.escape(title)
    html += "<li class=\"row\"><div class=\"row-text\"><span class=\"row-title\">"
    html.append(escapedTitle)
    html += "</span>"
    if let detail {
      html += "<span class=\"row-detail\">"
      html.append(HTML.escape(detail))
      html += "</span>"
    }
    html += "</div>"
    if let flag {
      html += "<span class=\"chip "
      html.append(HTML.slug(flag.lowercased()))
      html += "\">"
      html.append(HTML.escape(flag))
      html += "</span>"
    }
    if let ref, !actions.isEmpty {
      html.append(form)
      html += "<div class=\"row-actions\">"
      for (_, action) in actions {
        let label = HTML.escape(action.label)
        html.append(buttonStart)
        html += " class=\"btn small\" name=\"line\" value=\""
        html.append(HTML.escape(action.words))
        html += " "
        html.append(ref)
        html += "\" aria-label=\""
        html.append(label)
        html += ": "
        html.append(escapedTitle)
        html += "\">"
        html.append(label)
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
    var tiles = HTMLText(capacity: 2048)
    var buttons = HTMLText(capacity: 2048)
    var forms = HTMLText(capacity: 2048)
    var hasTiles = false
    var hasButtons = false
    for (index, action) in snapshot.actions.enumerated() where action.kind != .navigation && !action.isItemAction {
      if let input = action.input {
        valueForm(action, number: index + 1, input: input, frame: frame, id: id, into: &forms)
      } else if snapshot.screen == .dashboard, let icon = Icons.forAction(action.key) {
        hasTiles = true
        tiles += "<li>"
        button(action, number: index + 1, class: "tile", into: &tiles) { html in
          html.append(icon)
          span(action.label, into: &html)
        }
        tiles += "</li>"
      } else {
        hasButtons = true
        button(action, number: index + 1, class: "btn " + action.kind.rawValue, into: &buttons)
      }
    }
    var tileList = HTMLText(capacity: 4096)
    if hasTiles {
      form(frame, into: &tileList)
      tileList += "<ul class=\"tiles\" aria-label=\"Modules\">"
      tileList.append(tiles.string)
      tileList += "</ul></form>"
    }
    var rest = forms
    if hasButtons {
      form(frame, into: &rest)
      rest += "<div class=\"actions\">"
      rest.append(buttons.string)
      rest += "</div></form>"
    }
    return (tileList.string, rest.string)
  }

  /// An action that takes a value: a labelled input of the value's kind and a submit button named by the action.
  private func valueForm(
    _ action: ScreenSnapshot.Action, number: Int, input: ArgumentKind, frame: Frame, id: String,
    into html: inout HTMLText
  ) {
    let field = "\(id)-field-\(action.key)"
    form(frame, class: "value-form", into: &html)
    html += "<input type=\"hidden\" name=\"words\" value=\""
    html.append(HTML.escape(action.words))
    html += "\"/><label for=\""
    html.append(field)
    html += "\">"
    html.append(HTML.escape(Self.fieldLabel(input)))
    html += "</label>"
    let disabled = isStill ? " disabled=\"disabled\"" : ""
    switch input {
    case .role(let among):
      html.append("<select id=\"\(field)\" name=\"value\"\(disabled)>")
      for role in among {
        html.append("<option value=\"\(role.displayName.lowercased())\">\(HTML.escape(role.displayName))</option>")
      }
      html += "</select>"
    case .notification:
      html.append("<select id=\"\(field)\" name=\"value\"\(disabled)>")
      for kind in NotificationPreferences.Kind.allCases {
        html.append("<option value=\"\(HTML.escape(kind.label.lowercased()))\">\(HTML.escape(kind.label))</option>")
      }
      html += "</select>"
    case .date:
      html.append("<input id=\"\(field)\" name=\"value\" type=\"datetime-local\" required=\"required\"\(disabled)/>")
    case .points:
      html.append(
        "<input id=\"\(field)\" name=\"value\" type=\"number\" min=\"0\" max=\"\(Validation.maximumPoints)\" "
          + "inputmode=\"numeric\" required=\"required\"\(disabled)/>")
    case .item:
      html.append(
        "<input id=\"\(field)\" name=\"value\" type=\"number\" min=\"1\" inputmode=\"numeric\" required=\"required\"\(disabled)/>"
      )
    case .names:
      html.append(
        "<input id=\"\(field)\" name=\"value\" type=\"text\" autocomplete=\"off\" required=\"required\"\(disabled) "
          + "placeholder=\"Names, comma separated\"/>")
    case .text:
      html.append(
        "<input id=\"\(field)\" name=\"value\" type=\"text\" autocomplete=\"off\" required=\"required\"\(disabled)/>")
    }
    html.append(buttonStart)
    html += " class=\"btn "
    html.append(action.kind.rawValue)
    html += "\" data-n=\""
    html.append(number)
    html += "\">"
    html.append(HTML.escape(action.label))
    html += "</button></form>"
  }

  /// The question before an action that can't be undone, as a sheet over the screen with its two choices.
  private func confirmSheet(_ snapshot: ScreenSnapshot, frame: Frame, into html: inout HTMLText) {
    html += "<div class=\"sheet-backdrop\"></div><div class=\"sheet\">"
    for case .paragraph(let question) in snapshot.blocks {
      html += "<p class=\"question\">"
      html.append(HTML.escape(question))
      html += "</p>"
    }
    form(frame, into: &html)
    html += "<div class=\"actions\">"
    for (index, action) in snapshot.actions.enumerated() {
      button(
        action, number: index + 1, class: action.kind == .destructive ? "btn destructive" : "btn secondary",
        into: &html)
    }
    html += "</div></form></div>"
  }

  // MARK: Controls

  private var isStill: Bool {
    if case .still = mode { true } else { false }
  }

  /// A form posting to the simulation for the phone's person; in a still phone, a plain container.
  private func form(_ frame: Frame, class className: String? = nil, into html: inout HTMLText) {
    switch mode {
    case .live(let path):
      html += "<form method=\"post\" action=\""
      html.append(HTML.escape(path))
      html += "\""
    case .still:
      html += "<form"
    }
    if let className {
      html += " class=\""
      html.append(className)
      html += "\""
    }
    html += ">"
    if case .live = mode {
      html += "<input type=\"hidden\" name=\"phone\" value=\""
      html.append(HTML.escape(frame.user))
      html += "\"/>"
    }
  }

  /// The number of `action` among the screen's actions, from 1, as the REPL numbers them (the number keys).
  private func number(_ action: ScreenSnapshot.Action, in snapshot: ScreenSnapshot) -> Int? {
    snapshot.actions.firstIndex(of: action).map { $0 + 1 }
  }

  /// A button sending `action`'s words, numbered for the number keys, showing `content` (the label when `nil`).
  private func button(
    _ action: ScreenSnapshot.Action, number: Int?, class className: String, into html: inout HTMLText,
    content: ((inout HTMLText) -> Void)? = nil
  ) {
    html.append(buttonStart)
    html += " class=\""
    html.append(className)
    html += "\" name=\"line\" value=\""
    html.append(HTML.escape(action.words))
    html += "\" "
    if let number {
      html += "data-n=\""
      html.append(number)
      html += "\""
    }
    html += ">"
    if let content { content(&html) } else { html.append(HTML.escape(action.label)) }
    html += "</button>"
  }

  /// How a control's button starts: a submit button, or in a still phone a disabled one, so no one expects it to
  /// do anything.
  private var buttonStart: String {
    isStill ? "<button type=\"button\" disabled=\"disabled\"" : "<button type=\"submit\""
  }

  private func span(_ text: String, into html: inout HTMLText) {
    html += "<span>"
    html.append(HTML.escape(text))
    html += "</span>"
  }

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
