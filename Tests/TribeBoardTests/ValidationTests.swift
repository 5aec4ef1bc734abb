import Testing
import TribeBoardCore

@Suite struct ValidationTests {
  @Test(arguments: [("The Johnsons", "The Johnsons"), ("  The   Johnsons ", "The Johnsons"), ("Al", "Al")])
  func acceptsFamilyNames(raw: String, cleaned: String) throws {
    #expect(try Validation.familyName(raw) == cleaned)
  }

  @Test(arguments: ["", "   ", "J", String(repeating: "x", count: 41), "1234"])
  func rejectsFamilyNames(raw: String) {
    #expect(throws: AppError.self) { try Validation.familyName(raw) }
    do {
      _ = try Validation.familyName(raw)
    } catch {
      #expect(error.code == .invalidFamilyName)
      #expect(error.recovery.contains(.edit))
    }
  }

  @Test func familyNameLengthBoundsAreInclusive() throws {
    #expect(try Validation.familyName(String(repeating: "a", count: 40)).count == 40)
    #expect(throws: AppError.self) { try Validation.familyName(String(repeating: "a", count: 41)) }
  }

  @Test(arguments: [("k7qm2x", "K7QM2X"), ("K7Q-M2X", "K7QM2X"), (" k7q m2x ", "K7QM2X")])
  func canonicalisesFamilyCodes(raw: String, code: String) throws {
    #expect(try Validation.familyCode(raw) == code)
  }

  @Test(arguments: ["K7QM2", "K7QM2XX", "K7QM2O", "K7QM21", "K7QM2!"])
  func rejectsFamilyCodes(raw: String) {
    do {
      _ = try Validation.familyCode(raw)
      Issue.record("accepted \(raw)")
    } catch {
      #expect(error.code == .invalidFamilyCode)
    }
  }

  @Test func mfaCodesAreSixDigits() throws {
    #expect(try Validation.mfaCode("482 913") == "482913")
    #expect(throws: AppError.self) { try Validation.mfaCode("48291") }
    #expect(throws: AppError.self) { try Validation.mfaCode("48291a") }
  }
}
