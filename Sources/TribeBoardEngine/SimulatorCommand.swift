import Foundation
import TribeBoardCore
import TribeBoardMocks
import TribeBoardScenarios

/// A simulator command as a value. The page's controls and the control API send these as they are; a `:` line a
/// person typed (in the REPL, the page's Command field or a journey) is read into one (``Simulator/command(from:)``);
/// and ``line`` is how a transcript or `:undo`'s history writes one, which reads back as the same command.
public enum SimulatorCommand: Equatable, Sendable {
  case help
  case whereAmI
  case quit
  case reset
  case relaunch
  case undo
  /// Act as a person (an account id or a first name); `nil` lists the people.
  case act(as: String?)
  case clock(ClockMove)
  case listFaults
  case arm(FaultRequest)
  /// Disarm the fault with this id; `nil` disarms every one.
  case disarm(String?)
  /// The network of the phone in hand, or of this person's phone.
  case network(online: Bool, of: String?)
  case listLatency
  /// Calls to a service (`data`) or one operation (`data.tasks`) take this long; 0 removes it.
  case latency(String, seconds: TimeInterval)
  case clearLatency
  /// Expectations as a person wrote them (`screen=dashboard role=child`).
  case expect(String)
  /// A journey replayed to a step (all of it when `nil`).
  case go(journey: String, step: Int?)
  /// A built-in scenario's name or a YAML file's path.
  case scenario(String)
  /// `FILE [--force]`, as typed.
  case save(String)
  case api(APICall)

  /// Where `:clock` moves the clock.
  public enum ClockMove: Equatable, Sendable {
    /// By an amount (negative: back, which the clock refuses).
    case by(TimeInterval)
    /// To a moment; `dateAlone` when a day alone was given (09:00 that day, as in forms).
    case to(Date, dateAlone: Bool = false)
  }

  /// A fault to arm: which operation fails, with which error, when, and on whose phone.
  public struct FaultRequest: Equatable, Sendable {
    public enum Schedule: Equatable, Sendable {
      case always
      /// The next `n` calls.
      case next(Int)
      /// The `n`th call only.
      case call(Int)
      /// Every call from a time on: this long after the command, or at a moment.
      case after(TimeInterval)
      case at(Date)
      /// Each call with this chance, in percent (1 to 100).
      case chance(Int)
    }

    public var operation: MockOperation
    public var error: AppError.Code
    public var schedule: Schedule
    /// Only this account's phone fails; every phone when `nil`.
    public var account: UserID?

    public init(operation: MockOperation, error: AppError.Code, schedule: Schedule = .always, account: UserID? = nil) {
      self.operation = operation
      self.error = error
      self.schedule = schedule
      self.account = account
    }

    /// The words `:fault` takes for this request.
    var words: String {
      var words = "\(operation.rawValue) \(error.rawValue)"
      switch schedule {
      case .always: break
      case .next(let count): words += " times \(count)"
      case .call(let number): words += " call \(number)"
      case .after(let seconds): words += " after \(DurationText.typed(seconds))"
      case .at(let date): words += " after \(SimulatorCommand.timestamp(date))"
      case .chance(let percent): words += " chance \(percent)%"
      }
      if let account { words += " on \(account)" }
      return words
    }
  }

  /// The command's name.
  public var name: SimulatorCommandName {
    switch self {
    case .help: .help
    case .whereAmI: .where
    case .quit: .quit
    case .reset: .reset
    case .relaunch: .relaunch
    case .undo: .undo
    case .act: .as
    case .clock: .clock
    case .listFaults, .arm, .disarm: .fault
    case .network(let online, _): online ? .online : .offline
    case .listLatency, .latency, .clearLatency: .latency
    case .expect: .expect
    case .go: .go
    case .scenario: .scenario
    case .save: .save
    case .api: .api
    }
  }

  /// The words after the name, as a person would type them.
  public var words: String {
    switch self {
    case .help, .whereAmI, .quit, .reset, .relaunch, .undo, .listFaults, .listLatency: ""
    case .act(let person): person ?? ""
    case .clock(.by(let seconds)): (seconds < 0 ? "-" : "+") + DurationText.typed(abs(seconds))
    case .clock(.to(let date, let dateAlone)):
      dateAlone ? String(Self.timestamp(date).prefix(10)) : Self.timestamp(date)
    case .arm(let request): request.words
    case .disarm(let id): "clear" + (id.map { " \($0)" } ?? "")
    case .network(_, let person): person ?? ""
    case .latency(let target, let seconds): "\(target) \(DurationText.typed(seconds))"
    case .clearLatency: "clear"
    case .expect(let text), .scenario(let text), .save(let text): text
    case .go(let journey, let step): journey + (step.map { "@\($0)" } ?? "")
    case .api(let call): call.words
    }
  }

  /// The command as a line of input: `:clock +1h`.
  public var line: String {
    let words = words
    return ":\(name.rawValue)" + (words.isEmpty ? "" : " \(words)")
  }

  /// `2026-03-05T18:00:00Z`, as `:clock` and `:fault … after` read a time.
  static func timestamp(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false))
  }
}
