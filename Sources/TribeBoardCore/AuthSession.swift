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
public struct AuthSession: Equatable, Hashable, Sendable {
  public var user: UserProfile
  /// The access token every call carries.
  public var token: String
  /// When the access token stops working; the app refreshes it then, without asking the person.
  public var expiresAt: Date
  /// The token that buys a new access token.
  public var refreshToken: String
  /// When the refresh token stops working; after that the person must sign in again.
  public var refreshExpiresAt: Date

  public init(
    user: UserProfile, token: String, expiresAt: Date = .distantFuture, refreshToken: String = "",
    refreshExpiresAt: Date = .distantFuture
  ) {
    self.user = user
    self.token = token
    self.expiresAt = expiresAt
    self.refreshToken = refreshToken
    self.refreshExpiresAt = refreshExpiresAt
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
}
