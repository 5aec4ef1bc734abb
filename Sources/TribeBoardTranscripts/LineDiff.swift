import TribeBoardEngine
import TribeBoardRendering

/// A readable line diff between an expected and an actual text, in the unified style: `-` expected, `+` actual.
public enum LineDiff {
  /// The diff with `context` unchanged lines around each change; empty when the texts are equal.
  public static func unified(expected: String, actual: String, context: Int = 2) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let edits = script(old, new)
    guard edits.contains(where: { $0.kind != .same }) else { return "" }
    var lines: [String] = []
    var index = 0
    while index < edits.count {
      guard edits[index].kind != .same else {
        index += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` lines after the last change near it.
      let start = max(0, index - context)
      var end = index
      while end < edits.count {
        if edits[end].kind != .same {
          end += 1
          continue
        }
        let nextChange = edits[end...].firstIndex { $0.kind != .same }
        if let nextChange, nextChange - end <= 2 * context {
          end = nextChange
        } else {
          break
        }
      }
      end = min(edits.count, end + context)
      let first = edits[start]
      lines.append("@@ expected line \(first.oldLine + 1), actual line \(first.newLine + 1) @@")
      for edit in edits[start..<end] {
        switch edit.kind {
        case .same: lines.append("  " + edit.text)
        case .removed: lines.append("- " + edit.text)
        case .added: lines.append("+ " + edit.text)
        }
      }
      index = end
    }
    return lines.joined(separator: "\n")
  }

  struct Edit {
    enum Kind { case same, removed, added }
    var kind: Kind
    var text: String
    var oldLine: Int
    var newLine: Int
  }

  /// The most cells the longest-common-subsequence table may have (about 32 MiB); beyond that the changed middle
  /// is shown as removed, then added, which is still a correct diff.
  static let maximumTable = 4_000_000

  /// A shortest edit script: the common head and tail are matched directly, the changed middle through a
  /// longest-common-subsequence table (transcripts differ in a few places, so the middle is small).
  static func script(_ old: [String], _ new: [String]) -> [Edit] {
    var head = 0
    while head < old.count && head < new.count && old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < old.count - head && tail < new.count - head && old[old.count - 1 - tail] == new[new.count - 1 - tail] {
      tail += 1
    }
    var edits = (0..<head).map { Edit(kind: .same, text: old[$0], oldLine: $0, newLine: $0) }
    edits += middle(Array(old[head..<(old.count - tail)]), Array(new[head..<(new.count - tail)]), offset: head)
    edits += (0..<tail).map { back in
      let i = old.count - tail + back
      let j = new.count - tail + back
      return Edit(kind: .same, text: old[i], oldLine: i, newLine: j)
    }
    return edits
  }

  private static func middle(_ old: [String], _ new: [String], offset: Int) -> [Edit] {
    let n = old.count
    let m = new.count
    guard (n + 1) * (m + 1) <= maximumTable else {
      return old.indices.map { Edit(kind: .removed, text: old[$0], oldLine: offset + $0, newLine: offset) }
        + new.indices.map { Edit(kind: .added, text: new[$0], oldLine: offset + n, newLine: offset + $0) }
    }
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n && j < m && old[i] == new[j] {
        edits.append(Edit(kind: .same, text: old[i], oldLine: offset + i, newLine: offset + j))
        i += 1
        j += 1
      } else if i < n && (j == m || table[i + 1][j] >= table[i][j + 1]) {
        edits.append(Edit(kind: .removed, text: old[i], oldLine: offset + i, newLine: offset + j))
        i += 1
      } else {
        edits.append(Edit(kind: .added, text: new[j], oldLine: offset + i, newLine: offset + j))
        j += 1
      }
    }
    return edits
  }
}
