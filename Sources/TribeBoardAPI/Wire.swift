import Foundation
import TribeBoardCore

/// The JSON bodies of the services' HTTP contract (`openapi.yaml`, beside this file): one `Codable` value for each
/// Core model that crosses the wire, each made from the model and back. The server and any HTTP client read and
/// write these and nothing else, so the document, the server and the clients agree by construction.
public enum Wire {
  /// How bodies are written: keys sorted and dates in ISO 8601 (UTC; with the fraction of a second when there is
  /// one), so one world always gives the same bytes.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(text(of: date))
    }
    return encoder
  }

  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "“\(text.prefix(40))” is not a date and time in ISO 8601, such as 2026-03-02T08:00:00Z")
      }
      return date
    }
    return decoder
  }

  /// A date as the wire writes it: `2026-03-02T08:00:00Z`, or `2026-03-02T08:00:00.250Z` with a fraction.
  public static func text(of date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    return seconds == seconds.rounded()
      ? date.formatted(.iso8601) : Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
  }

  /// A date written as RFC 3339's `date-time`, which is what the document's `format: date-time` allows: with or
  /// without a fraction of a second, at any offset (`0108-09-27T05:47:19.5-20:40` too). A day or time that does not
  /// exist (`2026-02-29`, `24:00`) is nil, though Foundation's ISO 8601 parser would roll it over.
  public static func date(from text: String) -> Date? {
    guard let date = rfc3339(text) else { return nil }
    // Foundation's reading where it has one, to the last bit of a fraction, as before: the wire's own dates.
    return (try? Date(text, strategy: .iso8601))
      ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? date
  }

  /// RFC 3339's `date-time` (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`); nil for any other text, or a day or
  /// time that does not exist.
  static func rfc3339(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    func number(at start: Int, digits: Int) -> Int? {
      guard start + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<start + digits] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    func byte(at index: Int, is characters: String) -> Bool {
      index < bytes.count && characters.utf8.contains(bytes[index])
    }
    guard let year = number(at: 0, digits: 4), byte(at: 4, is: "-"), let month = number(at: 5, digits: 2),
      byte(at: 7, is: "-"), let day = number(at: 8, digits: 2), byte(at: 10, is: "Tt"),
      let hour = number(at: 11, digits: 2), byte(at: 13, is: ":"), let minute = number(at: 14, digits: 2),
      byte(at: 16, is: ":"), let second = number(at: 17, digits: 2)
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(at: index, is: ".") {
      var end = index + 1
      while byte(at: end, is: "0123456789") { end += 1 }
      guard end > index + 1, let value = Double("0" + String(decoding: bytes[index..<end], as: UTF8.self)) else {
        return nil
      }
      fraction = value
      index = end
    }
    var offset = 0
    if byte(at: index, is: "Zz"), index + 1 == bytes.count {
      offset = 0
    } else if byte(at: index, is: "+-"), let hours = number(at: index + 1, digits: 2), byte(at: index + 3, is: ":"),
      let minutes = number(at: index + 4, digits: 2), index + 6 == bytes.count, hours <= 23, minutes <= 59
    {
      offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
    } else {
      return nil
    }
    guard CivilDate.isReal(year: year, month: month, day: day), hour <= 23, minute <= 59, second <= 60 else {
      return nil
    }
    let epochDays = CivilDate.daysSince1970(year: year, month: month, day: day)
    let seconds = epochDays * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// `value` as a body's bytes.
  public static func encode(_ value: some Encodable) -> Data {
    // Every wire type encodes: strings, numbers, booleans, dates and arrays of them only.
    (try? encoder().encode(value)) ?? Data("{}".utf8)
  }

  /// A body read as `T`, or the reason it can't be, in words a person can act on: which field is missing or of the
  /// wrong kind.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(Invalid) -> T {
    do {
      return try decoder().decode(type, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw Invalid(reason: "the body has no “\(path(context.codingPath + [key]))” field")
    } catch let DecodingError.typeMismatch(_, context) {
      throw Invalid(reason: "“\(path(context.codingPath))” is of the wrong kind: \(context.debugDescription)")
    } catch let DecodingError.valueNotFound(_, context) {
      throw Invalid(reason: "“\(path(context.codingPath))” is null but must have a value")
    } catch let DecodingError.dataCorrupted(context) {
      let at = context.codingPath.isEmpty ? "the body" : "“\(path(context.codingPath))”"
      throw Invalid(reason: "\(at) is not valid: \(context.debugDescription)")
    } catch {
      throw Invalid(reason: "the body is not JSON of the expected shape")
    }
  }

  /// A request's body read as `T`, as ``decode(_:from:)`` reads it, but with `null` refused for every field of
  /// `T`'s save the paths in `nullable` (`driver`): the document allows null nowhere else, and a client leaves out
  /// a field it has no value for. A field `T` does not have is ignored, null or not.
  public static func decodeRequest<T: Decodable>(
    _ type: T.Type, from data: Data, nullable: Set<String> = []
  ) throws(Invalid) -> T {
    let value = try decode(type, from: data)
    guard data.range(of: Data("null".utf8)) != nil,
      let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { return value }
    for keys in nulls(in: json) {
      let name = keys.map { $0.index.map { "[\($0)]" } ?? $0.name }.joined(separator: ".")
      guard !keys.isEmpty, !nullable.contains(name) else { continue }
      // The null is at a field of T's when a value that no field can hold, put in its place, is refused there.
      let replaced = replacing(json, at: keys[...]) { _ in [[[[]]]] }
      guard JSONSerialization.isValidJSONObject(replaced),
        let probe = try? JSONSerialization.data(withJSONObject: replaced)
      else { continue }
      do {
        _ = try decoder().decode(type, from: probe)
      } catch let error as DecodingError where Self.codingPath(of: error).starts(with: keys, by: Self.matches) {
        throw Invalid(reason: "“\(name)” is null: a field with no value is left out")
      } catch {}
    }
    return value
  }

  /// A step of a path into JSON: an object's key or an array's index.
  private struct Step {
    var name = ""
    var index: Int?
  }

  private static func nulls(in json: Any, at path: [Step] = []) -> [[Step]] {
    if json is NSNull { return [path] }
    if let object = json as? [String: Any] {
      return object.keys.sorted().flatMap { nulls(in: object[$0] as Any, at: path + [Step(name: $0)]) }
    }
    if let array = json as? [Any] {
      return array.indices.flatMap { nulls(in: array[$0], at: path + [Step(index: $0)]) }
    }
    return []
  }

  private static func replacing(_ json: Any, at path: ArraySlice<Step>, with value: (Any) -> Any) -> Any {
    guard let step = path.first else { return value(json) }
    if let index = step.index, var array = json as? [Any], array.indices.contains(index) {
      array[index] = replacing(array[index], at: path.dropFirst(), with: value)
      return array
    }
    if step.index == nil, var object = json as? [String: Any], let inner = object[step.name] {
      object[step.name] = replacing(inner, at: path.dropFirst(), with: value)
      return object
    }
    return json
  }

  private static func codingPath(of error: DecodingError) -> [any CodingKey] {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      context.codingPath
    case .keyNotFound(_, let context): context.codingPath
    @unknown default: []
    }
  }

  private static func matches(_ key: any CodingKey, _ step: Step) -> Bool {
    if let index = step.index { return key.intValue == index }
    return key.intValue == nil && key.stringValue == step.name
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }

  /// A body that can't be read, and why.
  public struct Invalid: Error, Sendable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
  }
}

// MARK: Auth

extension Wire {
  public struct Birthday: Codable, Sendable, Equatable {
    public var month: Int
    public var day: Int
  }

  public struct User: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var email: String
    public var birthday: Birthday?
    public var isChildAccount: Bool

    public init(_ profile: UserProfile) {
      id = profile.id
      name = profile.name
      email = profile.email
      birthday = profile.birthday.map { Birthday(month: $0.month, day: $0.day) }
      isChildAccount = profile.isChildAccount
    }

    public var model: UserProfile {
      UserProfile(
        id: id, name: name, email: email, birthday: birthday.map { DayOfYear(month: $0.month, day: $0.day) },
        isChildAccount: isChildAccount)
    }
  }

  public struct Session: Codable, Sendable, Equatable {
    public var user: User
    public var accessToken: String
    public var expiresAt: Date
    public var refreshToken: String
    public var refreshExpiresAt: Date

    public init(_ session: AuthSession) {
      user = User(session.user)
      accessToken = session.token
      expiresAt = session.expiresAt
      refreshToken = session.refreshToken
      refreshExpiresAt = session.refreshExpiresAt
    }

    public var model: AuthSession {
      AuthSession(
        user: user.model, token: accessToken, expiresAt: expiresAt, refreshToken: refreshToken,
        refreshExpiresAt: refreshExpiresAt)
    }
  }

  public struct Challenge: Codable, Sendable, Equatable {
    public var id: String
    public var user: User
    public var provider: AuthProvider
    public var expiresAt: Date
    public var triesLeft: Int

    public init(_ challenge: MFAChallenge) {
      id = challenge.id
      user = User(challenge.user)
      provider = challenge.provider
      expiresAt = challenge.expiresAt
      triesLeft = challenge.triesLeft
    }

    public var model: MFAChallenge {
      MFAChallenge(id: id, user: user.model, provider: provider, expiresAt: expiresAt, triesLeft: triesLeft)
    }
  }

  public struct Identity: Codable, Sendable, Equatable {
    public var provider: AuthProvider
    public var name: String
    public var email: String

    public init(_ identity: ProviderIdentity) {
      provider = identity.provider
      name = identity.name
      email = identity.email
    }

    public var model: ProviderIdentity { ProviderIdentity(provider: provider, name: name, email: email) }
  }

  /// What a sign-in gave: `outcome` says which of the other fields is there.
  public struct SignInResult: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable { case signedIn, mfaRequired, newIdentity }
    public var outcome: Outcome
    public var session: Session?
    public var challenge: Challenge?
    public var identity: Identity?

    public init(_ outcome: SignInOutcome) {
      switch outcome {
      case .signedIn(let session):
        self.outcome = .signedIn
        self.session = Session(session)
      case .mfaRequired(let challenge):
        self.outcome = .mfaRequired
        self.challenge = Challenge(challenge)
      case .newIdentity(let identity):
        self.outcome = .newIdentity
        self.identity = Identity(identity)
      }
    }

    public func model() throws(Invalid) -> SignInOutcome {
      switch outcome {
      case .signedIn:
        guard let session else { throw Invalid(reason: "a signedIn outcome has no session") }
        return .signedIn(session.model)
      case .mfaRequired:
        guard let challenge else { throw Invalid(reason: "an mfaRequired outcome has no challenge") }
        return .mfaRequired(challenge.model)
      case .newIdentity:
        guard let identity else { throw Invalid(reason: "a newIdentity outcome has no identity") }
        return .newIdentity(identity.model)
      }
    }
  }

  /// Starts a sign-in. In the simulator the provider's answer is simulated: `user` names the account the provider
  /// vouches for (the person holding the phone), and `identity` what the provider says of someone TribeBoard does
  /// not know yet (for signing up).
  public struct SignInRequest: Codable, Sendable {
    public var provider: AuthProvider
    public var user: String
    public var identity: Identity?

    public init(provider: AuthProvider, user: String, identity: Identity? = nil) {
      self.provider = provider
      self.user = user
      self.identity = identity
    }
  }

  public struct SignUpRequest: Codable, Sendable {
    public var user: String
    public var identity: Identity

    public init(user: String, identity: Identity) {
      self.user = user
      self.identity = identity
    }
  }

  public struct VerifyRequest: Codable, Sendable {
    public var challenge: Challenge
    public var code: String

    public init(challenge: Challenge, code: String) {
      self.challenge = challenge
      self.code = code
    }
  }

  public struct ResendRequest: Codable, Sendable {
    public var challenge: Challenge

    public init(challenge: Challenge) { self.challenge = challenge }
  }

  /// A refresh token, for refreshing a session or reading the one a phone stores.
  public struct RefreshRequest: Codable, Sendable {
    public var refreshToken: String?

    public init(refreshToken: String?) { self.refreshToken = refreshToken }
  }
}

// MARK: Families

extension Wire {
  public struct FamilyBody: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var code: String

    public init(_ family: Family) {
      id = family.id
      name = family.name
      code = family.code
    }

    public var model: Family { Family(id: id, name: name, code: code) }
  }

  public struct MembershipBody: Codable, Sendable, Equatable {
    public var userID: String
    public var familyID: String
    public var role: Role
    public var expiresAt: Date?
    public var lastRead: String?

    public init(_ membership: Membership) {
      userID = membership.userID
      familyID = membership.familyID
      role = membership.role
      expiresAt = membership.expiresAt
      lastRead = membership.lastRead
    }

    public var model: Membership {
      Membership(userID: userID, familyID: familyID, role: role, expiresAt: expiresAt, lastRead: lastRead)
    }
  }

  public struct MemberBody: Codable, Sendable, Equatable {
    public var profile: User
    public var membership: MembershipBody

    public init(_ member: Member) {
      profile = User(member.profile)
      membership = MembershipBody(member.membership)
    }

    public var model: Member { Member(profile: profile.model, membership: membership.model) }
  }

  public struct Preview: Codable, Sendable, Equatable {
    public var family: FamilyBody
    public var members: [MemberBody]

    public init(_ preview: FamilyPreview) {
      family = FamilyBody(preview.family)
      members = preview.members.map(MemberBody.init)
    }

    public var model: FamilyPreview { FamilyPreview(family: family.model, members: members.map(\.model)) }
  }

  public struct NewFamily: Codable, Sendable {
    public var name: String

    public init(name: String) { self.name = name }
  }

  public struct RoleBody: Codable, Sendable {
    public var role: Role

    public init(role: Role) { self.role = role }
  }

  /// What a contract suite asks a test server for (`POST /test-sessions`, served with `serve --test-sessions`):
  /// a session of a new test account of `role` in the test family `family` (`one` or `two`), its access token
  /// already run out when `expired`, with a second factor when `mfa`.
  public struct TestSessionRequest: Codable, Sendable {
    public var family: String
    public var role: Role
    public var expired: Bool?
    public var mfa: Bool?

    public init(family: String, role: Role, expired: Bool? = nil, mfa: Bool? = nil) {
      self.family = family
      self.role = role
      self.expired = expired
      self.mfa = mfa
    }
  }

  /// A test server's answer to a ``TestSessionRequest``: the test family, and the new account's session.
  public struct TestSessionBody: Codable, Sendable {
    public var family: FamilyBody
    public var session: Session
    /// The account's verification code, when it was made with a second factor.
    public var mfaCode: String?

    public init(family: Family, session: AuthSession, mfaCode: String? = nil) {
      self.family = FamilyBody(family)
      self.session = Session(session)
      self.mfaCode = mfaCode
    }
  }

  public struct Preferences: Codable, Sendable, Equatable {
    public var messages: Bool
    public var tasks: Bool
    public var calendar: Bool
    public var schoolRun: Bool

    public init(_ preferences: NotificationPreferences) {
      messages = preferences.messages
      tasks = preferences.tasks
      calendar = preferences.calendar
      schoolRun = preferences.schoolRun
    }

    public var model: NotificationPreferences {
      NotificationPreferences(messages: messages, tasks: tasks, calendar: calendar, schoolRun: schoolRun)
    }
  }
}

// MARK: Calendar, tasks, messaging, school run

extension Wire {
  public struct Event: Codable, Sendable, Equatable {
    public var id: String
    public var familyID: String
    public var title: String
    public var start: Date
    public var place: String?
    public var participants: [String]
    public var kind: String

    public init(_ event: CalendarEvent) {
      id = event.id
      familyID = event.familyID
      title = event.title
      start = event.start
      place = event.place
      participants = event.participants
      kind = event.kind.rawValue
    }

    public func model() throws(Invalid) -> CalendarEvent {
      guard let kind = CalendarEvent.Kind(rawValue: kind) else { throw Invalid(reason: "no event kind “\(kind)”") }
      return CalendarEvent(
        id: id, familyID: familyID, title: title, start: start, place: place, participants: participants, kind: kind)
    }
  }

  public struct NewEventBody: Codable, Sendable {
    public var title: String
    public var start: Date
    public var place: String?
    public var participants: [String]?

    public init(_ event: NewEvent) {
      title = event.title
      start = event.start
      place = event.place
      participants = event.participants
    }

    public var model: NewEvent { NewEvent(title: title, start: start, place: place, participants: participants ?? []) }
  }

  public struct Task: Codable, Sendable, Equatable {
    public var id: String
    public var familyID: String
    public var title: String
    public var assignee: String?
    public var due: Date?
    public var points: Int
    public var status: FamilyTask.Status
    public var updatedAt: Date?
    public var updatedBy: String?

    public init(_ task: FamilyTask) {
      id = task.id
      familyID = task.familyID
      title = task.title
      assignee = task.assignee
      due = task.due
      points = task.points
      status = task.status
      updatedAt = task.updatedAt
      updatedBy = task.updatedBy
    }

    public var model: FamilyTask {
      var task = FamilyTask(
        id: id, familyID: familyID, title: title, assignee: assignee, due: due, points: points, status: status)
      task.updatedAt = updatedAt
      task.updatedBy = updatedBy
      return task
    }
  }

  public struct NewTaskBody: Codable, Sendable {
    public var title: String
    public var assignee: String?
    public var due: Date?
    public var points: Int?

    public init(_ task: NewTask) {
      title = task.title
      assignee = task.assignee
      due = task.due
      points = task.points
    }

    public var model: NewTask { NewTask(title: title, assignee: assignee, due: due, points: points ?? 0) }
  }

  public struct StatusBody: Codable, Sendable {
    public var status: FamilyTask.Status

    public init(status: FamilyTask.Status) { self.status = status }
  }

  public struct AssigneeBody: Codable, Sendable {
    public var assignee: String

    public init(assignee: String) { self.assignee = assignee }
  }

  public struct Message: Codable, Sendable, Equatable {
    public var id: String
    public var familyID: String
    public var sender: String
    public var sentAt: Date
    public var text: String

    public init(_ message: FamilyMessage) {
      id = message.id
      familyID = message.familyID
      sender = message.sender
      sentAt = message.sentAt
      text = message.text
    }

    public var model: FamilyMessage {
      FamilyMessage(id: id, familyID: familyID, sender: sender, sentAt: sentAt, text: text)
    }
  }

  public struct NoticeBody: Codable, Sendable, Equatable {
    public var id: String
    public var familyID: String
    public var author: String
    public var postedAt: Date
    public var text: String
    public var pinned: Bool

    public init(_ notice: Notice) {
      id = notice.id
      familyID = notice.familyID
      author = notice.author
      postedAt = notice.postedAt
      text = notice.text
      pinned = notice.pinned
    }

    public var model: Notice {
      Notice(id: id, familyID: familyID, author: author, postedAt: postedAt, text: text, pinned: pinned)
    }
  }

  public struct TextBody: Codable, Sendable {
    public var text: String

    public init(text: String) { self.text = text }
  }

  public struct PinnedBody: Codable, Sendable {
    public var pinned: Bool

    public init(pinned: Bool) { self.pinned = pinned }
  }

  public struct ReadMarkerBody: Codable, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
  }

  public struct Route: Codable, Sendable, Equatable {
    public var id: String
    public var familyID: String
    public var name: String

    public init(_ route: SchoolRoute) {
      id = route.id
      familyID = route.familyID
      name = route.name
    }

    public var model: SchoolRoute { SchoolRoute(id: id, familyID: familyID, name: name) }
  }

  public struct PickupBody: Codable, Sendable, Equatable {
    public var id: String
    public var routeID: String
    public var at: Date
    public var driver: String?
    public var passengers: [String]

    public init(_ pickup: Pickup) {
      id = pickup.id
      routeID = pickup.routeID
      at = pickup.at
      driver = pickup.driver
      passengers = pickup.passengers
    }

    public var model: Pickup { Pickup(id: id, routeID: routeID, at: at, driver: driver, passengers: passengers) }
  }

  /// A pickup's driver: an account id, or `null` to free it. The field is required, null or not: a body without it
  /// frees nothing.
  public struct DriverBody: Codable, Sendable {
    public var driver: String?

    enum CodingKeys: String, CodingKey { case driver }

    public init(driver: String?) { self.driver = driver }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard container.contains(.driver) else {
        throw DecodingError.keyNotFound(
          CodingKeys.driver, .init(codingPath: container.codingPath, debugDescription: "no driver"))
      }
      driver = try container.decodeIfPresent(String.self, forKey: .driver)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(driver, forKey: .driver)
    }
  }
}

// MARK: Changes made on a phone, sync

extension Wire {
  /// A change made on a phone: `kind` names it, and the fields it needs are set.
  public struct ChangeBody: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
      case sendMessage, postNotice, setTaskStatus, assignTask, setPinned, setDriver
    }
    public var kind: Kind
    public var text: String?
    public var family: String?
    public var status: FamilyTask.Status?
    public var task: String?
    public var assignee: String?
    public var pinned: Bool?
    public var notice: String?
    public var driver: String?
    public var pickup: String?

    public init(_ change: Change) {
      switch change {
      case .sendMessage(let text, let family):
        kind = .sendMessage
        self.text = text
        self.family = family
      case .postNotice(let text, let family):
        kind = .postNotice
        self.text = text
        self.family = family
      case .setTaskStatus(let status, let task):
        kind = .setTaskStatus
        self.status = status
        self.task = task
      case .assignTask(let task, let assignee):
        kind = .assignTask
        self.task = task
        self.assignee = assignee
      case .setPinned(let pinned, let notice):
        kind = .setPinned
        self.pinned = pinned
        self.notice = notice
      case .setDriver(let driver, let pickup):
        kind = .setDriver
        self.driver = driver
        self.pickup = pickup
      }
    }

    public func model() throws(Invalid) -> Change {
      func need<T>(_ value: T?, _ name: String) throws(Invalid) -> T {
        guard let value else { throw Invalid(reason: "a \(kind.rawValue) change needs “\(name)”") }
        return value
      }
      switch kind {
      case .sendMessage: return .sendMessage(try need(text, "text"), family: try need(family, "family"))
      case .postNotice: return .postNotice(try need(text, "text"), family: try need(family, "family"))
      case .setTaskStatus: return .setTaskStatus(try need(status, "status"), task: try need(task, "task"))
      case .assignTask: return .assignTask(try need(task, "task"), to: try need(assignee, "assignee"))
      case .setPinned: return .setPinned(try need(pinned, "pinned"), notice: try need(notice, "notice"))
      case .setDriver: return .setDriver(driver, pickup: try need(pickup, "pickup"))
      }
    }
  }

  public struct PendingChangeBody: Codable, Sendable, Equatable {
    public var id: String
    public var change: ChangeBody
    public var author: String
    public var madeAt: Date
    public var summary: String
    public var waited: Bool?

    public init(_ change: PendingChange) {
      id = change.id
      self.change = ChangeBody(change.change)
      author = change.author
      madeAt = change.madeAt
      summary = change.summary
      waited = change.waited
    }

    public func model() throws(Invalid) -> PendingChange {
      PendingChange(
        id: id, change: try change.model(), author: author, madeAt: madeAt, summary: summary, waited: waited ?? false)
    }
  }

  public struct ChangeResultBody: Codable, Sendable, Equatable {
    public enum Result: String, Codable, Sendable { case applied, alreadyApplied, superseded }
    public var result: Result
    /// Why the change was superseded.
    public var reason: String?

    public init(_ result: ChangeResult) {
      switch result {
      case .applied: self.result = .applied
      case .alreadyApplied: self.result = .alreadyApplied
      case .superseded(let reason):
        self.result = .superseded
        self.reason = reason
      }
    }

    public var model: ChangeResult {
      switch result {
      case .applied: .applied
      case .alreadyApplied: .alreadyApplied
      case .superseded: .superseded(reason ?? "")
      }
    }
  }

  public struct SyncStatusBody: Codable, Sendable, Equatable {
    public var status: String
    /// When everything was last sent and received (`upToDate`).
    public var at: Date?
    public var pending: Int?
    public var next: Date?
    public var error: Problem?

    public init(_ status: SyncStatus) {
      self.status = status.kind.rawValue
      switch status {
      case .idle: break
      case .upToDate(let date): at = date
      case .syncing(let pending, let next):
        self.pending = pending
        self.next = next
      case .offline(let pending): self.pending = pending
      case .failed(let error, let pending):
        self.pending = pending
        self.error = Problem(error)
      }
    }

    public func model() throws(Invalid) -> SyncStatus {
      switch SyncStatus.Kind(rawValue: status) {
      case .idle: return .idle
      case .upToDate:
        guard let at else { throw Invalid(reason: "an upToDate status has no “at”") }
        return .upToDate(at)
      case .syncing: return .syncing(pending: pending ?? 0, next: next)
      case .offline: return .offline(pending: pending ?? 0)
      case .failed:
        guard let error else { throw Invalid(reason: "a failed status has no “error”") }
        return .failed(try error.model(), pending: pending ?? 0)
      case nil: throw Invalid(reason: "no sync status “\(status)”")
      }
    }
  }

  public struct ShareCodeBody: Codable, Sendable, Equatable {
    public var code: String
    public var link: String

    public init(_ code: ShareCode) {
      self.code = code.code
      link = code.link
    }

    public var model: ShareCode { ShareCode(code: code, link: link) }
  }
}
