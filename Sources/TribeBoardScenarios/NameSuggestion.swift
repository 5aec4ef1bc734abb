/// "Did you mean" for names typed at the simulator's prompt (commands, operations, error codes), with the same
/// closeness rule as the scenario loader's suggestions.
public enum NameSuggestion {
  /// ` (did you mean X?)`, or an empty string when no candidate is close to `input`.
  public static func didYouMean(_ input: String, in candidates: [String]) -> String {
    Suggestions.bestMatch(for: input, in: candidates).map { " (did you mean \($0)?)" } ?? ""
  }

  /// The candidate closest to `input`, if one is close enough to be what was meant.
  public static func closest(_ input: String, in candidates: [String]) -> String? {
    Suggestions.bestMatch(for: input, in: candidates)
  }
}
