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
