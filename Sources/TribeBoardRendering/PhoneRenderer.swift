import Foundation
import TribeBoardCore
import TribeBoardFlow

/// Draws a ``ScreenSnapshot`` as TribeBoard's phone in HTML, each thing of the screen model as the app's own component:
/// task cards with a check control, chat bubbles, an agenda grouped by day, notice cards with a pin, pickup cards with
/// a route drawing, members with their avatars, settings with switches, a form with all its fields, a confirmation as
/// an action sheet. The browser front-end and the HTML storyboard use it; `Assets/app.css` gives the look.
///
/// Live phones post what a person chose to a simulation, with the phone's person (`phone`): an action of the screen
/// (`line`, its words), an action of an item (`action` and the item's identity, `item`, never its position), a value
/// (`words` and `value`), or a whole form (`words.N` and `value.N` for each field, then `line` for its submit). Still
/// phones (a storyboard) draw the same controls, inert.
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
    /// Whether the screen is still loading (simulated latency): its title over skeletons. A live page sets this
    /// itself for as long as the latency lasts; a still phone (the gallery's loading state) is drawn so.
    public var isLoading: Bool

    public init(
      user: String, name: String, now: Date?, isOnline: Bool?, waiting: Int, isActing: Bool, isLoading: Bool = false
    ) {
      self.user = user
      self.name = name
      self.now = now
      self.isOnline = isOnline
      self.waiting = waiting
      self.isActing = isActing
      self.isLoading = isLoading
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
    var drawing = Drawing(renderer: self, snapshot: snapshot, frame: frame)
    return drawing.phone()
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

  /// The heading of a day in a list grouped by day: "Today", "Tomorrow", "Yesterday", else the date.
  static func dayHeading(_ date: Date, now: Date?) -> String {
    guard let now else { return DateText.day(date) }
    let days = Int((DateText.startOfDay(date).timeIntervalSince(DateText.startOfDay(now)) / 86400).rounded())
    switch days {
    case 0: return "Today"
    case 1: return "Tomorrow"
    case -1: return "Yesterday"
    default: return DateText.day(date, now: now)
    }
  }

  var isStill: Bool {
    if case .still = mode { true } else { false }
  }
}

/// One phone being drawn.
private struct Drawing {
  let renderer: PhoneRenderer
  let snapshot: ScreenSnapshot
  let frame: PhoneRenderer.Frame
  let id: String
  /// The actions with their numbers among the screen's actions (the REPL's, and the number keys').
  let numbered: [(number: Int, action: ScreenSnapshot.Action)]
  /// The keys of the actions that set a field of the screen's form.
  let formKeys: Set<String>
  var html = HTMLWriter()

  /// Whether this is the screen under an action sheet: drawn dimmed and inert, nothing in it reachable.
  var isUnder = false

  init(renderer: PhoneRenderer, snapshot: ScreenSnapshot, frame: PhoneRenderer.Frame, under: Bool = false) {
    self.renderer = renderer
    self.snapshot = snapshot
    self.frame = frame
    isUnder = under
    id = HTML.slug(frame.user) + (under ? "-under" : "")
    numbered = snapshot.actions.enumerated().map { ($0.offset + 1, $0.element) }
    var keys: Set<String> = []
    for case .input(let field) in snapshot.blocks { keys.insert(field.action.rawValue) }
    formKeys = keys
  }

  var hasForm: Bool { !formKeys.isEmpty }

  mutating func phone() -> String {
    html += "<section class=\"phone"
    if frame.isActing { html += " acting" }
    if frame.isLoading { html += " loading" }
    html += "\""
    if frame.isLoading { html.attribute("aria-busy", "true") }
    html.attribute("aria-labelledby", id + "-label")
    html.attribute("data-user", frame.user)
    html.attribute("data-screen", snapshot.screen.rawValue)
    html.attribute("data-load", snapshot.load.rawValue)
    html += "><h2 class=\"phone-label\""
    html.attribute("id", id + "-label")
    html += ">"
    html.text(frame.name)
    html += "’s phone</h2><div class=\"device\"><div class=\"app\""
    html.attribute("data-screen", snapshot.screen.rawValue)
    html += ">"
    statusBar()
    if let sheet = snapshot.sheet {
      // The question as iOS asks it: an action sheet over the screen it was asked from, dimmed.
      if let underneath = sheet.underneath {
        var below = Drawing(
          renderer: PhoneRenderer(mode: .still), snapshot: underneath, frame: frame, under: true)
        html += "<div class=\"under\" inert aria-hidden=\"true\">"
        html.raw(below.screen())
        html += "</div>"
      }
      confirmSheet(sheet)
    } else {
      html.raw(screen())
    }
    toast()
    html += "</div></div></section>"
    return html.html
  }

  /// The screen inside the phone's frame: its bar, its content, the composer and the tab bar.
  mutating func screen() -> String {
    let start = html
    html = HTMLWriter()
    navigationBar()
    // The content may scroll with nothing in it to focus (the dashboard's members; a still phone's inert controls):
    // it is itself what the keyboard reaches, to scroll it.
    html += isUnder ? "<div class=\"content\">" : "<div class=\"content\" tabindex=\"0\">"
    if !isUnder { skeletons() }
    banners()
    switch snapshot.screen {
    case .dashboard: dashboard()
    case .memberDetail: detailList()
    case .calendar:
      // The month above the agenda, from the agenda's own entries.
      var entries: [Item] = []
      for case .item(let item) in snapshot.blocks { entries.append(item) }
      if !entries.isEmpty { month(entries) }
      blocks(snapshot.blocks)
    case .onboarding, .signIn, .mfa, .signUp, .preparing, .familySetup, .familyCreated: brandScreen()
    default: blocks(snapshot.blocks)
    }
    screenActions()
    html += "</div>"
    composer()
    tabBar()
    let drawn = html.html
    html = start
    return drawn
  }

  /// What the screen shows while its content loads (the simulated latency: the phone is `loading`), shaped like that
  /// content: task cards with their check, chat bubbles on both sides, rows of an inset grouped list, the greeting
  /// card over cards, agenda or pickup cards with their time. Hidden (and never read) until then.
  mutating func skeletons() {
    enum Shape {
      case tasks, bubbles, rows, today, cards
    }
    let shape: Shape
    switch snapshot.screen {
    case .tasks: shape = .tasks
    case .messages: shape = .bubbles
    case .settings, .profile, .notifications, .familyManagement, .memberDetail: shape = .rows
    case .dashboard: shape = .today
    default: shape = .cards
    }
    html += "<div class=\"skeletons\" aria-hidden=\"true\">"
    switch shape {
    case .tasks:
      for _ in 0..<4 {
        html += "<span class=\"sk-card\"><span class=\"sk sk-check\"></span><span class=\"sk-lines\">"
        html += "<span class=\"sk sk-line\"></span><span class=\"sk sk-line short\"></span></span></span>"
      }
    case .bubbles:
      for index in 0..<5 {
        html += index % 2 == 0 ? "<span class=\"sk sk-bubble\"></span>" : "<span class=\"sk sk-bubble own\"></span>"
      }
    case .rows:
      html += "<span class=\"sk-group\">"
      for _ in 0..<5 { html += "<span class=\"sk sk-row\"></span>" }
      html += "</span>"
    case .today:
      html += "<span class=\"sk sk-hero\"></span>"
      for _ in 0..<3 {
        html += "<span class=\"sk-card\"><span class=\"sk sk-icon\"></span><span class=\"sk-lines\">"
        html += "<span class=\"sk sk-line short\"></span><span class=\"sk sk-line\"></span></span></span>"
      }
    case .cards:
      for _ in 0..<4 {
        html += "<span class=\"sk-card\"><span class=\"sk sk-time\"></span><span class=\"sk-lines\">"
        html += "<span class=\"sk sk-line\"></span><span class=\"sk sk-line short\"></span></span></span>"
      }
    }
    html += "</div>"
  }

  /// The role's modules as a tab bar at the bottom: the screen's own module selected, badges where something waits.
  /// Away from the dashboard a tab goes home first, then to its module (two lines, as the REPL would take them).
  mutating func tabBar() {
    guard !snapshot.tabs.isEmpty else { return }
    let onDashboard = snapshot.screen == .dashboard
    // Named for its phone too: a page of several phones has one tab bar each, and landmarks are told apart by name.
    html += "<nav class=\"tab-bar\""
    html.attribute("aria-label", "Modules, \(frame.name)’s phone")
    html += ">"
    for tab in snapshot.tabs {
      form(class: "tab-form")
      if !onDashboard && tab.key != ActionID.home.rawValue {
        html += "<input type=\"hidden\" name=\"first\" value=\"home\"/>"
      }
      let inert = renderer.isStill || (onDashboard && tab.isSelected)
      html += inert ? "<button type=\"button\"" : "<button type=\"submit\""
      if renderer.isStill { html += " disabled" }
      html += " class=\"tab\" name=\"line\""
      html.attribute("value", tab.words)
      html.attribute("data-action", tab.key)
      if onDashboard, let number = numbered.first(where: { $0.action.key == tab.key })?.number {
        html.attribute("data-n", String(number))
      }
      if tab.isSelected { html += " aria-current=\"page\"" }
      // Named by its label alone; the badge is said as its description.
      if tab.badge != nil { html.attribute("aria-describedby", "\(id)-badge-\(tab.key)") }
      html += ">"
      html.raw(Icons.use(tab.key == ActionID.home.rawValue ? "home" : Icons.module(tab.key) ?? "tasks"))
      html += "<span class=\"tab-label\">"
      html.text(tab.label)
      html += "</span>"
      if let badge = tab.badge {
        html += "<span class=\"badge\" aria-hidden=\"true\">"
        html.number(badge)
        html += "</span>"
      }
      html += "</button>"
      if let badge = tab.badge {
        html += "<span class=\"visually-hidden\""
        html.attribute("id", "\(id)-badge-\(tab.key)")
        html += ">"
        html.number(badge)
        html += " new</span>"
      }
      html += "</form>"
    }
    html += "</nav>"
  }

  // MARK: Frame

  mutating func statusBar() {
    html += "<div class=\"status-bar\"><span class=\"time\">"
    if let now = frame.now { html.text(DateText.time(now)) }
    html += "</span><span class=\"status-icons\">"
    if frame.waiting > 0 {
      let syncing = frame.isOnline ?? true
      html += "<span class=\"sync"
      if syncing { html += " syncing" }
      html += "\">"
      html.raw(Icons.sync)
      html += "<span>"
      html.number(frame.waiting)
      html += frame.waiting == 1 ? " change waiting</span></span>" : " changes waiting</span></span>"
    }
    if let online = frame.isOnline {
      html += online ? "<span class=\"net\">" : "<span class=\"net off\">"
      html.raw(online ? Icons.online : Icons.offline)
      html += online ? "<span class=\"visually-hidden\">Online</span>" : "<span>Offline</span>"
      html += "</span>"
    }
    html += "<span class=\"battery\" aria-hidden=\"true\"></span></span></div>"
  }

  /// The way back on the left, the title, and the dashboard on the right where the screen offers both.
  mutating func navigationBar() {
    html += "<header class=\"nav-bar\">"
    // A module's own screen has no way back: its tab is in the tab bar.
    let navigation = numbered.filter {
      $0.action.kind == .navigation && !($0.action.key == ActionID.home.rawValue && !snapshot.tabs.isEmpty)
    }
    if let back = navigation.first {
      form()
      button(back.action, number: back.number, class: "nav-back") { drawing in
        drawing.html.raw(Icons.use("back"))
        drawing.html += "<span class=\"nav-back-label\">"
        drawing.html.text(Self.shortBack(back.action))
        drawing.html += "</span>"
      }
      html += "</form>"
    }
    if snapshot.tabs.isEmpty,
      let home = navigation.dropFirst().first(where: { $0.action.key == ActionID.home.rawValue })
    {
      form(class: "nav-end")
      button(home.action, number: home.number, class: "icon-button", label: home.action.label) { drawing in
        drawing.html.raw(Icons.use("home"))
      }
      html += "</form>"
    }
    html += isUnder ? "<p class=\"title\"" : "<h3 class=\"title\""
    html.attribute("id", id + "-title")
    html.attribute("title", snapshot.title)
    html += isUnder ? ">" : " tabindex=\"-1\">"
    html.text(snapshot.title)
    html += isUnder ? "</p></header>" : "</h3></header>"
  }

  /// A back button's words on the bar: where it goes, short ("Tasks" for "Back to tasks"); its full label is its
  /// accessible name.
  static func shortBack(_ action: ScreenSnapshot.Action) -> String {
    let label = action.label
    for prefix in ["Back to the ", "Back to "] where label.hasPrefix(prefix) {
      let rest = label.dropFirst(prefix.count)
      return rest.prefix(1).uppercased() + rest.dropFirst()
    }
    return label
  }

  /// One banner at most: the error with its own ways forward, and what the phone shows instead when it shows its
  /// saved copy. Being offline is said by the status bar and this banner only. The simulation's notes ("Session
  /// renewed silently") are the REPL's, not the app's: the phone does not show them.
  mutating func banners() {
    let saved = snapshot.staleSince.map { since in
      "Showing what this phone saved " + DateText.full(since, now: frame.now ?? since) + "."
    }
    if let error = snapshot.error, !errorIsAtField {
      let network = error.category == .network
      html += network ? "<div class=\"banner offline\" role=\"alert\">" : "<div class=\"banner error\" role=\"alert\">"
      html.raw(Icons.use(network ? "offline" : "alert"))
      html += "<div class=\"banner-text\"><p>"
      html.text(error.message)
      html += "</p>"
      if let saved {
        html += "<p>"
        html.text(saved)
        html += "</p>"
      }
      recoveries()
      html += "</div></div>"
    } else if let saved {
      html += "<div class=\"banner cached\" role=\"status\">"
      html.raw(Icons.use("offline"))
      html += "<div class=\"banner-text\"><p>"
      html.text(frame.isOnline == false ? "Offline. " + saved : "Couldn’t refresh. " + saved)
      html += "</p></div></div>"
    }
  }

  /// Whether the error is about a value of the screen's form, and so is shown at its field.
  var errorIsAtField: Bool { erroneousField != nil }

  /// The key of the form's field the error is about: the field whose action failed (a field of the screen's form,
  /// or a single-field form's), or for a submit refused for a missing value, the first required field without one.
  var erroneousField: String? {
    guard snapshot.error != nil, let failed = snapshot.failed else { return nil }
    if formKeys.contains(failed) { return failed }
    if snapshot.actions.contains(where: { $0.key == failed && $0.input != nil && !$0.isItemAction }) {
      return failed
    }
    guard failed == ActionID.save.rawValue else { return nil }
    for case .input(let field) in snapshot.blocks where field.required && field.value == nil {
      return field.action.rawValue
    }
    return nil
  }

  /// The error's own ways forward, as its buttons: drawn here once, not again with the screen's actions. A way that
  /// corrects a value is the field itself, marked where the value is typed.
  mutating func recoveries() {
    let buttons = snapshot.recoveries.filter { $0.input == nil }
    if !buttons.isEmpty {
      form(class: "recoveries")
      for action in buttons {
        button(action, number: number(of: action), class: "btn small")
      }
      html += "</form>"
    }
  }

  /// The notice as a toast, with an icon saying whether it tells of a success or a failure.
  mutating func toast() {
    guard let notice = snapshot.notice else { return }
    let failure = snapshot.noticeIsFailure
    html += failure ? "<div class=\"toast failure\" role=\"status\">" : "<div class=\"toast\" role=\"status\">"
    html.raw(Icons.use(failure ? "alert" : "check"))
    html += "<span>"
    html.text(notice)
    html += "</span></div>"
  }

  // MARK: Screens

  /// The home screen: a greeting card in the brand's colours, the modules as tiles, the family's members.
  mutating func dashboard() {
    var greeting: String?
    var facts: [(String, String)] = []
    var rest: [Block] = []
    for block in snapshot.blocks {
      switch block {
      case .paragraph(let text) where greeting == nil: greeting = text
      case .field(let label, let value) where rest.isEmpty: facts.append((label, value))
      default: rest.append(block)
      }
    }
    html += "<div class=\"hero-card\">"
    if let family = snapshot.family {
      html += "<p class=\"hero-family\">"
      html.text(family.name)
      html += "</p>"
    }
    if let greeting {
      html += "<p class=\"hero-greeting\">"
      html.text(greeting)
      html += "</p>"
    }
    if !facts.isEmpty {
      html += "<dl class=\"hero-facts\">"
      for (label, value) in facts {
        html += "<div><dt>"
        html.text(label)
        html += "</dt><dd>"
        html.text(value)
        html += "</dd></div>"
      }
      html += "</dl>"
    }
    html += "</div>"
    if snapshot.tabs.isEmpty { tiles() }
    // The Today summary's things (the next event, the next school run, the chores due) as cards that open their
    // module; the rest (the members, what is not sent yet) as any screen draws it.
    var others: [Block] = []
    var index = 0
    while index < rest.count {
      var summary: [Item] = []
      while index < rest.count, case .item(let item) = rest[index], Self.isTodayThing(item) {
        summary.append(item)
        index += 1
      }
      if summary.isEmpty {
        others.append(rest[index])
        index += 1
      } else {
        blocks(others)
        others = []
        today(summary)
      }
    }
    blocks(others)
  }

  /// Whether a dashboard item is one of the Today summary's: an event, a pickup or a task, shown without a number.
  static func isTodayThing(_ item: Item) -> Bool {
    guard item.number == nil else { return false }
    switch item.kind {
    case .event, .pickup, .task: return true
    default: return false
    }
  }

  /// The Today summary: a card for each thing, with what it is in a word, the thing, and when; a tap opens its module.
  mutating func today(_ items: [Item]) {
    html += "<ul class=\"today\">"
    for item in items {
      let icon: String
      let kicker: String
      let title: String
      var detail: String
      var person: Person?
      let module: ActionID
      var urgent = false
      switch item.kind {
      case .event(let facts):
        icon = facts.kind == .birthday ? "cake" : "calendar"
        kicker = "Next up"
        title = facts.title
        detail =
          facts.kind == .birthday
          ? DateText.day(facts.start, now: frame.now) : DateText.full(facts.start, now: frame.now)
        if let place = facts.place { detail += " · \(place)" }
        module = .openCalendar
      case .pickup(let facts):
        icon = "school-run"
        kicker = "School run"
        if let driver = facts.driver {
          title =
            facts.isMine
            ? "You drive next"
            : "\(driver.name.split(separator: " ").first.map(String.init) ?? driver.name) drives next"
          person = driver
        } else {
          title = "Needs a driver"
          urgent = true
        }
        detail = "\(facts.route) · \(DateText.full(facts.at, now: frame.now))"
        module = .openSchoolRun
      case .task(let facts):
        icon = "tasks"
        urgent = facts.state == .overdue
        kicker = urgent ? "Overdue" : "Due today"
        title = facts.title
        person = facts.assignee
        detail = [
          facts.assignee.map { $0.name.split(separator: " ").first.map(String.init) ?? $0.name },
          facts.due.map { DateText.full($0, now: frame.now) },
          facts.points > 0 ? (facts.points == 1 ? "1 pt" : "\(facts.points) pts") : nil,
        ].compactMap { $0 }.joined(separator: " · ")
        module = .openTasks
      default: continue
      }
      html += urgent ? "<li class=\"today-card urgent\">" : "<li class=\"today-card\">"
      let content: (inout Drawing) -> Void = { drawing in
        drawing.html += "<span class=\"today-icon\">"
        drawing.html.raw(Icons.use(icon))
        drawing.html += "</span><span class=\"today-body\"><span class=\"today-kicker\">"
        drawing.html.text(kicker)
        drawing.html += "</span><span class=\"card-title\">"
        drawing.html.text(title)
        drawing.html += "</span><span class=\"meta\">"
        if let person { drawing.avatar(person, small: true) }
        drawing.html += "<span>"
        drawing.html.text(detail)
        drawing.html += "</span></span></span>"
      }
      if let open = snapshot.actions.first(where: { $0.key == module.rawValue }) {
        form(class: "item-form")
        button(open, number: nil, class: "card-main") { drawing in
          content(&drawing)
          drawing.html += "<span class=\"chevron\">"
          drawing.html.raw(Icons.use("chevron"))
          drawing.html += "</span>"
        }
        html += "</form>"
      } else {
        html += "<div class=\"card-main\">"
        content(&self)
        html += "</div>"
      }
      html += "</li>"
    }
    html += "</ul>"
  }

  /// A detail screen as an inset grouped list (a member's): each field a row with its value, and the field an action
  /// sets (the role) a picker row in the same list, which commits what is picked as iOS's menus do; its submit is
  /// there for a keyboard and without the script. The destructive row follows at the bottom (``screenActions()``).
  mutating func detailList() {
    var rows: [Block] = []
    var rest: [Block] = []
    for block in snapshot.blocks {
      switch block {
      case .field, .input: rows.append(block)
      default: rest.append(block)
      }
    }
    guard !rows.isEmpty else { return blocks(snapshot.blocks) }
    var picked: (FormField, ScreenSnapshot.Action, Int)?
    for case .input(let field) in rows {
      if let (number, action) = numbered.first(where: { $0.action.key == field.action.rawValue }) {
        picked = (field, action, number)
        break
      }
    }
    if let (_, action, _) = picked {
      form(
        class: snapshot.error != nil && erroneousField == action.key
          ? "grouped detail-list invalid" : "grouped detail-list")
      html += "<input type=\"hidden\" name=\"words\""
      html.attribute("value", action.words)
      html += "/>"
    }
    html += "<ul class=\"grouped-list\">"
    var errorID: String?
    for block in rows {
      switch block {
      case .field(let label, let value):
        html += "<li class=\"detail-row\"><span class=\"row-label\">"
        html.text(label)
        html += "</span><span class=\"row-value\">"
        html.text(value)
        html += "</span></li>"
      case .input(let field):
        guard let (_, action, _) = picked, action.key == field.action.rawValue, case .role(let among) = field.input
        else { continue }
        let inputID = "\(id)-field-\(action.key)"
        let failed = snapshot.error != nil && erroneousField == action.key
        if failed { errorID = inputID + "-error" }
        html += "<li class=\"detail-row picker-row\"><label class=\"row-label\""
        html.attribute("for", inputID)
        html += ">"
        html.text(field.label)
        html += "</label><span class=\"row-picker\"><select data-commit"
        html.attribute("id", inputID)
        html += " name=\"value\""
        invalidAttributes(failed ? inputID + "-error" : nil, autofocus: failed)
        html += ">"
        for role in among {
          let value = role.displayName.lowercased()
          html += value == field.typed ? "<option selected" : "<option"
          html.attribute("value", value)
          html += ">"
          html.text(role.displayName)
          html += "</option>"
        }
        html += "</select><span class=\"chevron\" aria-hidden=\"true\">"
        html.raw(Icons.use("updown"))
        html += "</span></span></li>"
      default: break
      }
    }
    html += "</ul>"
    if let (_, action, number) = picked {
      if let errorID {
        fieldError(id: errorID, failed: true)
        html += "</p>"
      }
      // With the page's script a pick commits itself and this is not drawn; a still phone has nothing to commit.
      if !renderer.isStill {
        button(action, number: number, class: "btn secondary block picker-commit", submitsValue: true)
      }
      html += "</form>"
    }
    blocks(rest)
  }

  /// The module tiles of the home screen.
  mutating func tiles() {
    let modules = numbered.filter { Icons.module($0.action.key) != nil }
    guard !modules.isEmpty else { return }
    form()
    html += "<ul class=\"tiles\" aria-label=\"Modules\">"
    for (number, action) in modules {
      html += "<li>"
      button(action, number: number, class: "tile") { drawing in
        drawing.html += "<span class=\"tile-icon\">"
        drawing.html.raw(Icons.use(Icons.module(action.key) ?? "tasks"))
        drawing.html += "</span><span class=\"tile-label\">"
        drawing.html.text(action.label)
        drawing.html += "</span>"
      }
      html += "</li>"
    }
    html += "</ul></form>"
  }

  /// Onboarding, sign-in and family set-up: the brand's gradient, an illustration, the words and the choices.
  mutating func brandScreen() {
    html += "<div class=\"brand-panel\">"
    switch snapshot.screen {
    case .onboarding:
      let page = snapshot.blocks.lazy.compactMap { block -> Int? in
        if case .pager(let page, _) = block { page } else { nil }
      }.first
      html.raw(Illustrations.onboarding(page: page ?? 1))
    case .familySetup, .familyCreated:
      html.raw(Illustrations.family)
    default:
      html.raw(Illustrations.logo(prefix: id))
      html += "<p class=\"wordmark\">TribeBoard</p>"
    }
    html += "</div>"
    blocks(snapshot.blocks)
  }

  // MARK: Content

  mutating func blocks(_ blocks: [Block]) {
    var index = 0
    while index < blocks.count {
      switch blocks[index] {
      case .paragraph(let text):
        html += "<p class=\"paragraph\">"
        html.text(text)
        html += "</p>"
        index += 1
      case .hint:
        // How to type the values: the phone's pickers and steppers say it themselves.
        index += 1
      case .field:
        html += "<dl class=\"fields\">"
        while index < blocks.count, case .field(let label, let value) = blocks[index] {
          if index + 1 < blocks.count, case .qr = blocks[index + 1] { break }
          if label == "Avatar", snapshot.screen == .profile {
            // The profile's picture is drawn: the person's initials in their colour, not a word about it.
            if let user = snapshot.user {
              html += "<div class=\"field-row\"><dt>"
              html.text(label)
              html += "</dt><dd>"
              avatar(Person(id: user.id, name: user.name), small: false, named: true)
              html += "</dd></div>"
            }
            index += 1
            continue
          }
          html += "<div class=\"field-row\"><dt>"
          html.text(label)
          html += "</dt><dd>"
          html.text(value)
          html += "</dd></div>"
          index += 1
        }
        html += "</dl>"
        if index < blocks.count, case .field(let label, let value) = blocks[index] {
          // A field right before a QR code is the code it stands for: drawn as a card.
          html += "<div class=\"code-card\"><p class=\"code-label\">"
          html.text(label)
          html += "</p><p class=\"code\">"
          html.text(value)
          html += "</p></div>"
          index += 1
        }
      case .input:
        var fields: [FormField] = []
        while index < blocks.count, case .input(let field) = blocks[index] {
          fields.append(field)
          index += 1
        }
        formFields(fields)
      case .section(let title):
        html += "<h4 class=\"section\">"
        html.text(title)
        html += "</h4>"
        index += 1
      case .item:
        var items: [Item] = []
        while index < blocks.count, case .item(let item) = blocks[index] {
          items.append(item)
          index += 1
        }
        list(items)
      case .empty(let text):
        html += "<div class=\"empty-state\">"
        html.raw(Illustrations.empty(snapshot.screen))
        html += "<p>"
        html.text(text)
        html += "</p></div>"
        index += 1
      case .qr(let payload):
        html += "<div class=\"qr-card\">"
        html.raw(PhoneRenderer.qrSVG(payload))
        html += "<p class=\"link\">Link: <span class=\"mono\">"
        // A line may end after each slash of the link, never inside a part of it.
        for (index, part) in payload.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
          if index > 0 { html += "/<wbr>" }
          html.text(String(part))
        }
        html += "</span></p></div>"
        index += 1
      case .pager(let page, let count):
        html += "<div class=\"pager\" role=\"img\""
        html.attribute("aria-label", "Page \(page) of \(count)")
        html += ">"
        for dot in 1...max(1, count) {
          html += dot == page ? "<span class=\"dot current\"></span>" : "<span class=\"dot\"></span>"
        }
        html += "</div>"
        index += 1
      }
    }
  }

  /// A run of list items, drawn by what they are; an agenda and a conversation grouped by day.
  mutating func list(_ items: [Item]) {
    switch items.first?.kind {
    case .event: byDay(items, class: "agenda") { if case .event(let facts) = $0.kind { facts.start } else { nil } }
    case .message: byDay(items, class: "chat") { if case .message(let facts) = $0.kind { facts.sentAt } else { nil } }
    case .pickup: pickups(items)
    case .score: leaderboard(items)
    default:
      html += "<ul class=\"list\">"
      for item in items { self.item(item) }
      html += "</ul>"
    }
  }

  mutating func byDay(_ items: [Item], class name: HTMLWriter.Markup, day: (Item) -> Date?) {
    var current: String?
    var open = false
    for item in items {
      let heading = day(item).map { PhoneRenderer.dayHeading($0, now: frame.now) }
      if heading != current || !open {
        if open { html += "</ol>" }
        if let heading {
          html += "<h4 class=\"day\">"
          html.text(heading)
          html += "</h4>"
        }
        html += "<ol class=\""
        html += name
        html += "\">"
        open = true
        current = heading
      }
      self.item(item)
    }
    if open { html += "</ol>" }
  }

  /// The calendar's month above its agenda (the month of today, or of the first entry): a dot in each person's colour
  /// on the days they have something (the brand's for the whole family), today marked; said as the number of entries
  /// a day has.
  mutating func month(_ items: [Item]) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let starts = items.compactMap { item -> Date? in if case .event(let facts) = item.kind { facts.start } else { nil }
    }
    guard let anchor = frame.now ?? starts.first,
      let monthStart = calendar.date(from: calendar.dateComponents([.year, .month], from: anchor)),
      let days = calendar.range(of: .day, in: .month, for: monthStart)?.count
    else { return }
    let month = calendar.component(.month, from: monthStart)
    let year = calendar.component(.year, from: monthStart)
    // Monday first, as a family's week is drawn in most of the world.
    let lead = (calendar.component(.weekday, from: monthStart) + 5) % 7
    var dots: [Int: [Int?]] = [:]
    var counts: [Int: Int] = [:]
    for item in items {
      guard case .event(let facts) = item.kind, calendar.component(.month, from: facts.start) == month,
        calendar.component(.year, from: facts.start) == year
      else { continue }
      let day = calendar.component(.day, from: facts.start)
      counts[day, default: 0] += 1
      for colour in facts.participants.isEmpty ? [nil] : facts.participants.map({ Optional($0.colour) })
      where !(dots[day] ?? []).contains(colour) {
        dots[day, default: []].append(colour)
      }
    }
    let today = frame.now.map { calendar.component(.month, from: $0) == month ? calendar.component(.day, from: $0) : 0 }
    html += "<table class=\"month\"><caption>"
    html.text(Self.monthNames[month - 1] + " " + String(year))
    html += "</caption><thead><tr>"
    for (short, name) in [
      ("M", "Monday"), ("T", "Tuesday"), ("W", "Wednesday"), ("T", "Thursday"), ("F", "Friday"), ("S", "Saturday"),
      ("S", "Sunday"),
    ] {
      html += "<th scope=\"col\""
      html.attribute("abbr", name)
      html += ">"
      html.text(short)
      html += "</th>"
    }
    html += "</tr></thead><tbody>"
    let cells = lead + days
    for row in 0..<((cells + 6) / 7) {
      html += "<tr>"
      for column in 0..<7 {
        let day = row * 7 + column - lead + 1
        guard day >= 1 && day <= days else {
          html += "<td></td>"
          continue
        }
        html += day == today ? "<td class=\"today\" aria-current=\"date\">" : "<td>"
        html += "<span class=\"month-day\">"
        html.number(day)
        html += "</span>"
        if let colours = dots[day] {
          html += "<span class=\"month-dots\" aria-hidden=\"true\">"
          for colour in colours.prefix(3) {
            if let colour {
              html += "<span class=\"month-dot c"
              html.number(colour)
              html += "\"></span>"
            } else {
              html += "<span class=\"month-dot everyone\"></span>"
            }
          }
          html += "</span><span class=\"visually-hidden\">"
          let count = counts[day] ?? 0
          html.text(count == 1 ? ", 1 entry" : ", \(count) entries")
          html += "</span>"
        }
        html += "</td>"
      }
      html += "</tr>"
    }
    html += "</tbody></table>"
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// The school run: each route's drawing above its pickups.
  mutating func pickups(_ items: [Item]) {
    var routes: [(name: String, items: [Item])] = []
    for item in items {
      guard case .pickup(let facts) = item.kind else { continue }
      if let last = routes.indices.last, routes[last].name == facts.route {
        routes[last].items.append(item)
      } else {
        routes.append((facts.route, [item]))
      }
    }
    for route in routes {
      var riders: [Person] = []
      for case .pickup(let facts) in route.items.map(\.kind) {
        for person in facts.passengers where !riders.contains(person) { riders.append(person) }
      }
      var next: (when: String, driver: String)?
      for case .pickup(let facts) in route.items.map(\.kind) where !facts.isPast {
        let first = facts.driver.map { $0.name.split(separator: " ").first.map(String.init) ?? $0.name }
        next = (
          DateText.full(facts.at, now: frame.now),
          facts.isMine ? "You drive" : first.map { "\($0) drives" } ?? "Needs a driver"
        )
        break
      }
      html.raw(RouteDrawing.svg(route: route.name, stops: riders, next: next))
      html += "<ul class=\"list pickups\">"
      for item in route.items { self.item(item) }
      html += "</ul>"
    }
  }

  /// The family's points board, best first: each member's place, avatar, name and points, with a bar of the best's
  /// length.
  mutating func leaderboard(_ items: [Item]) {
    let scores = items.compactMap { item -> ScoreFacts? in if case .score(let facts) = item.kind { facts } else { nil }
    }
    html += "<ol class=\"leaderboard\">"
    for (_, facts) in scores.enumerated().sorted(by: { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }) {
      html += facts.rank == 1 && facts.points > 0 ? "<li class=\"score first\">" : "<li class=\"score\">"
      html += "<span class=\"rank\">"
      html.number(facts.rank)
      html += "</span>"
      avatar(facts.person, small: false)
      html += "<span class=\"score-body\"><span class=\"score-name\">"
      html.text(facts.person.name)
      // The bar is a drawing (the page's policy allows no inline style): the points as a share of the best's.
      let share = facts.best > 0 ? max(3, Int((Double(facts.points) / Double(facts.best) * 100).rounded())) : 3
      html += "</span><svg class=\"score-bar\" viewBox=\"0 0 100 6\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
      html +=
        "<rect class=\"score-track\" width=\"100\" height=\"6\" rx=\"3\"/><rect class=\"score-fill\" height=\"6\" rx=\"3\""
      html.attribute("width", String(share))
      html += "/></svg></span><span class=\"score-points\">"
      html.text(facts.points == 1 ? "1 pt" : "\(facts.points) pts")
      html += "</span></li>"
    }
    html += "</ol>"
  }

  mutating func item(_ item: Item) {
    switch item.kind {
    case .task(let facts): task(item, facts)
    case .notice(let facts): notice(item, facts)
    case .message(let facts): message(item, facts)
    case .event(let facts): event(item, facts)
    case .pickup(let facts): pickup(item, facts)
    case .member(let facts): member(item, facts)
    case .setting(let facts): setting(facts)
    case .plain: plain(item)
    case .score: leaderboard([item])
    }
  }

  mutating func task(_ item: Item, _ facts: TaskFacts) {
    html += "<li class=\"card task "
    html += facts.state == .done ? "done" : facts.state == .overdue ? "overdue" : "open"
    html += "\">"
    itemForm(item)
    if let done = item.actions.first(where: { $0.key == ActionID.markDone.rawValue }) {
      itemButton(done, item: item, name: facts.title, class: "check") { drawing in
        drawing.html.raw(Icons.use("check"))
      }
    } else {
      html += "<span class=\"check "
      html += facts.state == .done ? "checked" : "locked"
      html += "\" role=\"img\""
      html.attribute("aria-label", facts.state == .done ? "Done" : "Not yours to mark done")
      html += ">"
      if facts.state == .done { html.raw(Icons.use("check")) }
      html += "</span>"
    }
    opening(item, name: facts.title) { drawing in
      drawing.html += "<span class=\"task-body\"><span class=\"card-title\">"
      drawing.html.text(facts.title)
      drawing.html += "</span><span class=\"meta\">"
      if let assignee = facts.assignee {
        drawing.avatar(assignee, small: true)
        drawing.html += "<span>"
        drawing.html.text(assignee.name)
        drawing.html += "</span>"
      } else {
        drawing.html += "<span>Unassigned</span>"
      }
      if let due = facts.due {
        drawing.html += "<span class=\"due\">"
        drawing.html.raw(Icons.use("clock"))
        drawing.html.text(DateText.full(due, now: drawing.frame.now))
        drawing.html += "</span>"
      }
      drawing.html += "</span>"
      drawing.html += "<span class=\"chips\">"
      if facts.points > 0 {
        drawing.html += "<span class=\"chip points\">"
        drawing.html.text(facts.points == 1 ? "1 pt" : "\(facts.points) pts")
        drawing.html += "</span>"
      }
      switch facts.state {
      case .overdue: drawing.html += "<span class=\"chip overdue\">Overdue</span>"
      case .done: drawing.html += "<span class=\"chip done\">Done</span>"
      case .open: break
      }
      if facts.waiting { drawing.waitingChip() }
      drawing.html += "</span></span>"
    }
    html += "</form></li>"
  }

  mutating func notice(_ item: Item, _ facts: NoticeFacts) {
    html += "<li class=\"card notice"
    if facts.pinned { html += " pinned" }
    html += "\">"
    itemForm(item)
    html += "<div class=\"notice-body\">"
    if facts.pinned {
      html += "<span class=\"pin-badge\">"
      html.raw(Icons.use("pin"))
      html += "Pinned</span>"
    }
    html += "<p class=\"notice-text\">"
    html.text(facts.text)
    html += "</p><p class=\"meta\">"
    avatar(facts.author, small: true)
    html += "<span>"
    html.text(facts.author.name)
    html += " · "
    html.text(DateText.day(facts.postedAt, now: frame.now))
    html += "</span>"
    if facts.waiting { waitingChip() }
    html += "</p></div>"
    for action in item.actions {
      itemButton(action, item: item, name: facts.text, class: "btn small pin-button") { drawing in
        drawing.html.raw(Icons.use("pin"))
        drawing.html += "<span>"
        drawing.html.text(action.label)
        drawing.html += "</span>"
      }
    }
    html += "</form></li>"
  }

  mutating func message(_ item: Item, _ facts: MessageFacts) {
    html += facts.isOwn ? "<li class=\"bubble-row own\">" : "<li class=\"bubble-row\">"
    if !facts.isOwn { avatar(facts.sender, small: false) }
    html += "<div class=\"bubble\">"
    if !facts.isOwn {
      html += "<p class=\"sender\">"
      html.text(facts.sender.name)
      html += "</p>"
    } else {
      html += "<p class=\"visually-hidden\">You</p>"
    }
    html += "<p class=\"bubble-text\">"
    html.text(facts.text)
    html += "</p><p class=\"bubble-meta\"><time>"
    html.text(DateText.time(facts.sentAt))
    html += "</time>"
    if facts.isNew { html += "<span class=\"chip new\">New</span>" }
    if facts.waiting { waitingChip() }
    html += "</p></div></li>"
  }

  mutating func event(_ item: Item, _ facts: EventFacts) {
    html += "<li class=\"card event kind-"
    switch facts.kind {
    case .event: html += "event"
    case .birthday: html += "birthday"
    case .schoolRun: html += "school-run"
    }
    html += "\">"
    itemForm(item)
    opening(item, name: facts.title) { drawing in
      drawing.html += "<span class=\"when\">"
      switch facts.kind {
      case .birthday: drawing.html.raw(Icons.use("cake"))
      case .schoolRun: drawing.html.raw(Icons.use("school-run"))
      case .event: drawing.html.text(DateText.time(facts.start))
      }
      drawing.html += "</span><span class=\"event-body\"><span class=\"card-title\">"
      drawing.html.text(facts.title)
      drawing.html += "</span><span class=\"meta\">"
      switch facts.kind {
      case .birthday: drawing.html += "<span>Birthday</span>"
      case .schoolRun:
        drawing.html += "<span>School run · "
        drawing.html.text(DateText.time(facts.start))
        drawing.html += "</span>"
      case .event: break
      }
      if let place = facts.place {
        drawing.html += "<span class=\"place\">"
        drawing.html.raw(Icons.use("place"))
        drawing.html.text(place)
        drawing.html += "</span>"
      }
      drawing.html += "</span>"
      if !facts.participants.isEmpty {
        drawing.html += "<span class=\"avatars\">"
        for person in facts.participants.prefix(5) { drawing.avatar(person, small: true, named: true) }
        drawing.html += "</span>"
      }
      drawing.html += "</span>"
    }
    html += "</form></li>"
  }

  mutating func pickup(_ item: Item, _ facts: PickupFacts) {
    html += "<li class=\"card pickup"
    if facts.isPast { html += " past" }
    if facts.isMine { html += " mine" }
    html += "\">"
    itemForm(item)
    html += "<div class=\"pickup-time\"><span class=\"big\">"
    html.text(DateText.time(facts.at))
    html += "</span><span>"
    html.text(PhoneRenderer.dayHeading(facts.at, now: frame.now))
    html += "</span></div><div class=\"pickup-body\"><p class=\"driver\">"
    if let driver = facts.driver {
      avatar(driver, small: true)
      html += "<span>"
      html.text(
        facts.isMine ? "You drive" : "\(driver.name.split(separator: " ").first.map(String.init) ?? driver.name) drives"
      )
      html += "</span>"
    } else {
      html += "<span class=\"chip needs-driver\">Needs a driver</span>"
    }
    if facts.isPast { html += "<span class=\"chip past\">Done</span>" }
    if facts.waiting { waitingChip() }
    html += "</p>"
    if !facts.passengers.isEmpty {
      html += "<p class=\"meta\"><span>Picking up</span><span class=\"avatars\">"
      for person in facts.passengers { avatar(person, small: true, named: true) }
      html += "</span></p>"
    }
    if facts.isMine && !facts.isPast {
      html += "<details class=\"directions\"><summary>Directions</summary><ol>"
      html += "<li>Leave home by "
      html.text(DateText.time(facts.at.addingTimeInterval(-15 * 60)))
      html += "</li>"
      for person in facts.passengers {
        html += "<li>Pick up "
        html.text(person.name)
        html += "</li>"
      }
      html += "<li>Arrive at school by "
      html.text(DateText.time(facts.at))
      html += "</li></ol></details>"
    }
    html += "</div>"
    if let action = item.actions.first {
      itemButton(
        action, item: item, name: "the \(DateText.full(facts.at, now: frame.now)) pickup",
        class: action.key == ActionID.claim.rawValue ? "btn small primary" : "btn small secondary")
    }
    html += "</form></li>"
  }

  mutating func member(_ item: Item, _ facts: MemberFacts) {
    html += "<li class=\"card member"
    if facts.ended { html += " ended" }
    html += "\">"
    itemForm(item)
    opening(item, name: facts.person.name) { drawing in
      drawing.avatar(facts.person, small: false)
      drawing.html += "<span class=\"member-body\"><span class=\"card-title\">"
      drawing.html.text(facts.person.name)
      drawing.html += "</span><span class=\"meta\"><span class=\"chip role\">"
      drawing.html.text(facts.role.displayName)
      drawing.html += "</span>"
      if let until = facts.until {
        drawing.html += "<span>"
        drawing.html.text(facts.ended ? "Access ended " : "Until ")
        drawing.html.text(DateText.full(until, now: drawing.frame.now))
        drawing.html += "</span>"
      }
      drawing.html += "</span></span>"
    }
    html += "</form></li>"
  }

  /// A notification setting: its label and a switch that toggles it.
  mutating func setting(_ facts: SettingFacts) {
    html += "<li class=\"card setting\"><span class=\"card-title\">"
    html.text(facts.label)
    html += "</span>"
    if let toggle = numbered.first(where: { $0.action.key == ActionID.toggle.rawValue }) {
      form()
      html += "<input type=\"hidden\" name=\"words\""
      html.attribute("value", toggle.action.words)
      html += "/>"
      html += renderer.isStill ? "<button type=\"button\" disabled" : "<button type=\"submit\""
      html += " class=\"switch\" role=\"switch\" name=\"value\""
      html.attribute("value", facts.label.lowercased())
      html.attribute("aria-checked", facts.isOn ? "true" : "false")
      html.attribute("aria-label", facts.label)
      html += "><span class=\"track\"><span class=\"knob\"></span></span></button></form>"
    } else {
      html += facts.isOn ? "<span class=\"chip\">On</span>" : "<span class=\"chip\">Off</span>"
    }
    html += "</li>"
  }

  mutating func plain(_ item: Item) {
    html += "<li class=\"card plain\"><span class=\"card-title\">"
    html.text(item.text)
    html += "</span>"
    if let flag = item.flag {
      html += "<span class=\"chip\">"
      html.text(flag.prefix(1) + flag.dropFirst().lowercased())
      html += "</span>"
    }
    html += "</li>"
  }

  mutating func waitingChip() {
    html += "<span class=\"chip waiting\">"
    html.raw(Icons.use("sync"))
    html += "Waiting to sync</span>"
  }

  /// A person's initials in their colour; their name is said with it when no text beside it says it.
  mutating func avatar(_ person: Person, small: Bool, named: Bool = false, initials: String? = nil) {
    html += small ? "<span class=\"avatar small c" : "<span class=\"avatar c"
    html.number(person.colour)
    html += "\""
    if named {
      html += " role=\"img\""
      html.attribute("aria-label", person.name)
      html.attribute("title", person.name)
    } else {
      html += " aria-hidden=\"true\""
    }
    html += ">"
    html.text(initials ?? person.initials)
    html += "</span>"
  }

  // MARK: Item controls

  /// The form an item's controls post in: the phone's person and the item's identity.
  mutating func itemForm(_ item: Item) {
    form(class: "item-form")
    if case .live = renderer.mode, let identity = item.id {
      html += "<input type=\"hidden\" name=\"item\""
      html.attribute("value", identity)
      html += "/>"
    }
  }

  /// The item's main part: a button that opens it (with a chevron) when it can be opened, else the same content.
  mutating func opening(_ item: Item, name: String, content: (inout Drawing) -> Void) {
    if let open = item.actions.first(where: { $0.key == ActionID.openItem.rawValue }) {
      html += renderer.isStill ? "<button type=\"button\" disabled" : "<button type=\"submit\""
      html += " class=\"card-main\" name=\"action\""
      html.attribute("value", open.key)
      html += ">"
      content(&self)
      html += "<span class=\"chevron\">"
      html.raw(Icons.use("chevron"))
      html += "</span></button>"
    } else {
      html += "<div class=\"card-main\">"
      content(&self)
      html += "</div>"
    }
  }

  /// A control of one item: it names the action and the item, so it acts on that item whatever moved since.
  mutating func itemButton(
    _ action: ScreenSnapshot.Action, item: Item, name: String, class className: HTMLWriter.Markup,
    content: ((inout Drawing) -> Void)? = nil
  ) {
    html += renderer.isStill ? "<button type=\"button\" disabled" : "<button type=\"submit\""
    html += " class=\""
    html += className
    html += "\" name=\"action\""
    html.attribute("value", action.key)
    html.attribute("aria-label", "\(action.label): \(name)")
    html += ">"
    if let content { content(&self) } else { html.text(action.label) }
    html += "</button>"
  }

  // MARK: Forms and actions

  /// The screen's form: every field with its input, its value and its error, one submit (the screen's save).
  mutating func formFields(_ fields: [FormField]) {
    let actions = Dictionary(snapshot.actions.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    form(class: "app-form")
    html += "<input type=\"hidden\" name=\"form\" value=\"1\"/>"
    var firstError = true
    for (index, field) in fields.enumerated() {
      guard let action = actions[field.action.rawValue], let input = action.input else { continue }
      let inputID = "\(id)-field-\(field.action.rawValue)"
      let failed = erroneousField == field.action.rawValue
      let errorID = failed ? inputID + "-error" : nil
      let group = field.input == .members
      html += group ? "<fieldset class=\"form-field" : "<div class=\"form-field"
      html += failed ? " invalid\">" : "\">"
      if group {
        html += field.required ? "<legend class=\"required\">" : "<legend>"
        html.text(field.label)
        html += "</legend>"
      } else {
        html += field.required ? "<label class=\"required\"" : "<label"
        html.attribute("for", inputID)
        html += ">"
        html.text(field.label)
        html += "</label>"
      }
      html += "<input type=\"hidden\""
      html.attribute("name", "words.\(index + 1)")
      html.attribute("value", action.words)
      html += "/>"
      switch field.input {
      case .dateTime:
        dateTimePicker(field, id: inputID, index: index + 1, invalid: errorID, autofocus: failed && firstError)
      case .members:
        memberChoices(field, id: inputID, index: index + 1, invalid: errorID)
      case .number(let bounds):
        stepper(field, bounds: bounds, id: inputID, index: index + 1, invalid: errorID, autofocus: failed && firstError)
      case .text, .longText, .role:
        control(
          input, id: inputID, name: "value.\(index + 1)", value: field.typed, required: field.required,
          maxLength: field.maxLength, invalid: errorID, autofocus: failed && firstError)
      case .member:
        html += "<select"
        html.attribute("id", inputID)
        html.attribute("name", "value.\(index + 1)")
        if failed {
          html += " aria-invalid=\"true\" data-autofocus"
          html.attribute("aria-describedby", inputID + "-error")
        }
        if renderer.isStill { html += " disabled" }
        html += ">"
        memberOptions(field.choices, selected: field.typed)
      }
      fieldError(id: inputID + "-error", failed: failed)
      if failed { firstError = false }
      html += group ? "</p></fieldset>" : "</p></div>"
    }
    if let save = numbered.first(where: { $0.action.key == ActionID.save.rawValue }) {
      button(save.action, number: save.number, class: "btn primary block")
    }
    html += "</form>"
  }

  /// A date and time in the app's own words: a day ("Today", "Tomorrow", "Thu 5 Mar") and a time, each a list to
  /// pick from, sent as `date.N` and `time.N` (the server joins them as the REPL types a date). No browser pattern.
  mutating func dateTimePicker(
    _ field: FormField, id inputID: String, index: Int, invalid errorID: String?, autofocus: Bool
  ) {
    let typed = field.typed ?? ""
    let typedDay = typed.count >= 10 ? String(typed.prefix(10)) : nil
    let typedTime = typed.count >= 16 ? String(typed.suffix(5)) : nil
    var days: [(value: String, label: String)] = []
    if let now = frame.now {
      for offset in 0..<42 {
        let day = DateText.startOfDay(now).addingTimeInterval(Double(offset) * 86400)
        days.append((String(DateText.typed(day).prefix(10)), PhoneRenderer.dayHeading(day, now: now)))
      }
    }
    if let typedDay, !days.contains(where: { $0.value == typedDay }) {
      days.insert((typedDay, field.value.map { String($0.prefix { $0 != ":" }.dropLast(3)) } ?? typedDay), at: 0)
    }
    html += "<div class=\"picker\"><select"
    html.attribute("id", inputID)
    html.attribute("name", "date.\(index)")
    invalidAttributes(errorID, autofocus: autofocus)
    html += "><option value=\"\">"
    html += field.required ? "Choose a day" : "No date"
    html += "</option>"
    for day in days {
      html += day.value == typedDay ? "<option selected" : "<option"
      html.attribute("value", day.value)
      html += ">"
      html.text(day.label)
      html += "</option>"
    }
    html += "</select><select"
    html.attribute("id", inputID + "-time")
    html.attribute("name", "time.\(index)")
    html.attribute("aria-label", field.label + ", time")
    if renderer.isStill { html += " disabled" }
    html += ">"
    let chosen = typedTime ?? "08:00"
    for quarter in 0..<96 {
      let time = String(format: "%02d:%02d", quarter / 4, quarter % 4 * 15)
      html += time == chosen ? "<option selected>" : "<option>"
      html.text(time)
      html += "</option>"
    }
    if !chosen.hasSuffix(":00") && !chosen.hasSuffix(":15") && !chosen.hasSuffix(":30") && !chosen.hasSuffix(":45") {
      html += "<option selected>"
      html.text(chosen)
      html += "</option>"
    }
    html += "</select></div>"
  }

  /// A choice of several members, or everyone: "Everyone" first, then each member, as switches of a list; sent as
  /// `value.N.K`, which the server joins with commas.
  mutating func memberChoices(_ field: FormField, id inputID: String, index: Int, invalid errorID: String?) {
    let chosen = Set((field.typed ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    let everyone = chosen.isEmpty || chosen.contains("everyone")
    html += "<ul class=\"choices\""
    if let errorID {
      html += " aria-invalid=\"true\""
      html.attribute("aria-describedby", errorID)
    }
    html += ">"
    let options = [("everyone", "Everyone")] + field.choices.map { ($0.value, $0.label) }
    for (position, option) in options.enumerated() {
      let boxID = "\(inputID)-\(position)"
      html += "<li><input type=\"checkbox\""
      html.attribute("id", boxID)
      html.attribute("name", "value.\(index).\(position)")
      html.attribute("value", option.0)
      if position == 0 ? everyone : (!everyone && chosen.contains(option.0)) { html += " checked" }
      if position == 0 { html += " data-everyone" }
      if renderer.isStill { html += " disabled" }
      html += "/><label"
      html.attribute("for", boxID)
      html += ">"
      if position > 0 {
        avatar(
          Person(id: option.0, name: option.1), small: true,
          initials: Person.initials(of: option.1, among: field.choices.map(\.label)))
      }
      html.text(option.1)
      html += "</label></li>"
    }
    html += "</ul>"
  }

  /// A whole number within bounds as a stepper: fewer, the number, more. No spin arrows.
  mutating func stepper(
    _ field: FormField, bounds: ClosedRange<Int>, id inputID: String, index: Int, invalid errorID: String?,
    autofocus: Bool
  ) {
    let noun = field.label.lowercased()
    html += "<div class=\"stepper\"><button type=\"button\" class=\"step\" data-step=\"-1\""
    html.attribute("aria-label", "Fewer \(noun)")
    html.attribute("aria-controls", inputID)
    if renderer.isStill { html += " disabled" }
    html += ">−</button><input type=\"number\" inputmode=\"numeric\""
    html.attribute("min", String(bounds.lowerBound))
    html.attribute("max", String(bounds.upperBound))
    if let value = field.typed { html.attribute("value", value) }
    html.attribute("id", inputID)
    html.attribute("name", "value.\(index)")
    invalidAttributes(errorID, autofocus: autofocus)
    html += "/><button type=\"button\" class=\"step\" data-step=\"1\""
    html.attribute("aria-label", "More \(noun)")
    html.attribute("aria-controls", inputID)
    if renderer.isStill { html += " disabled" }
    html += ">+</button></div>"
  }

  /// A field's marks when its value was refused (said by the error at the field), its focus, and a still phone's
  /// inertness.
  mutating func invalidAttributes(_ errorID: String?, autofocus: Bool) {
    if let errorID {
      html += " aria-invalid=\"true\""
      html.attribute("aria-describedby", errorID)
    }
    if autofocus { html += " data-autofocus" }
    if renderer.isStill { html += " disabled" }
  }

  /// An input for a value of `kind`.
  mutating func control(
    _ kind: ArgumentKind, id inputID: String, name: String, value: String?, required: Bool, maxLength: Int?,
    invalid errorID: String?, autofocus: Bool
  ) {
    func common(_ drawing: inout Drawing) {
      drawing.html.attribute("id", inputID)
      drawing.html.attribute("name", name)
      if required { drawing.html += " required" }
      if let errorID {
        drawing.html += " aria-invalid=\"true\""
        drawing.html.attribute("aria-describedby", errorID)
      }
      if autofocus { drawing.html += " data-autofocus" }
      if drawing.renderer.isStill { drawing.html += " disabled" }
    }
    switch kind {
    case .role(let among):
      html += "<select"
      common(&self)
      html += ">"
      for role in among {
        html += "<option"
        html.attribute("value", role.displayName.lowercased())
        html += ">"
        html.text(role.displayName)
        html += "</option>"
      }
      html += "</select>"
    case .notification:
      html += "<select"
      common(&self)
      html += ">"
      for kind in NotificationPreferences.Kind.allCases {
        html += "<option"
        html.attribute("value", kind.label.lowercased())
        html += ">"
        html.text(kind.label)
        html += "</option>"
      }
      html += "</select>"
    case .date:
      html += "<input type=\"datetime-local\""
      if let value { html.attribute("value", value.replacingOccurrences(of: " ", with: "T")) }
      common(&self)
      html += "/>"
    case .points:
      html += "<input type=\"number\" min=\"0\" inputmode=\"numeric\""
      html.attribute("max", String(Validation.maximumPoints))
      if let value { html.attribute("value", value) }
      common(&self)
      html += "/>"
    case .item:
      html += "<input type=\"number\" min=\"1\" inputmode=\"numeric\""
      common(&self)
      html += "/>"
    case .names:
      html += "<input type=\"text\" autocomplete=\"off\" placeholder=\"Everyone, or names with commas\""
      if let value { html.attribute("value", value) }
      common(&self)
      html += "/>"
    case .text:
      html += "<input type=\"text\" autocomplete=\"off\""
      if let maxLength { html.attribute("maxlength", String(maxLength)) }
      if let value { html.attribute("value", value) }
      common(&self)
      html += "/>"
    }
  }

  /// The screen's other actions: values to give (each a small form), then buttons, the main one first.
  mutating func screenActions() {
    var buttons: [(Int, ScreenSnapshot.Action)] = []
    var rows: [(Int, ScreenSnapshot.Action)] = []
    var destructive: [(Int, ScreenSnapshot.Action)] = []
    for (number, action) in numbered {
      // The way back is in the bar, modules are tabs, an error's ways forward are in its banner, an item's actions
      // on its row, a form's fields in the form.
      guard action.kind != .navigation, action.kind != .recovery, !action.isItemAction, !formKeys.contains(action.key)
      else { continue }
      if action.kind == .tab { continue }
      if hasForm && action.key == ActionID.save.rawValue { continue }
      if action.key == ActionID.send.rawValue && snapshot.screen == .messages { continue }
      if action.kind == .setting && snapshot.screen == .notifications { continue }
      // Signing out is in Settings, as iOS apps keep it.
      if action.key == ActionID.signOut.rawValue && snapshot.screen == .dashboard && !snapshot.tabs.isEmpty { continue }
      if let input = action.input {
        valueForm(action, number: number, input: input)
      } else if action.kind == .row {
        rows.append((number, action))
      } else if action.kind == .destructive {
        destructive.append((number, action))
      } else {
        buttons.append((number, action))
      }
    }
    if !rows.isEmpty { groupedRows(rows, destructive: false) }
    defer { if !destructive.isEmpty { groupedRows(destructive, destructive: true) } }
    guard !buttons.isEmpty else { return }
    form(class: "actions")
    for (number, action) in buttons {
      let className: HTMLWriter.Markup =
        switch action.kind {
        case .primary: "btn primary block"
        case .destructive: "btn destructive block"
        default: "btn secondary block"
        }
      button(action, number: number, class: className) { drawing in
        if let icon = Icons.forAction(action.key) { drawing.html.raw(Icons.use(icon)) }
        drawing.html += "<span>"
        drawing.html.text(action.label)
        drawing.html += "</span>"
      }
    }
    html += "</form>"
  }

  /// Actions as an inset grouped list: rows that open a sub-screen (with a chevron), or red rows that end something
  /// (each confirmed in a sheet naming what it does), at the bottom.
  mutating func groupedRows(_ rows: [(Int, ScreenSnapshot.Action)], destructive: Bool) {
    form(class: destructive ? "grouped destructive-rows" : "grouped")
    html += "<ul class=\"grouped-list\">"
    for (number, action) in rows {
      html += "<li>"
      button(action, number: number, class: destructive ? "row-button destructive" : "row-button") { drawing in
        if !destructive, let icon = Icons.forAction(action.key) {
          drawing.html += "<span class=\"row-icon\">"
          drawing.html.raw(Icons.use(icon))
          drawing.html += "</span>"
        }
        drawing.html += "<span class=\"row-label\">"
        drawing.html.text(action.label)
        drawing.html += "</span>"
        if !destructive {
          drawing.html += "<span class=\"chevron\">"
          drawing.html.raw(Icons.use("chevron"))
          drawing.html += "</span>"
        }
      }
      html += "</li>"
    }
    html += "</ul></form>"
  }

  /// An action that takes a value: a labelled input of the value's kind and a submit named by the action; a value
  /// it refuses is said at the field (marked for a screen reader, focused), as in a whole form.
  mutating func valueForm(_ action: ScreenSnapshot.Action, number: Int, input: ArgumentKind) {
    let inputID = "\(id)-field-\(action.key)"
    let failed = snapshot.error != nil && erroneousField == action.key
    form(class: failed ? "value-form invalid" : "value-form")
    html += "<input type=\"hidden\" name=\"words\""
    html.attribute("value", action.words)
    html += "/><div class=\"form-field"
    html += failed ? " invalid\"><label" : "\"><label"
    html.attribute("for", inputID)
    html += ">"
    html.text(PhoneRenderer.fieldLabel(input))
    html += "</label>"
    if action.choices.isEmpty {
      control(
        input, id: inputID, name: "value", value: nil, required: true, maxLength: nil,
        invalid: failed ? inputID + "-error" : nil, autofocus: failed)
    } else {
      // A member is picked, never typed.
      html += "<select"
      html.attribute("id", inputID)
      html += " name=\"value\""
      invalidAttributes(failed ? inputID + "-error" : nil, autofocus: failed)
      html += ">"
      memberOptions(action.choices.map { ($0.value, $0.label) }, selected: nil)
    }
    fieldError(id: inputID + "-error", failed: failed)
    html += "</p></div>"
    button(action, number: number, class: "btn primary block", submitsValue: true)
    html += "</form>"
  }

  /// A member picker's options after its opening tag, "Choose someone" first, `selected` marked, then `</select>`.
  private mutating func memberOptions(_ choices: [(value: String, label: String)], selected: String?) {
    html += "<option value=\"\">Choose someone</option>"
    for choice in choices {
      html += choice.value == selected ? "<option selected" : "<option"
      html.attribute("value", choice.value)
      html += ">"
      html.text(choice.label)
      html += "</option>"
    }
    html += "</select>"
  }

  /// A field's error paragraph, up to its closing tag: the error's message announced where the field failed, hidden
  /// (and empty) elsewhere, for the page's script to fill as the person types.
  private mutating func fieldError(id: String, failed: Bool) {
    html += "<p class=\"field-error\""
    html.attribute("id", id)
    if failed {
      html += " role=\"alert\">"
      html.text(snapshot.error?.message ?? "")
    } else {
      html += " hidden>"
    }
  }

  /// The conversation's composer, docked at the bottom of the screen.
  mutating func composer() {
    guard snapshot.screen == .messages else { return }
    guard let send = numbered.first(where: { $0.action.key == ActionID.send.rawValue }) else {
      // No composer: the person is told why, where it would be.
      if snapshot.load == .loaded || snapshot.load == .empty {
        html += "<p class=\"composer-note\">"
        html.text(
          snapshot.role == .visitor
            ? "Visitors can read the family’s chat but not write in it."
            : "You can read the family’s chat here.")
        html += "</p>"
      }
      return
    }
    let inputID = "\(id)-composer"
    form(class: "composer")
    html += "<input type=\"hidden\" name=\"words\""
    html.attribute("value", send.action.words)
    html += "/><label class=\"visually-hidden\""
    html.attribute("for", inputID)
    html += ">Message</label><input type=\"text\" name=\"value\" autocomplete=\"off\" maxlength=\"500\" required"
    html.attribute("id", inputID)
    html += " placeholder=\"Message the family\""
    if renderer.isStill { html += " disabled" }
    html += "/>"
    button(send.action, number: send.number, class: "send-button", label: send.action.label, submitsValue: true) {
      drawing in
      drawing.html.raw(Icons.use("send"))
    }
    html += "</form>"
  }

  /// The question before an action that can't be undone, as iOS asks it: an action sheet over the dimmed screen,
  /// the question, the choice that does it named by what it does and red, and Cancel apart below.
  mutating func confirmSheet(_ sheet: ScreenSnapshot.Sheet) {
    html += "<div class=\"sheet-backdrop\"></div><div class=\"sheet\" role=\"alertdialog\" aria-modal=\"true\""
    html.attribute("aria-labelledby", id + "-question")
    html += "><div class=\"sheet-group\"><h3 class=\"question\" tabindex=\"-1\" data-autofocus"
    html.attribute("id", id + "-question")
    html += ">"
    html.text(sheet.question)
    html += "</h3>"
    if let yes = numbered.first(where: { $0.action.key == ActionID.confirmYes.rawValue }) {
      form(class: "sheet-actions")
      var action = yes.action
      action.label = sheet.confirm
      button(action, number: yes.number, class: "sheet-button destructive")
      html += "</form>"
    }
    html += "</div>"
    if let no = numbered.first(where: { $0.action.key == ActionID.confirmNo.rawValue }) {
      form(class: "sheet-actions sheet-cancel")
      var action = no.action
      action.label = sheet.cancel
      action.kind = .secondary
      button(action, number: no.number, class: "sheet-button cancel")
      html += "</form>"
    }
    html += "</div>"
  }

  // MARK: Controls

  /// A form posting to the simulation for the phone's person; in a still phone, a plain container.
  mutating func form(class className: HTMLWriter.Markup? = nil) {
    switch renderer.mode {
    case .live(let path):
      // The app says what is wrong with a value, at its field: never the browser's bubble.
      html += "<form method=\"post\" novalidate"
      html.attribute("action", path)
    case .still:
      html += "<form"
    }
    if let className {
      html += " class=\""
      html += className
      html += "\""
    }
    html += ">"
    if case .live = renderer.mode {
      html += "<input type=\"hidden\" name=\"phone\""
      html.attribute("value", frame.user)
      html += "/>"
    }
  }

  func number(of action: ScreenSnapshot.Action) -> Int? {
    snapshot.actions.firstIndex(of: action).map { $0 + 1 }
  }

  /// A button sending `action`'s words, numbered for the number keys, showing `content` (the label when `nil`);
  /// `label` names a button that shows only an icon.
  mutating func button(
    _ action: ScreenSnapshot.Action, number: Int?, class className: HTMLWriter.Markup, label: String? = nil,
    submitsValue: Bool = false, content: ((inout Drawing) -> Void)? = nil
  ) {
    html += renderer.isStill ? "<button type=\"button\" disabled" : "<button type=\"submit\""
    html += " class=\""
    html += className
    html += "\""
    // A value's submit sends the form's words and value; any other button sends its action's words.
    if !submitsValue {
      html += " name=\"line\""
      html.attribute("value", action.words)
    }
    html.attribute("data-action", action.key)
    if let number { html.attribute("data-n", String(number)) }
    if let label { html.attribute("aria-label", label) }
    if action.kind == .navigation { html += " data-nav=\"back\"" }
    html += ">"
    if let content { content(&self) } else { html.text(action.label) }
    html += "</button>"
  }
}
