/// A QR code (ISO/IEC 18004, model 2) for a short text: the text's UTF-8 bytes in byte mode, error correction
/// level M (about 15% of the code can be damaged and it still reads), in the smallest of versions 1 to 6 that holds
/// it (up to 106 bytes), under the mask the standard's penalty rules prefer.
///
/// Drawn by the phone's HTML (an SVG) so that a family's join link can be scanned from the screen.
public struct QRCode: Sendable, Equatable {
  /// The version, 1 to 6: the code is `17 + 4 × version` modules a side.
  public let version: Int
  /// Which of the eight masks (0–7) the data modules were XORed with.
  public let mask: Int
  /// Modules a side.
  public let size: Int
  /// Row by row, `true` for a dark module.
  public let modules: [Bool]

  /// The code for `text`; `nil` when its UTF-8 is longer than version 6 at level M holds (106 bytes).
  /// `mask`: one of the eight masks (0–7) instead of the one the penalty rules choose.
  public init?(_ text: String, mask chosen: Int? = nil) {
    let bytes = Array(text.utf8)
    guard let version = (1...6).first(where: { bytes.count <= Self.capacity(version: $0) }) else { return nil }
    var matrix = Matrix(version: version)
    matrix.drawFunctionPatterns()
    matrix.drawCodewords(Self.codewords(bytes, version: version))
    var best = (mask: 0, penalty: Int.max, matrix: matrix)
    for mask in chosen.map({ [$0] }) ?? Array(0..<8) {
      var candidate = matrix
      candidate.apply(mask: mask)
      candidate.drawFormatBits(mask: mask)
      let penalty = chosen == nil ? candidate.penalty() : 0
      if penalty < best.penalty { best = (mask, penalty, candidate) }
    }
    self.version = version
    self.mask = best.mask
    size = best.matrix.size
    modules = best.matrix.dark
  }

  /// Whether the module at `row`, `column` is dark.
  public subscript(row row: Int, column column: Int) -> Bool {
    modules[row * size + column]
  }

  /// The 15 format bits for level M and `mask`: 2 bits of level (M is `00`) and 3 of mask, a BCH(15, 5) remainder,
  /// XORed with `101010000010010`.
  public static func formatBits(mask: Int) -> Int {
    let data = 0b00 << 3 | mask
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    return (data << 10 | remainder) ^ 0x5412
  }

  // MARK: Codewords

  /// Error correction at level M for versions 1–6: codewords per block, and the blocks' data codewords.
  private static let blocks: [(correction: Int, data: [Int])] = [
    (10, [16]), (16, [28]), (26, [44]), (18, [32, 32]), (24, [43, 43]), (16, [27, 27, 27, 27]),
  ]

  /// Bytes a version holds at level M in byte mode: its data codewords less the mode (4 bits) and count (8 bits).
  static func capacity(version: Int) -> Int {
    blocks[version - 1].data.reduce(0, +) - 2
  }

  /// The data codewords (mode, count, bytes, terminator, padding), split into blocks, each followed by its
  /// Reed–Solomon error correction, interleaved as the standard orders them.
  static func codewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
    let layout = blocks[version - 1]
    let total = layout.data.reduce(0, +)
    var bits: [Bool] = []
    func append(_ value: Int, count: Int) {
      for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }
    append(0b0100, count: 4)
    append(bytes.count, count: 8)
    for byte in bytes { append(Int(byte), count: 8) }
    append(0, count: min(4, total * 8 - bits.count))
    append(0, count: (8 - bits.count % 8) % 8)
    var data: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
      bits[start..<start + 8].reduce(UInt8(0)) { ($0 << 1) | ($1 ? 1 : 0) }
    }
    var pad: UInt8 = 0xEC
    while data.count < total {
      data.append(pad)
      pad = pad == 0xEC ? 0x11 : 0xEC
    }
    let divisor = ReedSolomon.divisor(degree: layout.correction)
    var start = 0
    var dataBlocks: [[UInt8]] = []
    var correctionBlocks: [[UInt8]] = []
    for count in layout.data {
      let block = Array(data[start..<start + count])
      start += count
      dataBlocks.append(block)
      correctionBlocks.append(ReedSolomon.remainder(block, divisor: divisor))
    }
    var result: [UInt8] = []
    for index in 0..<(layout.data.max() ?? 0) {
      for block in dataBlocks where index < block.count { result.append(block[index]) }
    }
    for index in 0..<layout.correction {
      for block in correctionBlocks { result.append(block[index]) }
    }
    return result
  }

  /// Reed–Solomon error correction over GF(256) with the polynomial x⁸ + x⁴ + x³ + x² + 1, as QR codes use it.
  enum ReedSolomon {
    /// The generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)), highest power first, its leading 1 left out.
    static func divisor(degree: Int) -> [UInt8] {
      var result = [UInt8](repeating: 0, count: degree)
      result[degree - 1] = 1
      var root: UInt8 = 1
      for _ in 0..<degree {
        for index in 0..<degree {
          result[index] = multiply(result[index], root)
          if index + 1 < degree { result[index] ^= result[index + 1] }
        }
        root = multiply(root, 2)
      }
      return result
    }

    /// The remainder of `data` (as a polynomial times x^degree) divided by `divisor`: the correction codewords.
    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
      var result = [UInt8](repeating: 0, count: divisor.count)
      for byte in data {
        let factor = byte ^ result.removeFirst()
        result.append(0)
        for index in result.indices { result[index] ^= multiply(divisor[index], factor) }
      }
      return result
    }

    /// The product in GF(256), reduced by 0x11D.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
      var product = 0
      for shift in stride(from: 7, through: 0, by: -1) {
        product = (product << 1) ^ ((product >> 7) * 0x11D)
        product ^= ((Int(y) >> shift) & 1) * Int(x)
      }
      return UInt8(product)
    }
  }

  // MARK: Modules

  /// The modules as they are drawn: which are dark, and which belong to a function pattern (not data).
  struct Matrix {
    let version: Int
    let size: Int
    var dark: [Bool]
    var isFunction: [Bool]

    init(version: Int) {
      self.version = version
      size = 17 + 4 * version
      dark = Array(repeating: false, count: size * size)
      isFunction = dark
    }

    mutating func set(column x: Int, row y: Int, _ isDark: Bool) {
      dark[y * size + x] = isDark
      isFunction[y * size + x] = true
    }

    /// The finder patterns with their separators, the timing patterns, the alignment pattern (versions 2–6 have
    /// one, near the bottom right corner), and the format areas (reserved here, drawn with the mask).
    mutating func drawFunctionPatterns() {
      for index in 0..<size {
        set(column: 6, row: index, index % 2 == 0)
        set(column: index, row: 6, index % 2 == 0)
      }
      for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
        for dy in -4...4 {
          for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
            let distance = max(abs(dx), abs(dy))
            set(column: x + dx, row: y + dy, distance != 2 && distance != 4)
          }
        }
      }
      if version > 1 {
        let center = size - 7
        for dy in -2...2 {
          for dx in -2...2 { set(column: center + dx, row: center + dy, max(abs(dx), abs(dy)) != 1) }
        }
      }
      drawFormatBits(mask: 0)
    }

    /// The format bits for `mask`, in both copies, and the dark module beside the bottom left finder.
    mutating func drawFormatBits(mask: Int) {
      let bits = QRCode.formatBits(mask: mask)
      func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
      for index in 0...5 { set(column: 8, row: index, bit(index)) }
      set(column: 8, row: 7, bit(6))
      set(column: 8, row: 8, bit(7))
      set(column: 7, row: 8, bit(8))
      for index in 9..<15 { set(column: 14 - index, row: 8, bit(index)) }
      for index in 0..<8 { set(column: size - 1 - index, row: 8, bit(index)) }
      for index in 8..<15 { set(column: 8, row: size - 15 + index, bit(index)) }
      set(column: 8, row: size - 8, true)
    }

    /// The codewords' bits, most significant first, in the standard's zigzag: two columns at a time from the right,
    /// up then down, skipping the vertical timing pattern and every function module. Remainder modules stay light.
    mutating func drawCodewords(_ codewords: [UInt8]) {
      var index = 0
      var right = size - 1
      while right >= 1 {
        if right == 6 { right = 5 }
        let upward = (right + 1) & 2 == 0
        for step in 0..<size {
          let y = upward ? size - 1 - step : step
          for x in [right, right - 1] where !isFunction[y * size + x] && index < codewords.count * 8 {
            dark[y * size + x] = (codewords[index >> 3] >> (7 - (index & 7))) & 1 == 1
            index += 1
          }
        }
        right -= 2
      }
    }

    /// XORs every data module with `mask`'s pattern.
    mutating func apply(mask: Int) {
      for y in 0..<size {
        for x in 0..<size where !isFunction[y * size + x] {
          let flip: Bool
          switch mask {
          case 0: flip = (x + y) % 2 == 0
          case 1: flip = y % 2 == 0
          case 2: flip = x % 3 == 0
          case 3: flip = (x + y) % 3 == 0
          case 4: flip = (x / 3 + y / 2) % 2 == 0
          case 5: flip = x * y % 2 + x * y % 3 == 0
          case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
          default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
          }
          if flip { dark[y * size + x].toggle() }
        }
      }
    }

    /// The standard's penalty score (lower reads better): runs of five or more alike, 2×2 blocks alike, patterns
    /// that look like a finder, and a dark share far from half.
    func penalty() -> Int {
      var score = 0
      let finderLike: [Bool] = [true, false, true, true, true, false, true, false, false, false, false]
      for line in 0..<size {
        for vertical in [false, true] {
          let run = (0..<size).map { vertical ? dark[$0 * size + line] : dark[line * size + $0] }
          var length = 1
          for index in 1..<size {
            if run[index] == run[index - 1] {
              length += 1
            } else {
              if length >= 5 { score += length - 2 }
              length = 1
            }
          }
          if length >= 5 { score += length - 2 }
          for start in 0...(size - finderLike.count) {
            let window = run[start..<start + finderLike.count]
            if window.elementsEqual(finderLike) || window.elementsEqual(finderLike.reversed()) { score += 40 }
          }
        }
      }
      for y in 0..<size - 1 {
        for x in 0..<size - 1 {
          let color = dark[y * size + x]
          if dark[y * size + x + 1] == color && dark[(y + 1) * size + x] == color
            && dark[(y + 1) * size + x + 1] == color
          {
            score += 3
          }
        }
      }
      let total = size * size
      let darkCount = dark.lazy.filter { $0 }.count
      score += ((abs(darkCount * 20 - total * 10) + total - 1) / total - 1) * 10
      return score
    }
  }
}
