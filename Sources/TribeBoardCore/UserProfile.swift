import Foundation

/// What the app knows about a signed-in person.
public struct UserProfile: Equatable, Hashable, Sendable, Identifiable {
  public var id: UserID
  public var name: String
  public var email: String
  /// The person's birthday as a calendar day, if they shared it.
  public var birthday: DayOfYear?
  /// Whether this is a child's account, which a parent manages: it may only be a child or a visitor member, and it
  /// can't create a family (whoever creates one becomes its parent admin).
  public var isChildAccount: Bool

  public init(id: UserID, name: String, email: String, birthday: DayOfYear? = nil, isChildAccount: Bool = false) {
    self.id = id
    self.name = name
    self.email = email
    self.birthday = birthday
    self.isChildAccount = isChildAccount
  }

  /// The first word of the name, for greetings.
  public var firstName: String {
    // What `name.split(separator: " ").first ?? name` gives, without splitting the whole name (screens ask often).
    // An ASCII name by its bytes: there a space byte is a space character (no combining mark can follow it).
    var whole = name
    let ascii = whole.withUTF8 { bytes -> String? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      guard let start = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return name }
      let end = bytes[start...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
      if start == 0 && end == bytes.endIndex { return name }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
    if let ascii { return ascii }
    guard let start = name.firstIndex(where: { $0 != " " }) else { return name }
    return String(name[start..<(name[start...].firstIndex(of: " ") ?? name.endIndex)])
  }
}

/// A month and day, for birthdays that recur every year.
public struct DayOfYear: Equatable, Hashable, Sendable {
  public var month: Int
  public var day: Int

  public init(month: Int, day: Int) {
    self.month = month
    self.day = day
  }
}
