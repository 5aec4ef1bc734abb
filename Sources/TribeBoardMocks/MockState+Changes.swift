import Foundation
import TribeBoardCore

/// The changes a phone can make offline, as the backend applies them: once each, with the conflict rules.
extension MockState {
  mutating func sendMessage(_ text: String, to family: FamilyID, by actor: UserID, writtenAt: Date, now: Date)
    throws(AppError) -> FamilyMessage
  {
    try require(.sendMessage, of: actor, in: family, at: now)
    let text = try Validation.text(text, .message)
    let message = FamilyMessage(
      id: nextID("message", isTaken: store.messages.contains), familyID: family, sender: actor,
      sentAt: writtenAt, text: text)
    store.messages.append(message)
    return message
  }

  mutating func postNotice(_ text: String, to family: FamilyID, by actor: UserID, writtenAt: Date, now: Date)
    throws(AppError) -> Notice
  {
    try require(.postNotice, of: actor, in: family, at: now)
    let text = try Validation.text(text, .notice)
    let notice = Notice(
      id: nextID("notice", isTaken: store.notices.contains), familyID: family, author: actor,
      postedAt: writtenAt, text: text)
    store.notices.append(notice)
    return notice
  }

  mutating func setStatus(
    _ status: FamilyTask.Status, ofTask task: ItemID, by actor: UserID, changedAt: Date, now: Date
  )
    throws(AppError)
  {
    guard let index = store.tasks.position(of: task) else { throw AppError(.notFound) }
    let item = store.tasks[index]
    let membership = try membership(ofActor: actor, inFamilyOfItem: item.familyID, at: now)
    let needed: Capability = item.assignee == actor ? .completeOwnTask : .completeAnyTask
    guard Permissions.allows(membership.role, needed) else {
      if let reassigned = reassigned(item, from: actor, role: membership.role) { throw reassigned }
      throw AppError.denied(needed, role: membership.role)
    }
    store.tasks[index].status = status
    store.tasks[index].updatedAt = changedAt
    store.tasks[index].updatedBy = actor
  }

  /// The refusal of `actor`'s change to `item`, a task given to someone else since, when their role may change only
  /// their own tasks: it says whose the task is now, not that their role changed (it did not).
  func reassigned(_ item: FamilyTask, from actor: UserID, role: Role) -> AppError? {
    guard item.assignee != actor, Permissions.allows(role, .completeOwnTask),
      !Permissions.allows(role, .completeAnyTask)
    else { return nil }
    let name = item.assignee.map { (try? account($0).profile.firstName) ?? $0 }
    return AppError(
      .permissionDenied,
      name.map { "“\(item.title)” is now \($0)'s; only \($0), an adult or a parent admin can mark it." }
        ?? "“\(item.title)” is no longer yours; only an adult or a parent admin can mark it.")
  }

  mutating func assign(task: ItemID, to assignee: UserID, by actor: UserID, changedAt: Date, now: Date)
    throws(AppError)
  {
    guard let index = store.tasks.position(of: task) else { throw AppError(.notFound) }
    let family = store.tasks[index].familyID
    try require(.assignTask, of: actor, onItemOf: family, at: now)
    try checkAssignee(assignee, in: family)
    store.tasks[index].assignee = assignee
    store.tasks[index].updatedAt = changedAt
    store.tasks[index].updatedBy = actor
  }

  mutating func setPinned(_ pinned: Bool, notice: ItemID, by actor: UserID, now: Date) throws(AppError) {
    guard let index = store.notices.position(of: notice) else { throw AppError(.notFound) }
    try require(.pinNotice, of: actor, onItemOf: store.notices[index].familyID, at: now)
    store.notices[index].pinned = pinned
  }

  mutating func setDriver(_ driver: UserID?, ofPickup pickup: ItemID, by actor: UserID, now: Date) throws(AppError) {
    guard let index = store.pickups.position(of: pickup),
      let route = store.routes[id: store.pickups[index].routeID]
    else { throw AppError(.notFound) }
    let membership = try require(.claimPickup, of: actor, onItemOf: route.familyID, at: now)
    let current = store.pickups[index].driver
    if let driver, let current, current != driver {
      throw AppError(.pickupTaken, "\(try account(current).profile.firstName) is already driving this pickup.")
    }
    if driver == nil, let current, current != actor, membership.role != .parentAdmin {
      throw AppError(.permissionDenied, "Only the driver or a parent admin can release this pickup.")
    }
    if let driver, current != driver {
      let family = route.familyID
      try checkDriver(driver, in: family, at: now)
      let driven = store.routes.items(of: family).flatMap { store.pickups.items(of: $0.id) }
      if let clash = RoleRules.clash(
        at: store.pickups[index].at, for: driver, among: driven, except: pickup)
      {
        let other = store.routes[id: clash.routeID]?.name ?? "another route"
        throw AppError(
          .roleConflict,
          "\(try account(driver).profile.firstName) is already driving the \(other) pickup at that time; release it first.",
          recovery: [.back])
      }
    }
    store.pickups[index].driver = driver
  }

  /// Applies a change a phone made, once per id. Conflicts: messages and notices merge, placed by the time they
  /// were written; for a task, a later change by someone else wins over this one; a pickup someone else claimed
  /// stays theirs; a change the person's role no longer allows is not applied (the server's roles win).
  ///
  /// A change is its author and id together: another account's change under the same id is another change. The
  /// same change sent again (a resend after a lost answer) answers as it did the first time, `alreadyApplied` when
  /// it is in the world; another change under an id its author already used is refused, never taken for the first.
  mutating func apply(_ pending: PendingChange, now: Date) throws(AppError) -> ChangeResult {
    if let stored = appliedChanges[pending.identity] {
      guard stored.change == pending.change, stored.madeAt == pending.madeAt else {
        throw AppError(
          .validationFailed,
          "Another change was already sent as \(pending.id): each change of yours needs an id of its own. This one was not applied.",
          recovery: [.back])
      }
      return stored.result == .applied ? .alreadyApplied : stored.result
    }
    let result = try settle(pending, now: now)
    appliedChanges[pending.identity] = AppliedChange(change: pending.change, madeAt: pending.madeAt, result: result)
    return result
  }

  private mutating func settle(_ pending: PendingChange, now: Date) throws(AppError) -> ChangeResult {
    guard pending.waited else {
      try run(pending, now: now)
      return .applied
    }
    switch pending.change {
    case .setTaskStatus(_, let task), .assignTask(let task, _):
      if let newer = newerChange(toTask: task, than: pending) { return newer }
      if case .setTaskStatus = pending.change, let item = store.tasks[id: task],
        let membership = try? membership(of: pending.author, in: item.familyID, at: now),
        let reassigned = reassigned(item, from: pending.author, role: membership.role)
      {
        return .superseded("\(reassigned.message) Your change was not applied.")
      }
    case .sendMessage, .postNotice, .setPinned, .setDriver:
      break
    }
    do throws(AppError) {
      try run(pending, now: now)
      return .applied
    } catch  where error.code == .pickupTaken {
      return .superseded("\(error.message) Their claim was kept.")
    } catch  where error.code == .permissionDenied || error.code == .accessExpired {
      return .superseded("Your role no longer allows this (\(error.message)); it was not applied.")
    }
  }

  private mutating func run(_ pending: PendingChange, now: Date) throws(AppError) {
    let actor = pending.author
    switch pending.change {
    case .sendMessage(let text, let family):
      _ = try sendMessage(text, to: family, by: actor, writtenAt: pending.madeAt, now: now)
    case .postNotice(let text, let family):
      _ = try postNotice(text, to: family, by: actor, writtenAt: pending.madeAt, now: now)
    case .setTaskStatus(let status, let task):
      try setStatus(status, ofTask: task, by: actor, changedAt: pending.madeAt, now: now)
    case .assignTask(let task, let assignee):
      try assign(task: task, to: assignee, by: actor, changedAt: pending.madeAt, now: now)
    case .setPinned(let pinned, let notice):
      try setPinned(pinned, notice: notice, by: actor, now: now)
    case .setDriver(let driver, let pickup):
      try setDriver(driver, ofPickup: pickup, by: actor, now: now)
    }
  }

  /// The words for a task someone else changed after `pending` was made; `nil` when `pending` is the latest.
  private func newerChange(toTask task: ItemID, than pending: PendingChange) -> ChangeResult? {
    guard let item = store.tasks[id: task], let updatedAt = item.updatedAt,
      updatedAt > pending.madeAt, let by = item.updatedBy, by != pending.author
    else { return nil }
    let name = (try? account(by).profile.firstName) ?? by
    return .superseded("\(name) changed “\(item.title)” while you were offline; their version was kept.")
  }
}
