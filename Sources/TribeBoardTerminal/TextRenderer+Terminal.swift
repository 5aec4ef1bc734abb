import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardTranscripts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TextRenderer {
  /// The terminal's width: `COLUMNS` when set, else what the terminal on standard output says; `nil` when neither
  /// says.
  public static func terminalColumns(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int? {
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
