/// Input rules the app checks before it calls a service. Each returns the cleaned value or throws an ``AppError``.
public enum Validation {
  /// The shortest and longest family names allowed, in characters, after trimming.
  public static let familyNameLength = 2...40
  /// The characters family codes are made of: capitals and digits without the look-alikes 0, O, 1 and I.
  public static let familyCodeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
  /// How many characters a family code has.
  public static let familyCodeLength = 6
  /// The most points a task can be worth.
  public static let maximumPoints = 100

  /// `points` if a task can be worth that many.
  public static func points(_ points: Int) throws(AppError) -> Int {
    guard (0...maximumPoints).contains(points) else { throw pointsOutOfRange }
    return points
  }

  /// The error for points that are not a whole number from 0 to ``maximumPoints``.
  public static let pointsOutOfRange = AppError(
    .validationFailed, "Points are a whole number from 0 to \(maximumPoints).", recovery: [.edit])

  /// A family name trimmed of surrounding spaces, with inner runs of spaces folded to one.
  public static func familyName(_ raw: String) throws(AppError) -> String {
    guard !containsControlCharacters(raw) else {
      throw AppError(.invalidFamilyName, "A family name can't contain control characters.")
    }
    if let invisible = invisibleCharacter(in: raw) {
      throw AppError(
        .invalidFamilyName,
        "A family name can't contain invisible or text-direction characters (\(describe(invisible))); remove it.")
    }
    let name = raw.collapsingWhitespace
    if isBlank(name) {
      throw AppError(.invalidFamilyName, "Enter a family name.")
    }
    guard familyNameLength.contains(name.count) else {
      throw AppError(
        .invalidFamilyName,
        "A family name has \(familyNameLength.lowerBound) to \(familyNameLength.upperBound) characters; “\(name)” has \(name.count)."
      )
    }
    guard name.contains(where: \.isLetter) else {
      throw AppError(.invalidFamilyName, "A family name needs at least one letter.")
    }
    return name
  }

  /// A family code in its canonical form: capitals, no spaces or dashes.
  public static func familyCode(_ raw: String) throws(AppError) -> String {
    // Only ASCII letters change case: uppercasing `ß` or `ﬀ` would make two letters of the alphabet out of one.
    let code = String(raw.filter { !$0.isWhitespace && $0 != "-" }.map { $0.isASCII ? Character($0.uppercased()) : $0 })
    guard code.count == familyCodeLength else {
      throw AppError(
        .invalidFamilyCode,
        "A family code has \(familyCodeLength) letters and digits, like K7QM2X; “\(raw)” has \(code.count).")
    }
    guard code.allSatisfy(familyCodeAlphabet.contains) else {
      throw AppError(
        .invalidFamilyCode, "A family code uses capital letters and the digits 2 to 9 only (no 0, O, 1 or I).")
    }
    return code
  }

  /// A one-time code: six digits.
  /// Whether `text` is six ASCII digits: a verification code typed alone.
  public static func looksLikeMFACode(_ text: String) -> Bool {
    text.utf8.count == 6 && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  public static func mfaCode(_ raw: String) throws(AppError) -> String {
    let code = raw.filter { !$0.isWhitespace }
    guard code.count == 6, code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber) else {
      throw AppError(.invalidMFACode, "A verification code has 6 digits.", recovery: [.edit, .back])
    }
    return code
  }

  /// A kind of text a person, a scenario or a sign-in provider gives: what messages call it and how long it may be.
  /// The flow and the scenario loader both check texts against these, so a loaded world holds only texts the app
  /// would have taken.
  public struct TextField: Sendable, Equatable {
    /// How messages name it: "a title".
    public let name: String
    /// The most characters it may have, after trimming.
    public let maxLength: Int

    public init(_ name: String, maxLength: Int) {
      self.name = name
      self.maxLength = maxLength
    }

    public static let title = TextField("a title", maxLength: 80)
    public static let place = TextField("a place", maxLength: 80)
    public static let message = TextField("a message", maxLength: 500)
    public static let notice = TextField("a notice", maxLength: 200)
    public static let routeName = TextField("a route's name", maxLength: 80)
    public static let personName = TextField("a name", maxLength: 80)
  }

  /// A required short text such as a title: trimmed, 1 to `maxLength` characters.
  public static func text(_ raw: String, field: String, maxLength: Int = 80) throws(AppError) -> String {
    try text(raw, TextField(field, maxLength: maxLength))
  }

  /// A required text of `field`'s kind: trimmed, its runs of spaces folded, 1 to `field.maxLength` characters, with
  /// no control character and nothing ``isInvisible(_:)``.
  public static func text(_ raw: String, _ field: TextField) throws(AppError) -> String {
    if let problem = problem(in: raw, field) { throw problem }
    return raw.collapsingWhitespace
  }

  /// Why `raw` is not a valid text of `field`'s kind, or `nil` when it is: the one check behind ``text(_:_:)``,
  /// which the scenario loader calls too.
  public static func problem(in raw: String, _ field: TextField) -> AppError? {
    guard !containsControlCharacters(raw) else {
      return AppError(.validationFailed, "\(field.name.sentenceCased) can't contain control characters.")
    }
    if let invisible = invisibleCharacter(in: raw) {
      return AppError(
        .validationFailed,
        "\(field.name.sentenceCased) can't contain invisible or text-direction characters (\(describe(invisible))); remove it."
      )
    }
    if isBlank(raw) {
      return AppError(.validationFailed, "Enter \(field.name).")
    }
    // Counted as the text is kept, trimmed and its runs of spaces folded; no longer than its bytes.
    guard raw.utf8.count > field.maxLength else { return nil }
    let count = raw.collapsingWhitespace.count
    guard count <= field.maxLength else {
      return AppError(
        .validationFailed,
        "\(field.name.sentenceCased) has at most \(field.maxLength) characters; this one has \(count).")
    }
    return nil
  }

  /// A name a sign-in provider gives, as the app keeps it: without the invisible and control characters the app
  /// refuses in what a person types (a provider's name is not typed, so it is cleaned rather than refused), trimmed
  /// and at most ``TextField/personName``'s length; `fallback` (the email's first part) when nothing is left.
  public static func providedName(_ raw: String, fallback: String) -> String {
    let kept = String(
      String.UnicodeScalarView(
        raw.unicodeScalars.filter { !isInvisible($0) && $0.properties.generalCategory != .control })
    ).collapsingWhitespace
    let name = isBlank(kept) ? fallback : kept
    return String(name.prefix(TextField.personName.maxLength))
  }

  /// Whether `text` holds control characters (escape sequences, bells, line breaks) that would garble a screen.
  public static func containsControlCharacters(_ text: String) -> Bool {
    // ASCII's controls are 0x00–0x1F and 0x7F; only other scalars need the (slower) Unicode property lookup.
    text.unicodeScalars.contains { scalar in
      scalar.isASCII ? scalar.value < 0x20 || scalar.value == 0x7F : scalar.properties.generalCategory == .control
    }
  }
}

extension Validation {
  /// Whether `text` holds a character ``isInvisible(_:)`` refuses.
  public static func containsInvisibleCharacters(_ text: String) -> Bool {
    invisibleCharacter(in: text) != nil
  }

  /// The first character of `text` that ``isInvisible(_:)`` refuses, if any.
  public static func invisibleCharacter(in text: String) -> Unicode.Scalar? {
    // Every one of them is outside ASCII: ASCII text is passed over by bytes.
    guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    return text.unicodeScalars.first(where: isInvisible)
  }

  /// The one rule for characters that show nothing, or change how the text around them reads, in every name, title
  /// and message (from a person, a scenario or a sign-in provider): Unicode's default-ignorable code points and
  /// format characters (the bidirectional controls and marks, zero-width spaces, the soft hyphen, the byte-order
  /// mark, the tag characters U+E0000–E007F), the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the braille
  /// blank U+2800. Allowed, because emoji sequences and several scripts need them: the joiners U+200C and U+200D and
  /// the variation selectors U+FE00–FE0F.
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x80: return false
    case 0x200C, 0x200D, 0xFE00...0xFE0F: return false
    case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800: return true
    default:
      let properties = scalar.properties
      return properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
    }
  }

  /// Whether `text` shows nothing: only whitespace and the joiners and variation selectors ``isInvisible(_:)``
  /// lets through.
  public static func isBlank(_ text: String) -> Bool {
    // Read by bytes until the first that is not an ASCII space: almost every text has a letter first.
    for byte in text.utf8 {
      if byte >= 0x80 { break }
      if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
    }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x200C, 0x200D, 0xFE00...0xFE0F: true
      default: scalar.properties.isWhitespace
      }
    }
  }

  /// A character as messages name it: "U+202E RIGHT-TO-LEFT OVERRIDE".
  public static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return scalar.properties.name.map { "\(code) \($0)" } ?? code
  }
}

extension String {
  /// The text with its first letter capitalised, for messages that start with a field name ("a title" → "A title").
  package var sentenceCased: String { prefix(1).uppercased() + dropFirst() }
}
