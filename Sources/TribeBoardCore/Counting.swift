extension Int {
  /// The count with its noun, singular for one: `1 point`, `3 points`, `0 points`. `plural` for a noun that does not
  /// take an "s" (`pts` has `pt`: pass both).
  public func counted(_ singular: String, _ plural: String? = nil) -> String {
    "\(self) \(self == 1 ? singular : plural ?? singular + "s")"
  }
}

extension Role {
  /// The role's name after an article, as a sentence says it: "a visitor", "an adult", "a parent admin".
  public var withArticle: String {
    let name = displayName.lowercased()
    return (name.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + name
  }
}
