/// An error the app shows to a person: what happened, in words they can read, and what they can do next.
///
/// Every service reports failures as an `AppError`, so the flow can show any of them the same way.
public struct AppError: Error, Equatable, Hashable, Sendable {
  /// A stable identifier, used by scenarios (`error: networkTimeout`) and tools.
  public var code: Code
  /// A sentence for the person using the app.
  public var message: String
  /// What the person can do next, most useful first.
  public var recovery: [Recovery]

  public init(_ code: Code, _ message: String? = nil, recovery: [Recovery]? = nil) {
    self.code = code
    self.message = message ?? code.defaultMessage
    self.recovery = recovery ?? code.defaultRecovery
  }

  public var category: Category { code.category }

  /// The broad kind of an error, which decides how the app presents it.
  public enum Category: String, Sendable, CaseIterable {
    case network, auth, validation, permission, notFound, conflict
  }

  /// Something a person can do after an error. Each is an action the screen showing the error offers: the
  /// flow's tests prove it for every screen and every error.
  public enum Recovery: String, Sendable, CaseIterable {
    /// Repeat what failed ("Try again").
    case retry
    /// Type the value again, corrected.
    case edit
    /// Leave the screen ("Back" or the dashboard).
    case back
    /// Sign in (again) with a provider.
    case signIn
    /// Ask for a new one-time code.
    case newCode
    /// Join a family with its code (after leaving one, or when one can't be created).
    case join

    public var label: String {
      switch self {
      case .retry: "Try again"
      case .edit: "Correct the input"
      case .back: "Go back"
      case .signIn: "Sign in"
      case .newCode: "Send a new code"
      case .join: "Join a family"
      }
    }
  }

  /// Every error the app knows, each with its category, default message and recovery.
  public enum Code: String, Sendable, CaseIterable {
    case networkTimeout
    case offline
    case serviceUnavailable
    case signInCancelled
    case invalidCredentials
    case accountNotFound
    case invalidMFACode
    case tooManyAttempts
    case sessionExpired
    case invalidFamilyName
    case invalidFamilyCode
    case familyNotFound
    case duplicateFamilyCode
    case alreadyMember
    case validationFailed
    case notFound
    case permissionDenied
    case roleConflict
    case pickupTaken
    case accessExpired
    case syncFailed

    public var category: Category {
      switch self {
      case .networkTimeout, .offline, .serviceUnavailable, .syncFailed: .network
      case .signInCancelled, .invalidCredentials, .accountNotFound, .invalidMFACode, .tooManyAttempts, .sessionExpired:
        .auth
      case .invalidFamilyName, .invalidFamilyCode, .validationFailed: .validation
      case .familyNotFound, .notFound: .notFound
      case .permissionDenied, .accessExpired: .permission
      case .duplicateFamilyCode, .alreadyMember, .roleConflict, .pickupTaken: .conflict
      }
    }

    public var defaultMessage: String {
      switch self {
      case .networkTimeout: "The connection timed out."
      case .offline: "You are offline."
      case .serviceUnavailable: "The service is unavailable right now."
      case .signInCancelled: "Sign-in was cancelled; you are not signed in."
      case .invalidCredentials: "Could not sign in. Check your account or try again."
      case .accountNotFound: "No TribeBoard account is linked to that sign-in."
      case .invalidMFACode: "That code is invalid or expired."
      case .tooManyAttempts: "Too many wrong codes. Sign-in is locked for a while."
      case .sessionExpired: "Your session has expired. Sign in again."
      case .invalidFamilyName: "That family name is not valid."
      case .invalidFamilyCode: "That is not a valid family code."
      case .familyNotFound: "No family has that code."
      case .duplicateFamilyCode: "A new family code could not be made. Try again."
      case .alreadyMember: "You are already a member of that family."
      case .validationFailed: "Some of the input is not valid."
      case .notFound: "That item no longer exists."
      case .permissionDenied: "Your role does not allow that."
      case .roleConflict: "That role change is not allowed."
      case .pickupTaken: "Someone is already driving this pickup."
      case .accessExpired: "Your access to this family has expired."
      case .syncFailed: "Changes could not be synced."
      }
    }

    public var defaultRecovery: [Recovery] {
      switch self {
      case .networkTimeout, .offline, .serviceUnavailable, .syncFailed, .duplicateFamilyCode: [.retry, .back]
      case .signInCancelled, .invalidCredentials: [.retry, .signIn]
      case .accountNotFound, .sessionExpired, .tooManyAttempts: [.signIn]
      case .invalidMFACode: [.edit, .newCode, .back]
      case .invalidFamilyName, .invalidFamilyCode, .validationFailed: [.edit, .back]
      case .familyNotFound: [.edit, .back]
      case .alreadyMember, .notFound, .roleConflict, .pickupTaken, .permissionDenied: [.back]
      case .accessExpired: [.join]
      }
    }
  }
}

extension AppError {
  /// The error for a role that lacks `capability`.
  public static func denied(_ capability: Capability, role: Role) -> AppError {
    let name = role.displayName.lowercased()
    let article = name.first.map { "aeiou".contains($0) } == true ? "An" : "A"
    return AppError(.permissionDenied, "\(article) \(name) can't \(capability.summary).")
  }
}
