extension String {
  /// The words of the text (split at whitespace) joined by single spaces.
  public var collapsingWhitespace: String {
    split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
