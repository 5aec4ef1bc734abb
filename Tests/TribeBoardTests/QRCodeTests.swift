import Testing

@testable import TribeBoardRendering

/// The QR encoder against the standard: its structure, its format bits, and codewords checked by a decoder.
@Suite struct QRCodeTests {
  static let link = "https://tribeboard.app/join/K7QM2X"

  @Test func theFormatBitsForLevelMAreTheStandardsTable() {
    let table = [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0]
    #expect((0..<8).map { QRCode.formatBits(mask: $0) } == table)
  }

  @Test func theVersionIsTheSmallestThatHoldsThePayload() throws {
    let sizes = [1, 14, 15, 26, 27, 42, 43, 62, 63, 84, 85, 106].map { count in
      QRCode(String(repeating: "a", count: count)).map(\.version)
    }
    #expect(sizes == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
    #expect(QRCode(String(repeating: "a", count: 107)) == nil)
    let code = try #require(QRCode(Self.link))
    #expect(code.version == 3 && code.size == 29 && code.modules.count == 29 * 29)
  }

  @Test(arguments: [nil, 0, 1, 2, 3, 4, 5, 6, 7])
  func theFunctionPatternsAndBothCopiesOfTheFormatBitsAreInPlace(mask: Int?) throws {
    let code = try #require(QRCode(Self.link, mask: mask))
    if let mask { #expect(code.mask == mask) }
    let size = code.size
    for (top, left) in [(0, 0), (0, size - 7), (size - 7, 0)] {
      for row in -1...7 {
        for column in -1...7 where (0..<size).contains(top + row) && (0..<size).contains(left + column) {
          let ring = max(abs(row - 3), abs(column - 3))
          #expect(code[row: top + row, column: left + column] == (ring != 2 && ring != 4), "finder at \(top),\(left)")
        }
      }
    }
    for index in 8..<(size - 8) {
      #expect(code[row: 6, column: index] == (index % 2 == 0))
      #expect(code[row: index, column: 6] == (index % 2 == 0))
    }
    let center = size - 7
    for row in -2...2 {
      for column in -2...2 {
        #expect(code[row: center + row, column: center + column] == (max(abs(row), abs(column)) != 1))
      }
    }
    #expect(code[row: size - 8, column: 8])
    let bits = QRCode.formatBits(mask: code.mask)
    let first =
      [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8)]
      + (9..<15).map { (14 - $0, 8) }
    let second = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
    for copy in [first, second] {
      for (index, (column, row)) in copy.enumerated() {
        #expect(code[row: row, column: column] == ((bits >> index) & 1 == 1), "format bit \(index)")
      }
    }
  }

  /// "hi" at 1-M: mode 0100, count 2, the bytes, the terminator, the pad codewords, then the error correction.
  /// The correction codewords are the encoder's own, confirmed by decoding its code with zbar and OpenCV.
  @Test func theCodewordsForAShortPayloadAreTheDecodedReference() {
    let codewords = QRCode.codewords(Array("hi".utf8), version: 1)
    let data: [UInt8] = [64, 38, 134, 144, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
    #expect(Array(codewords.prefix(16)) == data)
    #expect(Array(codewords.dropFirst(16)) == [17, 160, 77, 193, 121, 155, 5, 133, 245, 218])
  }

  /// A Reed–Solomon codeword is a multiple of the generator: it vanishes at α⁰ … α^(n−1).
  @Test(arguments: [1, 4, 6]) func everyBlockIsAMultipleOfTheGenerator(version: Int) {
    let bytes = Array(String(repeating: "tribe", count: 3 * version).utf8.prefix(QRCode.capacity(version: version)))
    let codewords = QRCode.codewords(bytes, version: version)
    let (correction, blocks) = [(1, (10, 1)), (4, (18, 2)), (6, (16, 4))].first { $0.0 == version }!.1
    let dataCount = codewords.count - correction * blocks
    for block in 0..<blocks {
      let data = stride(from: block, to: dataCount, by: blocks).map { codewords[$0] }
      let check = stride(from: dataCount + block, to: codewords.count, by: blocks).map { codewords[$0] }
      let word = data + check
      var root: UInt8 = 1
      for _ in 0..<correction {
        let value = word.reduce(UInt8(0)) { QRCode.ReedSolomon.multiply($0, root) ^ $1 }
        #expect(value == 0)
        root = QRCode.ReedSolomon.multiply(root, 2)
      }
    }
  }
}
