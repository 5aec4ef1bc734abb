import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// What a front-end that draws several phones at once reads: who has a phone open, what each shows, and what its
/// status bar says. Reading changes nothing.
extension Simulator {
  /// One phone as its status bar and screen show it.
  public struct PhoneView: Equatable, Sendable {
    public var user: UserID
    /// The person's full name (the account id when the world has no such account).
    public var name: String
    public var snapshot: ScreenSnapshot
    public var isOnline: Bool
    /// Changes made on the phone that have not reached the server yet.
    public var waiting: Int
    /// Whether input goes to this phone.
    public var isActing: Bool
  }

  /// The people with a phone open, the person acting first, then in the order of their ids.
  public var openPhones: [UserID] {
    [actingUser] + phones.keys.filter { $0 != actingUser }.sorted()
  }

  /// Every account of the world, in the world's order: who `:as` can take a phone for.
  public var people: [UserProfile] { environment.backend.accounts.map(\.profile) }

  /// `user`'s full name, or the account id when the world has no such account.
  public func name(of user: UserID) -> String {
    // From the backend's index: a world of 10,000 families has 40,000 accounts to read through otherwise.
    environment.backend.account(user)?.profile.name ?? user
  }

  /// The simulated time.
  public var now: Date { environment.clock.now() }

  /// The faults armed now, with their ids (what `:fault clear ID` takes).
  public var armedFaults: [Fault] { environment.backend.armedFaults }

  /// `user`'s phone as it looks now; `nil` when nobody opened it.
  /// - Parameter shown: the screen as the last step drew it, when that step was `user`'s and nothing happened since
  ///   (it names the recoveries of the action that failed, as the step did); otherwise the screen is described anew.
  public func phoneView(of user: UserID, shown: ScreenSnapshot? = nil) async -> PhoneView? {
    guard let phone = phones[user] else { return nil }
    return PhoneView(
      user: user, name: name(of: user), snapshot: shown ?? ScreenSnapshot(phone.state, flow: flow),
      isOnline: phone.device.isOnline,
      waiting: await phone.device.outbox().changes.count, isActing: user == actingUser)
  }
}
