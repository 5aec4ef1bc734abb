/// "Did you mean" help for mistyped keys, enumeration values and references.
enum Suggestions {
  /// The candidate closest to `input`, if it is close enough to be what the author meant: an edit distance of
  /// at most 2, or of at most a third of the input's length, ignoring case. Ties go to the earlier candidate.
  static func bestMatch(for input: String, in candidates: some Sequence<String>) -> String? {
    let typed = Array(input.lowercased())
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    let allowed = max(2, typed.count / 3)
    let asciiTyped = input.utf8.allSatisfy { $0 < 0x80 } ? Array(input.lowercased().utf8) : nil
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != input {
      let limit = min(best.map { $0.distance - 1 } ?? allowed, allowed, typed.count - 1)
      guard limit >= 0 else { continue }
      let distance: Int?
      if let asciiTyped, candidate.utf8.allSatisfy({ $0 < 0x80 }) {
        // Most names are ASCII: compare bytes, without making a lowercased copy of every candidate.
        guard abs(candidate.utf8.count - asciiTyped.count) <= limit else { continue }
        distance = Self.distance(asciiTyped, candidate.utf8.map { $0 | (0x41...0x5A).contains($0).asBit }, limit: limit)
      } else {
        distance = Self.distance(typed, Array(candidate.lowercased()), limit: limit)
      }
      guard let distance else { continue }
      best = (candidate, distance)
      if distance == 0 { break }
    }
    return best?.candidate
  }

  /// ` (did you mean 'x'?)`, or an empty string when nothing is close.
  static func didYouMean(_ input: String, in candidates: some Sequence<String>) -> String {
    bestMatch(for: input, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// `a, b, c`, cut short after `limit` names so a message stays readable in a big world.
  static func list(_ names: [String], limit: Int = 12) -> String {
    guard names.count > limit else { return names.joined(separator: ", ") }
    return names.prefix(limit).joined(separator: ", ") + ", … (\(names.count - limit) more)"
  }

  /// The Levenshtein distance between `a` and `b`, or `nil` when it is more than `limit`.
  static func distance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}

extension Bool {
  /// `0x20` (ASCII's lowercase bit) when true.
  fileprivate var asBit: UInt8 { self ? 0x20 : 0 }
}
