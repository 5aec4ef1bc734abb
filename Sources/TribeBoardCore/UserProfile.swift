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
    name.split(separator: " ").first.map(String.init) ?? name
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
