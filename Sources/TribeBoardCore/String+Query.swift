import Foundation

extension String {
  /// The text as a value in an address's query: everything but ASCII letters, digits and `-._~@` percent-encoded.
  package var queryEscaped: String { addingPercentEncoding(withAllowedCharacters: Self.keptInQueries) ?? self }

  private static let keptInQueries = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@")
}
