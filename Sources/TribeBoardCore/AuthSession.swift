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

/// A signed-in session: who, and the token that proves it.
public struct AuthSession: Equatable, Sendable {
  public var user: UserProfile
  public var token: String

  public init(user: UserProfile, token: String) {
    self.user = user
    self.token = token
  }
}

/// A pending second factor: the provider accepted the person, the app still needs their code.
public struct MFAChallenge: Equatable, Sendable {
  public var id: String
  public var user: UserProfile
  public var provider: AuthProvider

  public init(id: String, user: UserProfile, provider: AuthProvider) {
    self.id = id
    self.user = user
    self.provider = provider
  }
}

/// What a sign-in attempt gave.
public enum SignInOutcome: Equatable, Sendable {
  case signedIn(AuthSession)
  case mfaRequired(MFAChallenge)
}
