import Foundation
import Synchronization
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

extension Explorer {
  /// One simulation of the walk: it tries every input from the states it is given and says what each input did.
  ///
  /// A walker is used by one task at a time: ``Work/walk(by:claims:)`` gives each walker to one task, which takes
  /// runs of states until none is left.
  final class Walker: @unchecked Sendable {
    /// A state whose inputs are to be tried.
    struct Start: Sendable {
      var checkpoint: Simulator.Checkpoint
      var key: Simulator.StateKey
      var depth: Int
    }

    /// What trying every input from one state found.
    struct Expansion: Sendable {
      /// The state's screen, when it offers nothing to do.
      var deadEnd: ScreenID?
      var outcomes: [Outcome] = []
    }

    /// What one input did. Whether the state it reached is new is settled by the walk, in its order; a walker that
    /// cannot tell (a run before its own, still being tried, may reach the state too) checks the invariants both
    /// ways.
    struct Outcome: Sendable {
      var input: String
      var key: Simulator.StateKey
      /// The acting person's screen after the input, when the state may be new.
      var screen: ScreenID?
      /// Where the state is put aside, when it may be new and its inputs are to be tried.
      var checkpoint: Simulator.Checkpoint?
      /// The invariants broken whether or not the state is new.
      var always: [String]
      /// Those broken besides if the state is new; `nil` when the walker knew it was reached before (``Claims``).
      var ifNew: [String]?
      /// Those broken besides if the state was seen before.
      var ifSeen: [String]

      /// Whether the state may be new: no earlier run had claimed it.
      var mayBeNew: Bool { ifNew != nil }

      func broken(newState: Bool) -> [String] {
        guard newState else { return always + ifSeen }
        guard let ifNew else { preconditionFailure("a state a walker knew was reached before is new") }
        return always + ifNew
      }
    }

    let explorer: Explorer
    let simulator: Simulator
    private var resolutions: Resolutions

    /// A simulation of the explorer's scenario, started, after `prefix`.
    init(_ explorer: Explorer, prefix: [String]) async {
      self.explorer = explorer
      simulator = Simulator(scenario: explorer.scenario, flow: explorer.flow)
      resolutions = Resolutions(flow: explorer.flow)
      await simulator.start()
      simulator.drawsScreens = false
      for input in prefix { _ = await simulator.handle(input) }
    }

    /// Tries every input from each state of `run`, in order; `number`, the run's place in the walk's order.
    func expand(_ run: [Start], number: Int, claims: Claims) async -> [Expansion] {
      var expansions: [Expansion] = []
      for state in run { expansions.append(await expand(state, run: number, claims: claims)) }
      return expansions
    }

    /// Tries every input from `start`, a state of the run numbered `run`.
    func expand(_ start: Start, run: Int, claims: Claims) async -> Expansion {
      let checkpoint = simulator.adopting(start.checkpoint)
      simulator.restore(checkpoint)
      let before = simulator.state
      let actions = explorer.flow.actions(in: before)
      var expansion = Expansion(deadEnd: actions.isEmpty ? before.screen.id : nil)
      let waiting = explorer.waitingChanges(checkpoint)
      let answers = resolutions.answers(in: before, listed: actions.map(\.id))
      let keepsCheckpoints = start.depth + 1 < explorer.options.depth
      let kept = FlowTable.keptNumbers(before)
      let inputs = explorer.inputs(
        before, actions: actions, backend: checkpoint.backend, acting: checkpoint.actingUser,
        phones: checkpoint.phoneKeys)
      expansion.outcomes.reserveCapacity(inputs.count)
      var fresh = true
      for input in inputs {
        if !fresh { simulator.restore(checkpoint) }
        fresh = false
        let resolved = input.action.map { _ in resolutions.resolve(input.text, in: before, at: answers) }
        let step = await simulator.handle(input.text, recording: false, resolved: resolved)
        let next = simulator.checkpoint()
        let key = simulator.key(next, earlier: start.key)
        let mayBeNew = claims.claim(key, by: run)
        // A state seen before, reached by a step that signs no one out, from a state with no error and no waiting
        // change, has no invariant to check: look at the app's state only otherwise (it is a large value to copy).
        let signsOut = Explorer.signsOut(step, from: before)
        let looks = signsOut || !waiting.isEmpty || before.error != nil
        let after = mayBeNew || looks ? simulator.state : nil
        var always = explorer.ruleViolations(simulator, step, before: before, kept: kept, from: checkpoint, to: next)
        if Explorer.saidSomething(before) {
          always += await explorer.repeatedFeedback(
            simulator, input, before: before, said: after ?? simulator.state, from: checkpoint, to: next)
        }
        var ifNew: [String]?
        var ifSeen: [String] = []
        if let after {
          let afterwards =
            explorer.lostChanges(waiting: waiting, after: next, notes: after.notes)
            + explorer.unfollowedRecovery(before, offered: actions, input, step, after: after)
          if looks {
            ifSeen =
              explorer.violations(simulator, step, state: after, checkpoint: next, newState: false, signsOut: signsOut)
              + afterwards
          }
          if mayBeNew {
            ifNew =
              explorer.violations(simulator, step, state: after, checkpoint: next, newState: true, signsOut: signsOut)
              + afterwards + (await explorer.askedThenRefused(simulator, asked: after, at: next))
          }
        }
        expansion.outcomes.append(
          Outcome(
            input: input.text, key: key, screen: mayBeNew ? after?.screen.id : nil,
            checkpoint: mayBeNew && keepsCheckpoints ? next : nil, always: always, ifNew: ifNew, ifSeen: ifSeen))
      }
      return expansion
    }

    /// The text the step `input` shows from `checkpoint`, drawn (the walk draws no screens).
    func drawn(_ input: String, from checkpoint: Simulator.Checkpoint) async -> String {
      simulator.restore(simulator.adopting(checkpoint))
      simulator.drawsScreens = true
      let step = await simulator.handle(input, recording: false)
      simulator.drawsScreens = false
      return step.text(style: .plain)
    }
  }

  /// Which run of the walk's order reached each state first, as far as the walkers know: a state a run reaches
  /// after an earlier one (or earlier in the same run) is not new.
  final class Claims: Sendable {
    private let first: Mutex<[Simulator.StateKey: Int]>

    init(_ key: Simulator.StateKey) {
      first = Mutex([key: -1])
    }

    /// Whether `key` may be new to the run numbered `run`: no earlier run, and no earlier input of this one,
    /// reached it.
    func claim(_ key: Simulator.StateKey, by run: Int) -> Bool {
      first.withLock { first in
        if let earlier = first[key], earlier <= run { return false }
        first[key] = run
        return true
      }
    }
  }

  /// The runs of states of one depth: the walkers take them in order, each the next one not taken, and the walk
  /// takes their answers back in the same order as they come.
  final class Work: Sendable {
    private struct State {
      var runs: [[Walker.Start]]
      var taken = 0
      var stopped = false
      var answers: [Int: [Walker.Expansion]] = [:]
      var waiting: [Int: CheckedContinuation<[Walker.Expansion], Never>] = [:]
    }
    private let state: Mutex<State>
    /// The walk-order number of the first run.
    let first: Int

    init(_ runs: [[Walker.Start]], first: Int) {
      state = Mutex(State(runs: runs))
      self.first = first
    }

    /// Has each walker, on a thread of its own, try runs until none is left or the walk stops.
    func walk(by walkers: [Walker], claims: Claims) async {
      await withTaskGroup(of: Void.self) { group in
        for walker in walkers {
          group.addTask(executorPreference: globalConcurrentExecutor) {
            while let (number, run) = self.take() {
              self.deliver(number, await walker.expand(run, number: self.first + number, claims: claims))
            }
          }
        }
      }
    }

    /// The answers of the run numbered `number`, once a walker has them.
    func answers(of number: Int) async -> [Walker.Expansion] {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state in
          let ready = state.answers.removeValue(forKey: number)
          if ready == nil { state.waiting[number] = continuation }
          return ready
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }

    /// Takes no more runs: the walk has reached its bound.
    func stop() { state.withLock { $0.stopped = true } }

    /// The next run not taken, if the walk goes on. Its checkpoints go with the walker, which drops them once tried.
    private func take() -> (Int, [Walker.Start])? {
      state.withLock { state in
        guard !state.stopped, state.taken < state.runs.count else { return nil }
        defer { state.taken += 1 }
        let run = state.runs[state.taken]
        state.runs[state.taken] = []
        return (state.taken, run)
      }
    }

    private func deliver(_ number: Int, _ expansions: [Walker.Expansion]) {
      let waiting = state.withLock { state in
        let waiting = state.waiting.removeValue(forKey: number)
        if waiting == nil { state.answers[number] = expansions }
        return waiting
      }
      waiting?.resume(returning: expansions)
    }
  }
}
