import Foundation
import TribeBoardCore

/// Changes made on the phone, sent now or kept in the phone's ``Outbox`` and sent later, in order.
///
/// A change made offline, or one whose sending fails on the network, is accepted on the phone: shown at once,
/// marked as waiting, and queued (FIFO). The queue is sent on launch, on reconnecting, on a manual "Sync now"
/// and when an automatic retry falls due: after a failure it is retried after 1 s, 2 s and 4 s of simulated
/// time, then waits for a manual retry. Each change has an id the backend applies at most once, so nothing
/// accepted is lost or applied twice, whatever the relaunches and reconnections in between.
extension Flow {
  /// Sends `change` and says `done` once it is in, or keeps it on the phone when it cannot be sent now and says
  /// so. A change never overtakes the changes queued before it.
  static func submit(
    _ change: Change, summary: String, done: String, _ state: inout AppState, _ services: Services
  ) async throws(AppError) {
    switch try await submit(change, summary: summary, &state, services) {
    case .applied, .alreadyApplied: state.notice = done
    case .superseded(let words):
      state.notice = words
      state.noticeIsFailure = true
    case nil: break
    }
  }

  private static func submit(_ change: Change, summary: String, _ state: inout AppState, _ services: Services)
    async throws(AppError) -> ChangeResult?
  {
    guard let user = state.user?.id else { throw AppError(.sessionExpired) }
    var outbox = await services.device.outbox()
    outbox.issued += 1
    let now = services.clock.now()
    let pending = PendingChange(
      id: "\(user)-change-\(outbox.issued)", change: change, author: user, madeAt: now, summary: summary)
    await services.device.setOutbox(outbox)
    var queued = pending
    queued.waited = true
    guard outbox.changes.isEmpty else {
      outbox.changes.append(queued)
      await services.device.setOutbox(outbox)
      let before = outbox.changes.count - 1
      state.notice = "Saved on this phone; it will sync after the \(before) change\(before == 1 ? "" : "s") before it."
      return nil
    }
    do throws(AppError) {
      return try await services.sync.apply(pending)
    } catch  where error.code == .offline {
      outbox.changes.append(queued)
      await services.device.setOutbox(outbox)
      state.notice = "Saved on this phone; it will sync when you are back online."
      return nil
    } catch  where isTransient(error) {
      outbox.changes.append(queued)
      outbox.attempts = 1
      outbox.nextAttemptAt = now.addingTimeInterval(Outbox.backoff[0])
      await services.device.setOutbox(outbox)
      state.notice = "Saved on this phone; sending failed (\(error.message)) and is retried in 1 s."
      state.noticeIsFailure = true
      return nil
    }
  }

  /// Whether sending may work if tried again later.
  static func isTransient(_ error: AppError) -> Bool {
    error.category == .network && error.code != .offline
  }

  /// Sends the queued changes in order, stopping at the first that cannot be sent now. `manual` (a person asked)
  /// starts the retries afresh.
  static func sendQueued(_ state: inout AppState, _ services: Services, manual: Bool = false) async {
    var outbox = await services.device.outbox()
    if manual {
      outbox.attempts = 0
      outbox.failure = nil
    }
    outbox.nextAttemptAt = nil
    while let head = outbox.changes.first {
      do throws(AppError) {
        let result = try await services.sync.apply(head)
        outbox.changes.removeFirst()
        outbox.attempts = 0
        outbox.failure = nil
        switch result {
        case .applied, .alreadyApplied: state.notes.append("Synced: \(head.summary).")
        case .superseded(let words): state.notes.append("Not synced: \(head.summary). \(words)")
        }
      } catch  where error.code == .offline {
        break
      } catch  where isTransient(error) {
        outbox.attempts += 1
        if outbox.attempts <= Outbox.backoff.count {
          let next = services.clock.now().addingTimeInterval(Outbox.backoff[outbox.attempts - 1])
          outbox.nextAttemptAt = next
          state.notes.append(
            "Sending \(head.summary) failed (\(error.message)); next try at \(DateText.precise(next, now: next)).")
        } else {
          outbox.failure = error
          state.notes.append(
            "Sending \(head.summary) failed \(outbox.attempts) times; it waits on this phone until you choose Sync now."
          )
        }
        break
      } catch  where error.code == .sessionExpired {
        break
      } catch {
        // Refused for good (the item is gone, the input no longer valid): say so rather than retry forever.
        outbox.changes.removeFirst()
        outbox.attempts = 0
        state.notes.append("Not synced: \(head.summary). \(error.message)")
      }
    }
    await services.device.setOutbox(outbox)
  }

  /// Sends the queue if an automatic retry is due at the current time; says whether one was.
  public func retryDue(_ state: inout AppState, services: Services) async -> Bool {
    guard let due = await services.device.outbox().nextAttemptAt, due <= services.clock.now() else { return false }
    state.clearFeedback()
    do throws(AppError) {
      try await Self.authorized(&state, services) { state, services in await Self.sendQueued(&state, services) }
    } catch {
      await apply(recovery(for: error, in: state), retrying: nil, to: &state, services)
    }
    await load(&state, services)
    return true
  }

  /// The phone's network came back: sends what waited, then reloads the screen (or opens the family board, if
  /// that is what failed).
  public func reconnected(_ state: inout AppState, services: Services) async {
    if state.screen == .preparing {
      await send(Intent(.restore), to: &state, services: services)
      return
    }
    state.clearFeedback()
    if state.session.auth != nil, !(await services.device.outbox().changes.isEmpty) {
      do throws(AppError) {
        try await Self.authorized(&state, services) { state, services in await Self.sendQueued(&state, services) }
      } catch {
        await apply(recovery(for: error, in: state), retrying: nil, to: &state, services)
      }
    }
    if case .signedIn(let session) = state.session, state.screen == .familySetup, state.error == nil {
      // The server's memberships win: access given or renewed while the phone was offline takes the person in.
      do throws(AppError) {
        try await Self.authorized(&state, services) { state, services throws(AppError) in
          try await Self.enter(with: state.session.auth ?? session, &state, services, signOutOnFailure: false)
          if state.family != nil { await Self.sendQueued(&state, services) }
        }
      } catch {
        await apply(recovery(for: error, in: state), retrying: nil, to: &state, services)
      }
    }
    await load(&state, services)
  }

  /// How many changes wait on the phone, as a sentence's subject: "1 change is", "2 changes are".
  static func waiting(_ count: Int) -> String {
    "\(count.counted("change")) \(count == 1 ? "is" : "are")"
  }

  /// Where syncing stands on this phone, for the dashboard.
  static func syncStatus(of family: FamilyID, _ services: Services) async -> SyncStatus {
    let outbox = await services.device.outbox()
    let pending = outbox.changes.count
    do throws(AppError) {
      let status = try await services.sync.sync(family)
      guard pending > 0 else { return status }
      if let failure = outbox.failure { return .failed(failure, pending: pending) }
      return .syncing(pending: pending, next: outbox.nextAttemptAt)
    } catch  where error.code == .offline {
      return .offline(pending: pending)
    } catch {
      return .failed(error, pending: pending)
    }
  }

  /// "Sync now": sends the queue afresh and syncs again.
  static let syncNow = FlowAction(
    .syncNow, "Sync now", phrases: ["sync now", "sync"],
    when: Condition("sync failed or changes are waiting") { state in
      switch state.content.sync {
      case .failed, .syncing: true
      case .idle, .upToDate, .offline: false
      }
    }, targets: [.dashboard]
  ) { state, _, services in
    await sendQueued(&state, services, manual: true)
  }
}

extension Content {
  /// Shows the changes waiting on the phone as if they were made, marking what they touch as waiting.
  mutating func overlay(_ pending: [PendingChange]) {
    waiting = []
    for change in pending {
      switch change.change {
      case .sendMessage(let text, let family):
        messages.append(
          FamilyMessage(id: change.id, familyID: family, sender: change.author, sentAt: change.madeAt, text: text))
        waiting.insert(change.id)
      case .postNotice(let text, let family):
        notices.append(
          Notice(id: change.id, familyID: family, author: change.author, postedAt: change.madeAt, text: text))
        waiting.insert(change.id)
      case .setTaskStatus(let status, let task):
        guard let index = tasks.firstIndex(where: { $0.id == task }) else { continue }
        tasks[index].status = status
        waiting.insert(task)
      case .assignTask(let task, let assignee):
        guard let index = tasks.firstIndex(where: { $0.id == task }) else { continue }
        tasks[index].assignee = assignee
        waiting.insert(task)
      case .setPinned(let pinned, let notice):
        guard let index = notices.firstIndex(where: { $0.id == notice }) else { continue }
        notices[index].pinned = pinned
        waiting.insert(notice)
      case .setDriver(let driver, let pickup):
        guard let index = pickups.firstIndex(where: { $0.id == pickup }) else { continue }
        pickups[index].driver = driver
        waiting.insert(pickup)
      }
    }
  }
}
