import Foundation

/// Process start to first screen: `tribeboard` (the REPL on the built-in new-user scenario, input at its end, so
/// it prints the first screen and leaves) against `tribeboard-hello`, a hello world importing Foundation built
/// by the same `swift build` (same configuration, same linking of the Swift runtime).
enum StartupBenchmarks {
  /// The median wall time of each program's runs, in ms, the two interleaved so load on the machine hits both alike;
  /// `nil` with the reason when a binary is missing or fails.
  static func measure(runs: Int) -> Result<(app: Double, hello: Double), Callgrind.Failure> {
    let app = executableDirectory.appendingPathComponent("tribeboard").path
    let hello = executableDirectory.appendingPathComponent("tribeboard-hello").path
    for program in [app, hello] where !FileManager.default.isExecutableFile(atPath: program) {
      return .failure(.init("\(program) is missing: build the package first (swift build -c release)"))
    }
    var appTimes: [Double] = []
    var helloTimes: [Double] = []
    for run in 0..<(runs + 2) {
      for (program, index) in [(app, 0), (hello, 1)] {
        let start = clock.now
        let status = spawn(program, [])
        let elapsed = milliseconds(clock.now - start)
        guard status == 0 else { return .failure(.init("\(program) exited with \(status)")) }
        // The first two runs of each warm the file cache.
        if run >= 2 {
          if index == 0 { appTimes.append(elapsed) } else { helloTimes.append(elapsed) }
        }
      }
    }
    return .success((median(appTimes), median(helloTimes)))
  }
}
