import Foundation

nonisolated(unsafe) private var markerCalls = 0

/// Separates measured stretches under callgrind: the parent runs this binary with `--dump-before` on this function,
/// so callgrind writes one profile per stretch. It does nothing else (the counter only keeps the call from being
/// optimised away).
@inline(never)
func callgrindMarker() {
  markerCalls &+= 1
}

/// Instruction counts from Valgrind's callgrind, which counts instructions executed (these machines have no
/// hardware counters, and wall time on them is noisy).
enum Callgrind {
  /// The marker's symbol, as `nm` shows it.
  static let markerSymbol = "$s16tribeboard_bench15callgrindMarkeryyF"

  /// Why instruction counts are not available here, or `nil` when they are.
  static let unavailable: String? = which("valgrind") == nil ? "valgrind not installed" : nil

  /// Runs this binary under callgrind with `arguments` (a `--callgrind-child` mode that calls ``callgrindMarker()``
  /// around each stretch and prints one label per stretch) and returns each stretch's label and instruction count,
  /// in order. Throws a readable reason when callgrind could not run.
  static func stretches(_ arguments: [String]) throws -> [(label: String, instructions: Double)] {
    guard let valgrind = which("valgrind") else { throw Failure("valgrind not installed") }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tribeboard-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Valgrind 3.19 cannot read the DWARF 5 debug info Swift writes: run a copy without it (symbols stay).
    var program = executableDirectory.appendingPathComponent("tribeboard-bench").path
    if let objcopy = which("objcopy") {
      let stripped = directory.appendingPathComponent("tribeboard-bench").path
      if spawn(objcopy, ["--strip-debug", program, stripped]) == 0 { program = stripped }
    }
    let output = directory.appendingPathComponent("labels.txt").path
    let log = directory.appendingPathComponent("valgrind.log").path
    let profile = directory.appendingPathComponent("callgrind.out").path
    let status = spawn(
      valgrind,
      ["--tool=callgrind", "--dump-before=\(markerSymbol)", "--callgrind-out-file=\(profile)", program]
        + arguments, output: output, errors: log)
    guard status == 0 else {
      let tail = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(3)
      throw Failure("callgrind exited with \(status): \(tail.joined(separator: " / "))")
    }
    let labels = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
    // Dump 1 is everything before the first marker; dump i + 1 the stretch after marker i.
    var counts: [Double] = []
    for index in 1... {
      guard let text = try? String(contentsOfFile: "\(profile).\(index)", encoding: .utf8) else { break }
      guard
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }),
        let value = line.split(separator: " ").last.flatMap({ Double($0) })
      else { throw Failure("no totals in callgrind dump \(index)") }
      counts.append(value)
    }
    guard counts.count >= labels.count + 1 else {
      throw Failure(
        "callgrind wrote \(counts.count) profiles for \(labels.count) stretches (is \(markerSymbol) there?)")
    }
    return zip(labels, counts.dropFirst()).map { ($0, $1) }
  }

  /// The instructions a whole run of `program` executes, dynamic linking included (a copy without debug info is run,
  /// as in ``stretches(_:)``).
  static func total(_ program: String, _ arguments: [String]) throws -> Double {
    guard let valgrind = which("valgrind") else { throw Failure("valgrind not installed") }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tribeboard-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var copy = program
    if let objcopy = which("objcopy") {
      let stripped = directory.appendingPathComponent("program").path
      if spawn(objcopy, ["--strip-debug", program, stripped]) == 0 { copy = stripped }
    }
    let profile = directory.appendingPathComponent("callgrind.out").path
    let log = directory.appendingPathComponent("valgrind.log").path
    let status = spawn(
      valgrind, ["--tool=callgrind", "--callgrind-out-file=\(profile)", copy] + arguments, errors: log)
    guard status == 0, let text = try? String(contentsOfFile: profile, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }),
      let value = line.split(separator: " ").last.flatMap({ Double($0) })
    else { throw Failure("callgrind could not count \(program) (status \(status))") }
    return value
  }

  /// Instructions per stretch, averaged over the stretches of each label.
  static func average(_ stretches: [(label: String, instructions: Double)]) -> [String: Double] {
    Dictionary(grouping: stretches, by: \.label).mapValues { group in
      group.map(\.instructions).reduce(0, +) / Double(group.count)
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
