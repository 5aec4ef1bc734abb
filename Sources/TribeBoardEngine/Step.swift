import Foundation
import TribeBoardCore
import TribeBoardFlow

/// What one line of input did: the messages it printed and the screen it left showing.
public struct Step: Sendable {
  /// A line the simulator prints before the screen.
  public struct Message: Equatable, Sendable {
    public enum Kind: Sendable { case info, success, problem }
    public var kind: Kind
    public var text: String

    public init(kind: Kind, text: String) {
      self.kind = kind
      self.text = text
    }
  }

  public init(input: String?, messages: [Message] = [], snapshot: ScreenSnapshot? = nil) {
    self.input = input
    self.messages = messages
    self.snapshot = snapshot
  }

  /// The line typed; `nil` for the launch that opens a session.
  public var input: String?
  public var messages: [Message] = []
  /// The screen shown after the step; `nil` when the step only printed information (`:help`, `:where`).
  public var snapshot: ScreenSnapshot?
  /// Set when an `:expect` did not hold: what was expected and what was found.
  public var failedExpectation: String?
  /// Whether the step asked to end the session.
  public var quit = false
  /// The simulated seconds the step's service calls took (set latency); `present --pace real` waits it out.
  public var latency: Double = 0
  /// The simulated time after the step, and whether the acting person's phone was online then: what the phone's
  /// status bar shows (a storyboard draws it). `nil` for a step made outside a simulation.
  public var clock: Date?
  public var isOnline: Bool?
  /// The app action the input chose, and the screen it was chosen on; `nil` for simulator commands and input the
  /// screen did not understand. Coverage counts transitions from it.
  public var transition: Transition?

  /// An app action taken on a screen, by a person in a role (`nil` outside a family).
  public struct Transition: Equatable, Sendable {
    public var from: ScreenID
    public var action: ActionID
    /// The value given with the action, if it takes one.
    public var argument: Intent.Argument?
    public var role: Role?
  }
}
