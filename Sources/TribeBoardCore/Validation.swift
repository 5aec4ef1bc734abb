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
    guard !containsInvisibleCharacters(raw) else {
      throw AppError(.invalidFamilyName, "A family name can't contain invisible or text-direction characters.")
    }
    let name = raw.collapsingWhitespace
    if name.isEmpty {
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

  /// A required short text such as a title: trimmed, 1 to `maxLength` characters.
  /// The most characters a title, a name or a place takes.
  public static let maximumTextLength = 80

  public static func text(_ raw: String, field: String, maxLength: Int = maximumTextLength) throws(AppError) -> String {
    guard !containsControlCharacters(raw) else {
      throw AppError(
        .validationFailed, "\(field.sentenceCased) can't contain control characters.")
    }
    guard !containsInvisibleCharacters(raw) else {
      throw AppError(
        .validationFailed, "\(field.sentenceCased) can't contain invisible or text-direction characters.")
    }
    let text = raw.collapsingWhitespace
    if text.isEmpty {
      throw AppError(.validationFailed, "Enter \(field).")
    }
    guard text.count <= maxLength else {
      throw AppError(
        .validationFailed, "\(field.sentenceCased) has at most \(maxLength) characters.")
    }
    return text
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
  /// Whether `text` holds characters that change how the text around them reads without showing themselves: the
  /// bidirectional controls (U+202A–202E, U+2066–2069, the marks U+200E, U+200F, U+061C) and the invisible spaces
  /// and joiners that are not part of a writing system's use (U+200B, U+2060–2064, U+FEFF, U+180E). The joiners
  /// U+200C and U+200D are allowed: emoji sequences and several scripts need them.
  public static func containsInvisibleCharacters(_ text: String) -> Bool {
    // Every one of them is above U+0600, three bytes or more in UTF-8: ASCII and Latin text is passed over by bytes.
    guard text.utf8.contains(where: { $0 >= 0xD8 }) else { return false }
    return text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
      default: false
      }
    }
  }
}

extension String {
  /// The text with its first letter capitalised, for messages that start with a field name ("a title" → "A title").
  package var sentenceCased: String { prefix(1).uppercased() + dropFirst() }
}
