import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardTranscripts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Line editing, history and Tab completion for the REPL, from libedit loaded at run time: libedit is a run-time
/// dependency of the Swift toolchain on Linux (`libedit.so.2`) and part of macOS, so nothing is needed to build.
///
/// Only for a person at a terminal: ``load(historyPath:)`` gives `nil` when standard input or output is not a
/// terminal or libedit is missing, and the REPL then reads plain lines. Nothing but the typed line reaches the
/// simulator or a recording: arrows and Tab are handled here.
public final class LineEditor {
  private typealias Readline = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
  private typealias TakesString = @convention(c) (UnsafePointer<CChar>?) -> Int32
  private typealias TakesInt = @convention(c) (Int32) -> Void
  private typealias TakesNothing = @convention(c) () -> Int32
  typealias Completion = @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?
  private typealias Command = @convention(c) (Int32, Int32) -> Int32
  private typealias AddCommand = @convention(c) (UnsafePointer<CChar>?, Command?, Int32) -> Int32
  private typealias StuffCharacter = @convention(c) (Int32) -> Int32
  private typealias Hook = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32

  /// What reading a line gave.
  public enum Input: Equatable {
    case line(String)
    /// Ctrl-C: the line was dropped; the session goes on.
    case interrupted
    /// Ctrl-D on an empty line.
    case end
  }

  /// How many lines the history file keeps.
  public static let historyLimit = 500

  private let readline: Readline
  private let addHistory: TakesString
  private let readHistory: TakesString?
  private let writeHistory: TakesString?
  private let stifleHistory: TakesInt?
  private let historyPath: String?

  // The completion callback is a C function: it reads what to offer from here.
  nonisolated(unsafe) private static var candidates: [String] = []
  nonisolated(unsafe) private static var matches: [String] = []
  nonisolated(unsafe) private static var interrupted: sig_atomic_t = 0
  /// The thread blocked in libedit's read: a signal must interrupt that thread's read, not another's.
  nonisolated(unsafe) private static var reader: pthread_t?
  /// libedit's `rl_done`: set, the line being read ends.
  nonisolated(unsafe) private static var done: UnsafeMutablePointer<Int32>?
  /// libedit's `rl_parse_and_bind`, which runs an editline command such as `setty`.
  nonisolated(unsafe) private static var parseAndBind: TakesString?
  /// libedit's `rl_stuff_char`: a key to read before what is typed.
  nonisolated(unsafe) private static var stuffCharacter: StuffCharacter?
  nonisolated(unsafe) private static var catchingInterrupts = false

  private init(
    readline: Readline, addHistory: TakesString, readHistory: TakesString?, writeHistory: TakesString?,
    stifleHistory: TakesInt?, historyPath: String?
  ) {
    self.readline = readline
    self.addHistory = addHistory
    self.readHistory = readHistory
    self.writeHistory = writeHistory
    self.stifleHistory = stifleHistory
    self.historyPath = historyPath
  }

  /// The editor, or `nil` when a plain line reader should be used (not a terminal, or no libedit).
  public static func load(historyPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> LineEditor?
  {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, environment["TERM"] != "dumb" else { return nil }
    let names = ["libedit.so.2", "libedit.so", "libedit.3.dylib", "/usr/lib/libedit.3.dylib"]
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first,
      let readline = symbol(handle, "readline", as: Readline.self),
      let addHistory = symbol(handle, "add_history", as: TakesString.self)
    else { return nil }
    // libedit reads and draws in the locale's character set: without a UTF-8 one, a prompt with "›" or typed "é"
    // cannot be converted (and libedit crashes on it).
    let locale = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
    if !locale.lowercased().contains("utf-8") && !locale.lowercased().contains("utf8") {
      guard setlocale(LC_CTYPE, "C.UTF-8") != nil || setlocale(LC_CTYPE, "en_US.UTF-8") != nil else { return nil }
    }
    // The history functions need libedit's state, which rl_initialize makes.
    guard let initialize = symbol(handle, "rl_initialize", as: TakesNothing.self), initialize() == 0 else {
      return nil
    }
    if let entry = dlsym(handle, "rl_completion_entry_function") {
      entry.assumingMemoryBound(to: Optional<Completion>.self).pointee = complete
    }
    // Ctrl-C while editing: with the terminal's ISIG off it reaches libedit as the byte ^C (not a signal that may
    // land while libedit is busy), bound to a command that ends the read. readline() resets the terminal modes
    // on every call, so the hook that runs just before it reads turns ISIG off again.
    if let addCommand = symbol(handle, "rl_add_defun", as: AddCommand.self),
      let parse = symbol(handle, "rl_parse_and_bind", as: TakesString.self),
      let done = dlsym(handle, "rl_done"), let hook = dlsym(handle, "rl_pre_input_hook")
    {
      Self.done = done.assumingMemoryBound(to: Int32.self)
      Self.parseAndBind = parse
      Self.stuffCharacter = symbol(handle, "rl_stuff_char", as: StuffCharacter.self)
      _ = addCommand("tribeboard-interrupt", interruptCommand, 3)
      hook.assumingMemoryBound(to: Optional<Hook>.self).pointee = beforeReading
    }
    // Complete the whole line so far: the actions' words have spaces in them.
    if let breaks = dlsym(handle, "rl_basic_word_break_characters") {
      breaks.assumingMemoryBound(to: Optional<UnsafePointer<CChar>>.self).pointee = UnsafePointer(strdup("\n"))
    }
    let editor = LineEditor(
      readline: readline, addHistory: addHistory, readHistory: symbol(handle, "read_history", as: TakesString.self),
      writeHistory: symbol(handle, "write_history", as: TakesString.self),
      stifleHistory: symbol(handle, "stifle_history", as: TakesInt.self), historyPath: historyPath)
    editor.stifleHistory?(Int32(historyLimit))
    if let historyPath { _ = editor.readHistory?(historyPath) }
    return editor
  }

  private static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
    dlsym(handle, name).map { unsafeBitCast($0, to: type) }
  }

  /// The history file of the person running the REPL: `$XDG_STATE_HOME/tribeboard/history`, or
  /// `~/.local/state/tribeboard/history`; `nil` when there is no home.
  public static func defaultHistoryPath(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["HOME"].map { "\($0)/.local/state" }
    guard let base else { return nil }
    let folder = "\(base)/tribeboard"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return "\(folder)/history"
  }

  /// Reads a line with `prompt`, offering `completions` on Tab.
  public func read(prompt: String, completions: [String]) -> Input {
    Self.candidates = completions
    Self.catchInterrupts()
    // Without the hook that turns a pending Ctrl-C into a key, a Ctrl-C between two reads ends this one at once.
    if Self.parseAndBind == nil && Self.interrupted != 0 {
      Self.interrupted = 0
      return .interrupted
    }
    // The REPL runs on a Swift concurrency thread, which blocks signals: SIGINT must be able to stop its read.
    var interrupt = sigset_t()
    var mask = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, &mask)
    Self.reader = pthread_self()
    let raw = prompt.withCString { readline($0) }
    Self.reader = nil
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    let flags = fcntl(STDIN_FILENO, F_GETFL)
    if flags & O_NONBLOCK != 0 { _ = fcntl(STDIN_FILENO, F_SETFL, flags & ~O_NONBLOCK) }
    let interrupted = Self.interrupted != 0
    Self.interrupted = 0
    guard let raw else { return interrupted ? .interrupted : .end }
    defer { free(raw) }
    // A SIGINT that came while libedit was busy rather than reading still drops the line.
    if interrupted { return .interrupted }
    // A completion leaves a space after the words; it means nothing, and a recording keeps no trailing spaces.
    var line = String(cString: raw)
    while line.last == " " { line.removeLast() }
    if !line.trimmingWhitespaceScalars.isEmpty {
      _ = line.withCString { addHistory($0) }
      if let historyPath { _ = writeHistory?(historyPath) }
    }
    return .line(line)
  }

  /// From the first read on, SIGINT (Ctrl-C pressed between two reads, while the terminal is in its usual mode)
  /// drops a line instead of ending the session: the terminal flushes what was typed ahead, and the next read
  /// starts with a ^C key.
  private static func catchInterrupts() {
    guard !catchingInterrupts else { return }
    catchingInterrupts = true
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = { _ in LineEditor.interrupt() }
    #else
      action.__sigaction_u.__sa_handler = { _ in LineEditor.interrupt() }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no restart: a read it interrupts stops
    sigaction(SIGINT, &action, nil)
  }

  /// SIGINT (async-signal-safe: a flag and fcntl). While a line is read, libedit retries a read that a signal
  /// interrupted once; making standard input non-blocking makes the retry fail too, so it gives the line up.
  private static func interrupt() {
    // The process's other threads may take the signal: hand it to the one reading.
    if let reader, pthread_equal(pthread_self(), reader) == 0 {
      pthread_kill(reader, SIGINT)
      return
    }
    interrupted = 1
    guard reader != nil else { return }
    let flags = fcntl(STDIN_FILENO, F_GETFL)
    _ = fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK)
  }

  /// Bound to ^C: drops the line being typed and ends the read.
  private static let interruptCommand: Command = { _, _ in
    interrupted = 1
    done?.pointee = 1
    return 0
  }

  /// Runs after readline() set the terminal up and before it reads: ^C becomes a key, not SIGINT.
  /// A Ctrl-C that came as a signal since the last read becomes a ^C key, so this read ends at once.
  private static let beforeReading: Hook = { _, _ in
    _ = parseAndBind?("setty -d -isig")
    let flags = fcntl(STDIN_FILENO, F_GETFL)
    if flags & O_NONBLOCK != 0 { _ = fcntl(STDIN_FILENO, F_SETFL, flags & ~O_NONBLOCK) }
    if interrupted != 0 { _ = stuffCharacter?(3) }
    return 0
  }

  /// libedit's completion callback: state 0 asks for the first match of `text`, then 1, 2… until `nil`.
  private static let complete: Completion = { text, state in
    if state == 0 {
      let typed = text.map { String(cString: $0) }?.lowercased() ?? ""
      var seen: Set<String> = []
      matches = candidates.filter { $0.lowercased().hasPrefix(typed) && seen.insert($0).inserted }
    }
    guard Int(state) < matches.count else { return nil }
    return strdup(matches[Int(state)])
  }
}
