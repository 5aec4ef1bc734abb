import TribeBoardCore
import TribeBoardFlow

/// Draws a ``ScreenSnapshot`` as a titled block of text: content, error or notice, then numbered actions.
public struct TextRenderer: Sendable {
  public var style: TextStyle
  /// The width of the block's rules, in characters.
  public static let width = 64

  /// Marks a blank line that separates parts of the content.
  private static let gap = "\u{0}"

  public init(style: TextStyle) {
    self.style = style
  }

  public func render(_ snapshot: ScreenSnapshot) -> String {
    var lines: [String] = []
    let heading = "╭─ \(Self.clean(snapshot.title)) "
    let tag = " \(snapshot.screen.rawValue)"
    let fill = String(repeating: "─", count: max(2, Self.width - heading.count - tag.count))
    lines.append(style.apply(.title, heading) + style.apply(.dim, fill + tag))
    var body: [String] = []
    if let notice = snapshot.notice {
      body.append(style.apply(.success, "✓ \(Self.clean(notice))"))
      body.append("")
    }
    for block in snapshot.blocks {
      for line in render(block) {
        // A gap opens a new part of the block: never at the top, never two in a row.
        if line == Self.gap {
          if !body.isEmpty && body.last != "" { body.append("") }
        } else {
          body.append(line)
        }
      }
    }
    if let error = snapshot.error {
      if !body.isEmpty && body.last != "" { body.append("") }
      body.append(
        style.apply(.error, "✗ \(Self.clean(error.message))") + style.apply(.dim, " (\(error.code.rawValue))"))
      let offered = error.recovery.filter { isOffered($0, in: snapshot) }
      if !offered.isEmpty {
        body.append("  You can: " + offered.map { $0.label.lowercased() }.joined(separator: " · "))
      }
    }
    if !snapshot.actions.isEmpty {
      if !body.isEmpty && body.last != "" { body.append("") }
      let labelWidth = snapshot.actions.map(\.label.count).max() ?? 0
      for (index, action) in snapshot.actions.enumerated() {
        let number = style.apply(.bold, "\(index + 1)")
        let pad = String(repeating: " ", count: labelWidth - action.label.count + 2)
        body.append("\(number) \(action.label)\(pad)" + style.apply(.dim, action.usage))
      }
    }
    // No trailing spaces: editors strip them, which would break golden transcripts.
    lines += body.map { line in
      let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
      return trimmed.isEmpty ? "│" : "│ \(trimmed)"
    }
    lines.append("╰" + String(repeating: "─", count: Self.width - 1))
    return lines.joined(separator: "\n")
  }

  /// Whether the screen offers a way to follow `recovery`; "go back" on a screen without Back would mislead.
  private func isOffered(_ recovery: AppError.Recovery, in snapshot: ScreenSnapshot) -> Bool {
    let keys = Set(snapshot.actions.map(\.key))
    switch recovery {
    case .retry: return keys.contains(ActionID.retry.rawValue)
    case .back: return keys.contains(ActionID.back.rawValue) || keys.contains(ActionID.home.rawValue)
    case .signIn:
      return !keys.isDisjoint(with: [ActionID.signInApple, .signInGoogle, .signOut].map(\.rawValue))
    case .edit, .contactSupport: return true
    }
  }

  /// `text` with control characters (escape sequences, line breaks) shown as `�`, so no content can break out of
  /// the block, colour the terminal, or forge a `> ` input line in a transcript.
  public static func clean(_ text: String) -> String {
    guard Validation.containsControlCharacters(text) else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
  }

  private func render(_ block: Block) -> [String] {
    switch block.cleaned {
    case .paragraph(let text):
      return wrap(text, width: Self.width - 2)
    case .field(let label, let value):
      return ["\(label): " + style.apply(.bold, value)]
    case .section(let title):
      return [Self.gap, style.apply(.bold, title)]
    case .item(let ref, let text, let flag):
      let marker = ref.map { "#\($0)" } ?? "•"
      let flagText = flag.map { "  " + style.apply(.warning, "[\($0)]") } ?? ""
      return ["  \(marker) \(text)\(flagText)"]
    case .empty(let text):
      return ["  " + style.apply(.dim, text)]
    case .qr(let payload):
      return QRPlaceholder.lines(for: payload) + [
        style.apply(.dim, "QR placeholder, not scannable; it stands for \(payload)")
      ]
    case .pager(let page, let count):
      let dots = (1...count).map { $0 == page ? "●" : "○" }.joined(separator: " ")
      return [Self.gap, "\(dots)   page \(page) of \(count)"]
    }
  }

  /// Breaks `text` into lines of at most `width` characters, at spaces.
  func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " \(word)"
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}

/// A QR-like picture derived from the payload, clearly not a real QR code: it shows where the code goes in a demo.
enum QRPlaceholder {
  static let size = 21

  static func lines(for payload: String) -> [String] {
    // FNV-1a over the payload seeds the pattern, so the same code always draws the same picture.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in payload.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    func dark(_ row: Int, _ column: Int) -> Bool {
      for (top, left) in [(0, 0), (0, size - 7), (size - 7, 0)] {
        let r = row - top
        let c = column - left
        if (0..<7).contains(r) && (0..<7).contains(c) {
          return r == 0 || r == 6 || c == 0 || c == 6 || ((2...4).contains(r) && (2...4).contains(c))
        }
      }
      if (0..<8).contains(row) && (column < 8 || column >= size - 8) || row >= size - 8 && column < 8 {
        return false
      }
      var bits = hash ^ (UInt64(row * size + column) &* 0x9E37_79B9_7F4A_7C15)
      bits ^= bits >> 29
      bits = bits &* 0xBF58_476D_1CE4_E5B9
      return (bits >> 32) & 1 == 1
    }
    return stride(from: 0, to: size, by: 2).map { row in
      String(
        (0..<size).map { column -> Character in
          switch (dark(row, column), row + 1 < size && dark(row + 1, column)) {
          case (true, true): "█"
          case (true, false): "▀"
          case (false, true): "▄"
          case (false, false): " "
          }
        })
    }
  }
}

extension Block {
  /// The block with every text run through ``TextRenderer/clean(_:)``.
  var cleaned: Block {
    let clean = TextRenderer.clean
    switch self {
    case .paragraph(let text): return .paragraph(clean(text))
    case .field(let label, let value): return .field(clean(label), clean(value))
    case .section(let title): return .section(clean(title))
    case .item(let ref, let text, let flag): return .item(ref: ref, text: clean(text), flag: flag.map(clean))
    case .empty(let text): return .empty(clean(text))
    case .qr(let payload): return .qr(payload: clean(payload))
    case .pager: return self
    }
  }
}
