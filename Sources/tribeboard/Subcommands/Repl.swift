import ArgumentParser
import Foundation
import TribeBoardScenarios
import TribeBoardSimulator

extension Tribeboard {
  struct Repl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Walk the app's flows interactively on a scenario.",
      discussion: """
        Each screen shows its content and numbered actions: type a number or the action's words \
        (e.g. 'sign in apple', 'name The Johnsons'). Simulator commands start with a colon: :help, :where, \
        :as, :clock, :fault, :relaunch, :reset, :scenario, :expect, :quit. Ctrl-D or Ctrl-C end the session.
        """)

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "A built-in scenario name (see 'tribeboard list') or a path to a YAML file.", valueName: "name-or-path"))
    var scenario: String = BundledScenarios.defaultName

    @Option(
      help: ArgumentHelp("Write the session to FILE as a transcript, rewritten after every step.", valueName: "file"))
    var record: String?

    func run() async throws {
      let loaded = try loadScenario(scenario)
      let recordURL = try record.map(checkedRecordURL)
      REPL.endOnInterrupt()
      let interactive = isatty(STDIN_FILENO) == 1
      let repl = REPL(
        simulator: Simulator(scenario: loaded),
        style: .forStandardOutput(environment: ProcessInfo.processInfo.environment),
        recordURL: recordURL, showsPrompt: interactive)
      let failures: [String]
      do {
        failures = try await repl.run()
      } catch {
        printError("error: could not write the recording: \(error.localizedDescription)")
        throw ExitCode.failure
      }
      if let recordURL, interactive {
        printError("Transcript saved to \(recordURL.path).")
      }
      if !failures.isEmpty {
        printError(failures.joined(separator: "\n"))
        throw ExitCode.failure
      }
    }

    /// Where to record: a `.transcript` file in an existing folder. An existing file is only replaced if it is a
    /// transcript, so a mistyped path can't overwrite a scenario or anything else.
    private func checkedRecordURL(_ path: String) throws -> URL {
      guard path.hasSuffix(".transcript") else {
        throw usageError("A recording is a transcript: give a file name ending in .transcript (got '\(path)').")
      }
      let url = URL(fileURLWithPath: path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw usageError("Can't record to \(path): it is a folder.")
      }
      let folder = url.deletingLastPathComponent().path
      guard FileManager.default.isWritableFile(atPath: folder) else {
        throw usageError("Can't record to \(path): the folder \(folder) is missing or not writable.")
      }
      return url
    }
  }
}
