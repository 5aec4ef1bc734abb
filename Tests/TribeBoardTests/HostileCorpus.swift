import Foundation

// Foundation only: Tools/hostile-corpus.sh compiles this file on its own to write the corpus to disk.

/// A deterministic corpus of hostile scenario files, made from the bundled scenarios: mutations of them, alias
/// bombs, deep nesting, huge scalars, invalid UTF-8 and binary junk.
///
/// Every file is either refused with positioned diagnostics, or (only for a mutation that happens to stay valid)
/// loaded; never a crash, a hang or unbounded memory.
struct HostileCorpus {
  struct File {
    /// A file name that says what the file is: `fail-…` must be refused, `any-…` may load.
    var name: String
    var bytes: [UInt8]
    /// Whether loading must fail (with positioned diagnostics).
    var mustFail: Bool { name.hasPrefix("fail-") }
  }

  /// The seed's files, in a fixed order.
  private(set) var files: [File] = []
  private var random: SplitMix64

  /// - Parameter scenarios: the bundled scenarios' texts, by name.
  init(scenarios: [(name: String, text: String)], seed: UInt64 = 8) {
    random = SplitMix64(seed: seed)
    for (name, text) in scenarios {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for index in 0..<160 { mutate(lines, name: "\(name)-\(index)") }
      for index in 0..<10 { invalidUTF8(text, name: "\(name)-\(index)") }
    }
    for levels in 4...9 {
      for width in [4, 7, 10, 16, 32] { aliasBomb(levels: levels, width: width) }
    }
    for depth in [10, 100, 500, 1_000, 2_000, 10_000, 50_000] {
      for shape in ["[", "{", "- ", "k:", "[{", "&"] { nesting(depth: depth, shape: shape) }
    }
    for size in [10_000, 100_000, 1 << 20, 3 << 20, 5 << 20] {
      for style in ["plain", "quoted", "single", "block", "key", "comment"] { hugeScalar(size: size, style: style) }
    }
    for index in 0..<60 { junk(index) }
    oddities()
  }

  // MARK: Kinds

  private mutating func mutate(_ lines: [String], name: String) {
    var lines = lines
    let count = 1 + random.below(3)
    var what: [String] = []
    for _ in 0..<count {
      let line = random.below(lines.count)
      switch random.below(10) {
      case 0:
        lines.remove(at: line)
        what.append("drop")
      case 1:
        lines.insert(lines[line], at: line)
        what.append("dup")
      case 2:
        lines.swapAt(line, random.below(lines.count))
        what.append("swap")
      case 3:
        let cut = random.below(lines[line].utf8.count + 1)
        lines[line] = String(decoding: lines[line].utf8.prefix(cut), as: UTF8.self)
        what.append("cut")
      case 4:
        lines[line] = String(repeating: " ", count: 1 + random.below(3)) + lines[line]
        what.append("indent")
      case 5:
        lines[line] = String(lines[line].drop(while: { $0 == " " }).prefix(lines[line].count))
        what.append("dedent")
      case 6:
        let tokens = [
          "[", "]", "{", "}", ":", "- ", "&a ", "*a", "!!str ", "? ", "|", ">", "\"", "'", "#", ",", "\t", "%",
        ]
        var text = Array(lines[line].unicodeScalars)
        text.insert(contentsOf: tokens[random.below(tokens.count)].unicodeScalars, at: random.below(text.count + 1))
        lines[line] = String(String.UnicodeScalarView(text))
        what.append("token")
      case 7:
        let values = [
          "-9223372036854775808", "99999999999999999999999", "~", "null", "\"\"", "[]", "{}", "0x10", ".nan", "-1",
          "2026-02-30T25:61:00Z", "\"\\u0000\"", "ß", "\u{202E}evil", String(repeating: "x", count: 5_000),
        ]
        if let colon = lines[line].lastIndex(of: ":") {
          lines[line] = String(lines[line][...colon]) + " " + values[random.below(values.count)]
        } else {
          lines[line] += " " + values[random.below(values.count)]
        }
        what.append("value")
      case 8:
        lines.insert("  - " + lines[line].trimmingCharacters(in: .whitespaces), at: random.below(lines.count + 1))
        what.append("item")
      default:
        let cut = random.below(lines.count + 1)
        lines = Array(lines.prefix(cut))
        what.append("truncate")
      }
      if lines.isEmpty { lines = [""] }
    }
    add("any-mutant-\(name)-\(what.joined(separator: "+")).yaml", lines.joined(separator: "\n"))
  }

  private mutating func invalidUTF8(_ text: String, name: String) {
    var bytes = Array(text.utf8)
    let bad: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF8, 0x88, 0x80, 0x80], [0x80]]
    bytes.insert(contentsOf: bad[random.below(bad.count)], at: random.below(bytes.count + 1))
    files.append(File(name: "fail-utf8-\(name).yaml", bytes: bytes))
  }

  private mutating func aliasBomb(levels: Int, width: Int) {
    var text = "name: bomb\nsummary: s\nnow: 2026-03-02T08:00:00Z\nl0: &l0 [\"lol\"]\n"
    for level in 1...levels {
      text +=
        "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: width).joined(separator: ", ") + "]\n"
    }
    text += "device: *l\(levels)\n"
    add("fail-alias-bomb-\(levels)x\(width).yaml", text)
  }

  private mutating func nesting(depth: Int, shape: String) {
    let body: String
    switch shape {
    case "[": body = "summary: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    case "{": body = "summary: " + String(repeating: "{a: ", count: depth) + "b" + String(repeating: "}", count: depth)
    case "[{": body = "summary: " + String(repeating: "[{a: ", count: depth) + String(repeating: "}]", count: depth)
    case "- ":
      body =
        "summary:\n" + (0..<min(depth, 2_000)).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n")
        + "x"
    case "k:":
      body =
        "summary:\n"
        + (0..<min(depth, 2_000)).map { String(repeating: " ", count: $0 + 1) + "k:" }.joined(separator: "\n") + " x"
    default: body = "summary: " + (0..<depth).map { "&a\($0) [" }.joined() + String(repeating: "]", count: depth)
    }
    add(
      "fail-nesting-\(depth)-\(shape.unicodeScalars.map { String($0.value) }.joined()).yaml",
      "name: deep\n" + body + "\n")
  }

  private mutating func hugeScalar(size: Int, style: String) {
    let huge = String(repeating: "abcdefghij", count: size / 10)
    let header = "name: huge\nnow: 2026-03-02T08:00:00Z\n"
    let text =
      switch style {
      case "plain": header + "summary: \(huge)\n"
      case "quoted": header + "summary: \"\(huge)\"\n"
      case "single": header + "summary: '\(huge)'\n"
      case "block": header + "summary: |\n  \(huge)\n"
      case "key": header + "\(huge): 1\n"
      default: header + "# \(huge)\nsummary: s\n"
      }
    add("fail-huge-\(style)-\(size).yaml", text)
  }

  private mutating func junk(_ index: Int) {
    let length = index == 0 ? 0 : random.below(index < 50 ? 4_096 : 200_000)
    var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    if index % 3 == 1 { bytes = bytes.map { $0 & 0x7F } }  // ASCII junk, control characters and all
    if index % 3 == 2 { bytes.insert(contentsOf: Array("name: junk\n".utf8), at: 0) }
    files.append(File(name: "fail-junk-\(index).yaml", bytes: bytes))
  }

  private mutating func oddities() {
    let accounts = "accounts:\n  - { id: sarah, name: S, email: s@x, providers: [apple] }\n"
    let base = "summary: s\nnow: 2026-03-02T08:00:00Z\ndevice: { user: sarah }\n" + accounts
    add("fail-odd-empty.yaml", "")
    add("fail-odd-nul.yaml", base + "journeys:\n  j:\n    - \"a\\0b\"\n  k: [\u{0}]\n")
    add("fail-odd-documents.yaml", base + "---\n" + base)
    add("fail-odd-merge.yaml", base + "families:\n  - <<: {id: x}\n")
    add("fail-odd-undefined-alias.yaml", base + "families: *nowhere\n")
    add("fail-odd-duplicate-keys.yaml", base + String(repeating: "summary: s\n", count: 10_000))
    add("fail-odd-many-errors.yaml", base + "families:\n" + String(repeating: "  - { bogus: 1 }\n", count: 20_000))
    add("fail-odd-long-journey.yaml", base + "journeys:\n  j:\n" + String(repeating: "    - bogus: 1\n", count: 50_000))
    add("fail-odd-control.yaml", base + "name: \u{1B}[31mred\n")
    add("fail-odd-bidi-key.yaml", base + "na\u{202E}me: x\n")
    add("fail-odd-crlf-mix.yaml", base.replacingOccurrences(of: "\n", with: "\r\n") + "\rbogus: 1\n")
    add("fail-odd-only-comment.yaml", "# nothing here\n")
    add("fail-odd-scalar-root.yaml", "just a scalar\n")
    add("fail-odd-list-root.yaml", "- a\n- b\n")
    add("fail-odd-bad-indent-tab.yaml", base + "families:\n\t- id: x\n")
    add("fail-odd-int-min-seed.yaml", base + "seed: -9223372036854775808\n")
    add("fail-odd-huge-seed.yaml", base + "seed: 999999999999999999999999999999\n")
    add(
      "fail-odd-dangling.yaml",
      base + "families:\n  - { id: f, name: Fam, code: K7QM2X, members: [{account: nobody, role: adult}] }\n")
    for count in [1_000, 10_000] {
      let many = (0..<count).map { "  - { id: a\($0), name: A, email: a@x, providers: [apple], mfaCode: bad }" }
      add(
        "fail-odd-many-accounts-\(count).yaml",
        "summary: s\nnow: 2026-03-02T08:00:00Z\ndevice: { user: a0 }\naccounts:\n" + many.joined(separator: "\n") + "\n"
      )
    }
  }

  private mutating func add(_ name: String, _ text: String) {
    files.append(File(name: name, bytes: Array(text.utf8)))
  }
}

/// A small, fast, seedable generator (Vigna's SplitMix64): the same seed gives the same corpus everywhere.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`0` when `bound` is 0).
  mutating func below(_ bound: Int) -> Int {
    bound <= 0 ? 0 : Int(next() % UInt64(bound))
  }
}
