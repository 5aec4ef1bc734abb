import Foundation
import TribeBoardCore

/// One piece of a screen's content, described by meaning rather than look; each front-end decides the look.
public enum Block: Equatable, Sendable {
  /// A sentence or two.
  case paragraph(String)
  /// How to type a form's values ("Times are UTC."): the REPL and a screen reader say it as a paragraph; a phone,
  /// whose fields are pickers and steppers in the app's own words, leaves it out.
  case hint(String)
  /// A labelled value: "Family: The Johnsons".
  case field(String, String)
  /// A field of the screen's form, set by one of its actions; the form's fields are submitted together.
  case input(FormField)
  /// A heading over the blocks that follow.
  case section(String)
  /// A thing a list shows: a task, a message, a pickup… with its facts, its identity and its own actions.
  case item(Item)
  /// What a list shows when it has nothing, with the next step.
  case empty(String)
  /// A QR code standing for `payload`.
  case qr(payload: String)
  /// Page dots: `page` of `count`, 1-based.
  case pager(page: Int, count: Int)

  /// A list row that is not one of the app's things (a points total, a setting's value): text and a flag.
  public static func row(_ text: String, flag: String? = nil) -> Block {
    .item(Item(text: text, flag: flag))
  }
}

/// A field of a form: the action that sets it, its label, its value as the screen shows it and as typed, and
/// whether the form needs it. Its input kind is the action's ``ArgumentKind``; its error, the screen's error when
/// that action failed (``ScreenSnapshot/failed``).
public struct FormField: Equatable, Sendable {
  public var action: ActionID
  public var label: String
  /// As the screen shows it ("Tue 3 Mar 08:00"); `nil` when not set.
  public var value: String?
  /// As a person would type it again (`2026-03-03 08:00`); `nil` when not set.
  public var typed: String?
  public var required: Bool
  /// The most characters a text takes.
  public var maxLength: Int?
  /// For a choice among people: each one's value as typed (an account id) and name; empty for a free value.
  public var choices: [(value: String, label: String)]
  /// What kind of control takes the value.
  public var input: Input

  /// The kind of control a field's value is given with, as a phone draws it.
  public enum Input: Equatable, Sendable {
    /// A line of text, at most ``FormField/maxLength`` characters.
    case text
    /// Text of several lines, at most ``FormField/maxLength`` characters.
    case longText
    /// A date and a time, picked in the app's own words ("Thu 5 Mar", "08:00"); typed `YYYY-MM-DD HH:MM`.
    case dateTime
    /// A whole number within bounds: a stepper.
    case number(ClosedRange<Int>)
    /// One of ``FormField/choices`` (a member); typed as its value.
    case member
    /// Several of ``FormField/choices``, or everyone: typed as values with commas, or `everyone`.
    case members
    /// A role among these.
    case role([Role])

    /// The kind's name in `--format jsonl`: `text`, `longText`, `dateTime`, `number`, `member`, `members`, `role`.
    public var name: String {
      switch self {
      case .text: "text"
      case .longText: "longText"
      case .dateTime: "dateTime"
      case .number: "number"
      case .member: "member"
      case .members: "members"
      case .role: "role"
      }
    }
  }

  /// `input`: by default a choice of one member where there are `choices`, else a line of text.
  public init(
    _ action: ActionID, _ label: String, value: String?, typed: String? = nil, required: Bool = false,
    maxLength: Int? = nil, choices: [(value: String, label: String)] = [], input: Input? = nil
  ) {
    self.action = action
    self.label = label
    self.value = value
    self.typed = typed ?? value
    self.required = required
    self.maxLength = maxLength
    self.choices = choices
    self.input = input ?? (choices.isEmpty ? .text : .member)
  }

  public static func == (a: FormField, b: FormField) -> Bool {
    a.action == b.action && a.label == b.label && a.value == b.value && a.typed == b.typed
      && a.required == b.required && a.maxLength == b.maxLength && a.choices.elementsEqual(b.choices, by: ==)
      && a.input == b.input
  }
}

/// An entry of a list: what it is (``Kind``, with its facts), which thing it is (``id``), the number the REPL types
/// for it, its one-line summary, and the actions offered on it.
public struct Item: Equatable, Sendable {
  /// The identity of the thing: a task's, notice's, pickup's or event's id, a member's account id. `nil` for a row
  /// that is not a thing of the app (a total).
  public var id: String?
  /// The number the REPL types to name it ("done 3"); stays the same while the person stays on the list.
  public var number: Int?
  /// The item in one line, as the REPL and a screen reader say it.
  public var text: String
  /// Its state in a word or two, as the REPL shows it ("OVERDUE", "WAITING TO SYNC").
  public var flag: String?
  public var kind: Kind
  /// The actions of this item that its state and the person's role allow, filled in by ``ScreenSnapshot``.
  public var actions: [ScreenSnapshot.Action]

  public init(
    id: String? = nil, number: Int? = nil, text: String, flag: String? = nil, kind: Kind = .plain,
    actions: [ScreenSnapshot.Action] = []
  ) {
    self.id = id
    self.number = number
    self.text = text
    self.flag = flag
    self.kind = kind
    self.actions = actions
  }

  /// What the item is, with the facts a front-end draws it from.
  public enum Kind: Equatable, Sendable {
    case plain
    case task(TaskFacts)
    case notice(NoticeFacts)
    case message(MessageFacts)
    case event(EventFacts)
    case pickup(PickupFacts)
    case member(MemberFacts)
    case setting(SettingFacts)
    /// A member's points on the family's points board.
    case score(ScoreFacts)

    /// The kind's name in `--format jsonl` and in the page: "task", "notice"…
    public var name: String {
      switch self {
      case .plain: "plain"
      case .task: "task"
      case .notice: "notice"
      case .message: "message"
      case .event: "event"
      case .pickup: "pickup"
      case .member: "member"
      case .setting: "setting"
      case .score: "score"
      }
    }
  }
}

/// Someone an item names: drawn with their initials in a colour of their own, the same on every screen and in every
/// session (derived from the account, never stored).
public struct Person: Equatable, Sendable, Encodable {
  public var id: UserID
  public var name: String
  /// The family's members, to tell apart people whose initials are the same; shared, not copied.
  private var family: [Member]
  /// The first letters of the first and last names ("SJ"); where another member of the family would have the same
  /// (Mark and Mia Johnson), the first name's second letter too ("MaJ", "MiJ"), so two people never look alike.
  /// Worked out when drawn: the text screens never draw them.
  public var initials: String { Self.initials(of: name, among: family.map(\.profile.name)) }

  /// `name`'s initials, told apart from those of `others` (the family's names): with the first name's second letter
  /// where another name would have the same.
  public static func initials(of name: String, among others: [String]) -> String {
    let plain = initials(of: name)
    let alike = others.contains { other in other != name && initials(of: other) == plain }
    return alike ? longInitials(of: name) : plain
  }
  /// One of ``Person/colours`` hues, from the account id.
  public var colour: Int { Self.colour(of: id) }

  /// How many colours people are drawn in.
  public static let colours = 8

  /// `family`: the family's members, to tell apart people whose initials are the same.
  public init(id: UserID, name: String, family: [Member] = []) {
    self.id = id
    self.name = name
    self.family = family
  }

  public static func == (a: Person, b: Person) -> Bool {
    a.id == b.id && a.name == b.name
  }

  /// The first name's first two letters and the last name's first ("MaJ").
  static func longInitials(of name: String) -> String {
    let words = name.split(whereSeparator: \.isWhitespace)
    guard let first = words.first else { return "?" }
    let start = first.prefix(2)
    return start.prefix(1).uppercased() + start.dropFirst().lowercased()
      + (words.count > 1 ? words[words.count - 1].prefix(1).uppercased() : "")
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, initials, colour
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(initials, forKey: .initials)
    try container.encode(colour, forKey: .colour)
  }

  /// The first letters of a name's first and last words, capitalised ("Sarah Johnson" → "SJ"); "?" for no name.
  static func initials(of name: String) -> String {
    // Read by Unicode scalars, ASCII spaces told without Unicode's tables: a screen names many people.
    var first: String.Index?
    var last: String.Index?
    var afterSpace = true
    let scalars = name.unicodeScalars
    for index in scalars.indices {
      let scalar = scalars[index]
      let isSpace =
        scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
      if afterSpace && !isSpace {
        if first == nil { first = index } else { last = index }
      }
      afterSpace = isSpace
    }
    guard let first else { return "?" }
    return name[first].uppercased() + (last.map { name[$0].uppercased() } ?? "")
  }

  /// A colour for an account id: FNV-1a of its bytes, so it is the same on every machine and every run.
  static func colour(of id: UserID) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in id.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(colours))
  }
}

public struct TaskFacts: Equatable, Sendable, Encodable {
  public enum State: String, Sendable, Encodable {
    case open, overdue, done
  }

  public var title: String
  public var assignee: Person?
  public var due: Date?
  public var points: Int
  public var state: State
  /// A change to it is waiting on the phone to be sent.
  public var waiting: Bool

  public init(title: String, assignee: Person? = nil, due: Date? = nil, points: Int, state: State, waiting: Bool) {
    self.title = title
    self.assignee = assignee
    self.due = due
    self.points = points
    self.state = state
    self.waiting = waiting
  }
}

public struct NoticeFacts: Equatable, Sendable, Encodable {
  public var text: String
  public var author: Person
  public var postedAt: Date
  public var pinned: Bool
  public var waiting: Bool

  public init(text: String, author: Person, postedAt: Date, pinned: Bool, waiting: Bool) {
    self.text = text
    self.author = author
    self.postedAt = postedAt
    self.pinned = pinned
    self.waiting = waiting
  }
}

public struct MessageFacts: Equatable, Sendable, Encodable {
  public var text: String
  public var sender: Person
  public var sentAt: Date
  /// Whether the person holding the phone sent it.
  public var isOwn: Bool
  /// Whether it arrived since the person last read the conversation.
  public var isNew: Bool
  public var waiting: Bool

  public init(text: String, sender: Person, sentAt: Date, isOwn: Bool, isNew: Bool, waiting: Bool) {
    self.text = text
    self.sender = sender
    self.sentAt = sentAt
    self.isOwn = isOwn
    self.isNew = isNew
    self.waiting = waiting
  }
}

public struct EventFacts: Equatable, Sendable, Encodable {
  public enum Kind: String, Sendable, Encodable {
    case event, birthday, schoolRun

    /// The kind of a calendar entry.
    init(_ kind: CalendarEvent.Kind) {
      switch kind {
      case .event: self = .event
      case .birthday: self = .birthday
      case .schoolRun: self = .schoolRun
      }
    }
  }

  public var title: String
  public var start: Date
  /// A school run's or event's end, when known.
  public var end: Date?
  public var place: String?
  public var kind: Kind
  /// Who takes part; empty for everyone.
  public var participants: [Person]

  public init(title: String, start: Date, end: Date? = nil, place: String? = nil, kind: Kind, participants: [Person]) {
    self.title = title
    self.start = start
    self.end = end
    self.place = place
    self.kind = kind
    self.participants = participants
  }
}

public struct PickupFacts: Equatable, Sendable, Encodable {
  public var route: String
  public var at: Date
  public var driver: Person?
  public var passengers: [Person]
  /// Whether the person holding the phone drives it.
  public var isMine: Bool
  /// Whether it has already happened.
  public var isPast: Bool
  public var waiting: Bool

  public init(
    route: String, at: Date, driver: Person? = nil, passengers: [Person], isMine: Bool, isPast: Bool, waiting: Bool
  ) {
    self.route = route
    self.at = at
    self.driver = driver
    self.passengers = passengers
    self.isMine = isMine
    self.isPast = isPast
    self.waiting = waiting
  }
}

public struct MemberFacts: Equatable, Sendable, Encodable {
  public var person: Person
  public var role: Role
  /// When a visitor's access ends.
  public var until: Date?
  /// Whether that time has passed.
  public var ended: Bool

  public init(person: Person, role: Role, until: Date? = nil, ended: Bool) {
    self.person = person
    self.role = role
    self.until = until
    self.ended = ended
  }
}

public struct SettingFacts: Equatable, Sendable, Encodable {
  public var label: String
  public var isOn: Bool

  public init(label: String, isOn: Bool) {
    self.label = label
    self.isOn = isOn
  }
}

/// A member's place on the family's points board: the points of their done chores, their place (1 for the most;
/// equal points share a place) and the board's best, so a front-end can draw each as a bar of the best.
public struct ScoreFacts: Equatable, Sendable, Encodable {
  public var person: Person
  public var points: Int
  public var rank: Int
  public var best: Int

  public init(person: Person, points: Int, rank: Int, best: Int) {
    self.person = person
    self.points = points
    self.rank = rank
    self.best = best
  }
}
