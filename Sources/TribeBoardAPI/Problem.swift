import Foundation
import TribeBoardCore

extension Wire {
  /// An error as the wire carries it: RFC 9457 problem details (`application/problem+json`) with the ``AppError``'s
  /// code, category, message and recovery, so a client rebuilds the very error the service threw.
  public struct Problem: Codable, Sendable, Equatable, Error {
    /// `urn:tribeboard:error:CODE` for an ``AppError``; `urn:tribeboard:request` for a request the server can't read.
    public var type: String
    public var title: String
    public var status: Int
    /// The message for the person using the app.
    public var detail: String
    public var code: String
    public var category: String
    public var recovery: [String]

    public init(_ error: AppError) {
      type = "urn:tribeboard:error:\(error.code.rawValue)"
      title = error.code.defaultMessage
      status = Self.status(of: error)
      detail = error.message
      code = error.code.rawValue
      category = error.category.rawValue
      recovery = error.recovery.map(\.rawValue)
    }

    /// A request the server could not take (malformed, too large, no such route…): its code is the nearest
    /// ``AppError`` code (`notFound` for a 404, `serviceUnavailable` for a 5xx, `validationFailed` otherwise).
    public init(status: Int, title: String, detail: String) {
      let code: AppError.Code =
        status == 404 ? .notFound : status >= 500 ? .serviceUnavailable : .validationFailed
      type = "urn:tribeboard:request"
      self.title = title
      self.status = status
      self.detail = detail
      self.code = code.rawValue
      category = code.category.rawValue
      recovery = [AppError.Recovery.back.rawValue]
    }

    public static let mediaType = "application/problem+json"

    /// The ``AppError`` it carries; one that is not an app error (a request the server could not take) comes back
    /// as `validationFailed` with the server's words.
    public func model() throws(Invalid) -> AppError {
      let recovery = self.recovery.compactMap(AppError.Recovery.init(rawValue:))
      guard let code = AppError.Code(rawValue: code) else {
        return AppError(.validationFailed, detail, recovery: [.back])
      }
      return AppError(code, detail, recovery: recovery)
    }

    /// The HTTP status for an error, by what it means to a client: 401 when the session must be renewed or signed
    /// in again, 403 for a role or membership that does not allow it, 404, 409, 422 for input the rules refuse, 429
    /// for a locked sign-in, and 503 or 504 for the network faults a scenario injects.
    public static func status(of error: AppError) -> Int {
      switch error.code {
      case .sessionExpired, .invalidCredentials, .accountNotFound, .signInCancelled, .invalidMFACode: 401
      case .tooManyAttempts: 429
      case .permissionDenied, .accessExpired: 403
      case .familyNotFound, .notFound: 404
      case .duplicateFamilyCode, .alreadyMember, .roleConflict, .pickupTaken: 409
      case .invalidFamilyName, .invalidFamilyCode, .validationFailed: 422
      case .networkTimeout: 504
      case .offline, .serviceUnavailable, .syncFailed: 503
      }
    }
  }
}
