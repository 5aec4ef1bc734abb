import Foundation

/// An identity provider the app signs in with.
public enum AuthProvider: String, CaseIterable, Codable, Sendable {
  case apple
  case google

  public var displayName: String {
    switch self {
    case .apple: "Apple"
    case .google: "Google"
    }
  }
}

/// A signed-in session: who, the short-lived access token that proves it, and the longer-lived refresh token
/// that gets a new access token when the old one runs out.
///
/// Its parts are kept in one copy-on-write box: the app's state, each checkpoint and each state key of an
/// exploration hold a session, and a copy is then one reference count rather than one for each token and name.
public struct AuthSession: Equatable, Hashable, Sendable {
  private struct Parts: Hashable {
    var user: UserProfile
    var token: String
    var expiresAt: Date
    var refreshToken: String
    var refreshExpiresAt: Date
  }

  /// Changed only through `parts`.
  private var box: SharedParts<Parts>

  /// The parts, to change: the box is copied first when another value shares it.
  private var parts: Parts {
    get { box.parts }
    _modify {
      SharedParts.unique(&box)
      yield &box.parts
    }
  }

  public var user: UserProfile {
    get { box.parts.user }
    _modify { yield &parts.user }
  }
  /// The access token every call carries.
  public var token: String {
    get { box.parts.token }
    _modify { yield &parts.token }
  }
  /// When the access token stops working; the app refreshes it then, without asking the person.
  public var expiresAt: Date {
    get { box.parts.expiresAt }
    _modify { yield &parts.expiresAt }
  }
  /// The token that buys a new access token.
  public var refreshToken: String {
    get { box.parts.refreshToken }
    _modify { yield &parts.refreshToken }
  }
  /// When the refresh token stops working; after that the person must sign in again.
  public var refreshExpiresAt: Date {
    get { box.parts.refreshExpiresAt }
    _modify { yield &parts.refreshExpiresAt }
  }

  public init(
    user: UserProfile, token: String, expiresAt: Date = .distantFuture, refreshToken: String = "",
    refreshExpiresAt: Date = .distantFuture
  ) {
    box = SharedParts(
      Parts(
        user: user, token: token, expiresAt: expiresAt, refreshToken: refreshToken, refreshExpiresAt: refreshExpiresAt))
  }

  /// Whether the access token has run out at `now`.
  public func needsRefresh(at now: Date) -> Bool {
    now >= expiresAt
  }
}

/// A pending second factor: the provider accepted the person, the app still needs their code.
public struct MFAChallenge: Equatable, Hashable, Sendable {
  public var id: String
  public var user: UserProfile
  public var provider: AuthProvider
  /// When the code sent for this challenge stops working.
  public var expiresAt: Date
  /// How many wrong codes may still be typed before sign-in is locked.
  public var triesLeft: Int

  public init(
    id: String, user: UserProfile, provider: AuthProvider, expiresAt: Date = .distantFuture, triesLeft: Int = 5
  ) {
    self.id = id
    self.user = user
    self.provider = provider
    self.expiresAt = expiresAt
    self.triesLeft = triesLeft
  }
}

/// What a sign-in attempt gave.
public enum SignInOutcome: Equatable, Sendable {
  case signedIn(AuthSession)
  case mfaRequired(MFAChallenge)
  /// The provider knows the person, but no TribeBoard account does: the app may offer to create one
  /// (``AuthService/signUp(_:)``).
  case newIdentity(ProviderIdentity)
}

/// Who a provider says the person is: what an account made at sign-up is made from.
public struct ProviderIdentity: Equatable, Hashable, Sendable {
  public var provider: AuthProvider
  public var name: String
  public var email: String

  public init(provider: AuthProvider, name: String, email: String) {
    self.provider = provider
    self.name = name
    self.email = email
  }

  /// The name an account made from this identity gets: the provider's, cleaned by the app's one rule for text
  /// (``Validation/providedName(_:fallback:)``), or the email's first part when nothing of it shows.
  public var accountName: String {
    Validation.providedName(name, fallback: String(email.prefix { $0 != "@" }))
  }
}

/// The identity each sign-in provider returns on a phone (none: it knows nobody there).
public typealias ProviderIdentities = [AuthProvider: ProviderIdentity]
