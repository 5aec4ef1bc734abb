import Foundation
import TribeBoardCore

/// The data services (families, profiles, calendar, tasks, messaging, school run) over the mock backend, as the
/// `data` service of faults and latency. Like a real backend, it checks the caller's access token and the acting
/// user's role.
public struct MockDataService: FamilyService, ProfileService, CalendarService, TaskService, MessagingService,
  SchoolRunService
{
  /// The backend, as the calling phone reaches it.
  let backend: MockConnection

  public init(backend: MockBackend, device: MockDevice? = nil) {
    self.backend = MockConnection(backend, device: device)
  }

  // MARK: Families and members

  public func createFamily(named name: String, creator: UserID) async throws(AppError) -> Family {
    try backend.perform(.dataCreateFamily, as: creator) { state, now throws(AppError) in
      let name = try Validation.familyName(name)
      try RoleRules.checkCreate(isChildAccount: try state.account(creator).isChild)
      // Whoever creates a family is active in it: not while active in another.
      try RoleRules.checkOneFamily(joining: "", activeIn: state.activeFamily(of: creator, otherThan: "", at: now)?.id)
      let made = Family(
        id: state.nextID("family", isTaken: state.store.hasFamily), name: name, code: state.uniqueFamilyCode())
      state.store.add(made)
      state.store.add(Membership(userID: creator, familyID: made.id, role: .parentAdmin))
      return made
    }
  }

  public func findFamily(code: String) async throws(AppError) -> FamilyPreview {
    let caller = backend.caller
    return try backend.perform(.dataFindFamily) { state, now throws(AppError) in
      let code = try Validation.familyCode(code)
      let family = try state.family(withCode: code, lookedUpBy: caller, at: now)
      return FamilyPreview(family: family, members: state.members(of: family.id))
    }
  }

  public func joinFamily(code: String, user: UserID, role: Role) async throws(AppError) -> Membership {
    let caller = backend.caller
    return try backend.perform(.dataJoinFamily, as: user) { state, now throws(AppError) in
      let account = try state.account(user)
      let code = try Validation.familyCode(code)
      let family = try state.family(withCode: code, lookedUpBy: caller, at: now).id
      let existing = state.existingMembership(of: user, in: family)
      // An expired (visitor) membership no longer counts: joining again with the code replaces it.
      if let existing, existing.isActive(at: now) {
        throw AppError(.alreadyMember)
      }
      try RoleRules.checkOneFamily(
        joining: family, activeIn: state.activeFamily(of: user, otherThan: family, at: now)?.id)
      try RoleRules.checkJoin(role, isChildAccount: account.isChild)
      let membership = Membership(
        userID: user, familyID: family, role: role,
        expiresAt: role == .visitor ? now.addingTimeInterval(RoleRules.visitorAccess) : nil,
        // A new member starts with the family's history read: only what arrives from now on is new to them.
        lastRead: state.store.messages.positions(of: family).last.map { state.store.messages[$0].id })
      if existing != nil {
        _ = state.store.update(membershipOf: user, in: family) { $0 = membership }
      } else {
        state.store.add(membership)
      }
      return membership
    }
  }

  public func families(for user: UserID) async throws(AppError) -> [Family] {
    try backend.read(.dataFamilies, as: user) { state, _ in state.store.families(of: user) }
  }

  public func members(of family: FamilyID) async throws(AppError) -> [Member] {
    let caller = backend.caller
    return try backend.read(.dataMembers) { state, _ throws(AppError) in
      // Any member sees the others, a visitor whose access ended too (the app shows why it ended).
      if let caller, state.existingMembership(of: caller, in: family) == nil { throw MockState.notMember }
      _ = try state.family(family)
      return state.members(of: family)
    }
  }

  public func changeRole(of user: UserID, in family: FamilyID, to role: Role, by actor: UserID) async throws(AppError) {
    try backend.perform(.dataChangeRole, as: actor) { state, now throws(AppError) in
      try state.require(.manageFamily, of: actor, in: family, at: now)
      guard let membership = state.existingMembership(of: user, in: family) else { throw AppError(.notFound) }
      let active = membership.isActive(at: now)
      // The same role again changes nothing: a visitor's access keeps its end.
      if active && membership.role == role { return }
      let name = try state.account(user).profile.firstName
      if !active, state.activeFamily(of: user, otherThan: family, at: now) != nil {
        // Reviving the ended membership would put the person in two families at once.
        throw AppError(
          .roleConflict,
          "\(name)'s access here has ended and \(name) is now in another family: a person is in one family at a time. \(name) can join again with the family's code after leaving it.",
          recovery: [.back])
      }
      try RoleRules.checkChange(
        of: membership, to: role, isChildAccount: try state.account(user).isChild, members: state.members(of: family))
      _ = state.store.update(membershipOf: user, in: family) { membership in
        membership.role = role
        membership.expiresAt = role == .visitor ? now.addingTimeInterval(RoleRules.visitorAccess) : nil
      }
      // A role that can't take tasks gives up its open ones; done ones stay theirs (and their points).
      if !RoleRules.taskRoles.contains(role) {
        for position in state.store.tasks.positions(of: family)
        where state.store.tasks[position].assignee == user && state.store.tasks[position].status == .open {
          state.store.tasks[position].assignee = nil
        }
      }
      // A role that can't drive gives up the pickups it was driving.
      if !RoleRules.driverRoles.contains(role) {
        for route in state.store.routes.items(of: family) {
          for position in state.store.pickups.positions(of: route.id)
          where state.store.pickups[position].driver == user {
            state.store.pickups[position].driver = nil
          }
        }
      }
    }
  }

  public func removeMember(_ user: UserID, from family: FamilyID, by actor: UserID) async throws(AppError) {
    try backend.perform(.dataRemoveMember, as: actor) { state, now throws(AppError) in
      try state.require(user == actor ? .leaveFamily : .manageFamily, of: actor, in: family, at: now)
      guard let membership = state.existingMembership(of: user, in: family) else { throw AppError(.notFound) }
      try RoleRules.checkRemoval(of: membership, members: state.members(of: family))
      _ = state.store.remove(membershipOf: user, in: family)
      state.forget(user, in: family)
    }
  }

  public func regenerateCode(for family: FamilyID, by actor: UserID) async throws(AppError) -> Family {
    try backend.perform(.dataRegenerateCode, as: actor) { state, now throws(AppError) in
      try state.require(.manageFamily, of: actor, in: family, at: now)
      let code = state.uniqueFamilyCode()
      guard let changed = state.store.setCode(code, of: family) else { throw AppError(.familyNotFound) }
      return changed
    }
  }

  // MARK: Profile and preferences

  public func profile(of user: UserID) async throws(AppError) -> UserProfile {
    let caller = backend.caller
    return try backend.read(.dataProfile) { state, _ throws(AppError) in
      if let caller, !state.shareAFamily(caller, user) {
        throw AppError(.permissionDenied, "You can only see the profiles of your own family.", recovery: [.back])
      }
      return try state.account(user).profile
    }
  }

  public func notificationPreferences(of user: UserID) async throws(AppError) -> NotificationPreferences {
    try backend.read(.dataNotificationPreferences, as: user) { state, _ throws(AppError) in
      try state.account(user).notifications
    }
  }

  public func setNotificationPreferences(_ preferences: NotificationPreferences, for user: UserID)
    async throws(AppError)
  {
    try backend.perform(.dataSetNotificationPreferences, as: user) { state, now throws(AppError) in
      // As the settings screen offers them: to a member of a family whose role may change them (not a visitor).
      guard let family = state.activeFamily(of: user, otherThan: "", at: now) else { throw MockState.notMember }
      _ = try state.require(.editNotifications, of: user, in: family.id, at: now)
      guard state.store.setNotifications(preferences, of: user) else { throw AppError(.accountNotFound) }
    }
  }

  // MARK: Calendar

  public func events(in family: FamilyID) async throws(AppError) -> [CalendarEvent] {
    let caller = backend.caller
    return try backend.read(.dataEvents) { state, now throws(AppError) in
      try state.reader(caller, of: family, .viewCalendar, at: now)
      return state.store.events.items(of: family).sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }
  }

  public func addEvent(_ event: NewEvent, to family: FamilyID, by actor: UserID) async throws(AppError)
    -> CalendarEvent
  {
    try backend.perform(.dataAddEvent, as: actor) { state, sent, now throws(AppError) in
      try state.require(.addEvent, of: actor, in: family, at: now)
      // The form's rules, from the same definitions.
      let title = try Validation.text(event.title, .title)
      let place = try event.place.map { place throws(AppError) in try Validation.text(place, .place) }
      let start = try Validation.notInPast(
        event.start, now: sent, field: "the time", nowText: Validation.timestamp(sent))
      let participants = try Validation.participants(event.participants)
      for participant in participants {
        let membership = state.existingMembership(of: participant, in: family)
        guard let membership, membership.isActive(at: now) else {
          let name = (try? state.account(participant).profile.firstName) ?? participant
          throw RoleRules.notAParticipant(name, endedAt: membership?.expiresAt)
        }
      }
      let added = CalendarEvent(
        id: state.nextID("event", isTaken: state.store.events.contains), familyID: family, title: title,
        start: start, place: place, participants: participants)
      state.store.events.append(added)
      return added
    }
  }

  // MARK: Tasks

  /// The family's tasks the caller's role may see: everyone's, or only their own (a child's).
  public func tasks(in family: FamilyID) async throws(AppError) -> [FamilyTask] {
    let caller = backend.caller
    return try backend.read(.dataTasks) { state, now throws(AppError) in
      let membership = try state.reader(caller, of: family, .viewAllTasks, .viewOwnTasks, at: now)
      let tasks = state.store.tasks.items(of: family)
      guard let membership, !Permissions.allows(membership.role, .viewAllTasks) else { return tasks }
      return tasks.filter { $0.assignee == membership.userID }
    }
  }

  public func addTask(_ task: NewTask, to family: FamilyID, by actor: UserID) async throws(AppError) -> FamilyTask {
    try backend.perform(.dataAddTask, as: actor) { state, sent, now throws(AppError) in
      try state.require(.addTask, of: actor, in: family, at: now)
      // The form's rules, from the same definitions.
      let title = try Validation.text(task.title, .title)
      let due = try task.due.map { due throws(AppError) in
        try Validation.notInPast(due, now: sent, field: "the due date", nowText: Validation.timestamp(sent))
      }
      if let assignee = task.assignee { try state.checkAssignee(assignee, in: family) }
      _ = try Validation.points(task.points)
      let added = FamilyTask(
        id: state.nextID("task", isTaken: state.store.tasks.contains), familyID: family, title: title,
        assignee: task.assignee, due: due, points: task.points)
      state.store.tasks.append(added)
      return added
    }
  }

  public func setStatus(_ status: FamilyTask.Status, ofTask task: ItemID, by actor: UserID) async throws(AppError) {
    try backend.perform(.dataSetStatus, as: actor) { state, now throws(AppError) in
      try state.setStatus(status, ofTask: task, by: actor, changedAt: now, now: now)
    }
  }

  public func assign(task: ItemID, to assignee: UserID, by actor: UserID) async throws(AppError) {
    try backend.perform(.dataAssign, as: actor) { state, now throws(AppError) in
      try state.assign(task: task, to: assignee, by: actor, changedAt: now, now: now)
    }
  }

  // MARK: Messaging

  public func messages(in family: FamilyID) async throws(AppError) -> [FamilyMessage] {
    let caller = backend.caller
    return try backend.read(.dataMessages) { state, now throws(AppError) in
      try state.reader(caller, of: family, .viewMessages, at: now)
      // By the time they were written; messages written in the same second keep the order they arrived in.
      return state.store.messages.items(of: family).enumerated()
        .sorted { ($0.element.sentAt, $0.offset) < ($1.element.sentAt, $1.offset) }.map(\.element)
    }
  }

  public func sendMessage(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError)
    -> FamilyMessage
  {
    try backend.perform(.dataSendMessage, as: actor) { state, now throws(AppError) in
      try state.sendMessage(text, to: family, by: actor, writtenAt: now, now: now)
    }
  }

  public func notices(in family: FamilyID) async throws(AppError) -> [Notice] {
    let caller = backend.caller
    return try backend.read(.dataNotices) { state, now throws(AppError) in
      try state.reader(caller, of: family, .viewMessages, at: now)
      return state.store.notices.items(of: family)
        .sorted { ($0.pinned ? 0 : 1, $1.postedAt, $0.id) < ($1.pinned ? 0 : 1, $0.postedAt, $1.id) }
    }
  }

  public func postNotice(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError) -> Notice {
    try backend.perform(.dataPostNotice, as: actor) { state, now throws(AppError) in
      try state.postNotice(text, to: family, by: actor, writtenAt: now, now: now)
    }
  }

  public func setPinned(_ pinned: Bool, notice: ItemID, by actor: UserID) async throws(AppError) {
    try backend.perform(.dataSetPinned, as: actor) { state, now throws(AppError) in
      try state.setPinned(pinned, notice: notice, by: actor, now: now)
    }
  }

  public func unreadMessages(in family: FamilyID, for user: UserID) async throws(AppError) -> [ItemID] {
    try backend.read(.dataUnreadMessages, as: user) { state, _ throws(AppError) in
      // Any member's own count, a visitor whose access ended too (as the members are).
      guard let unread = state.unreadMessages(of: user, in: family) else { throw MockState.notMember }
      _ = try state.family(family)
      return unread
    }
  }

  public func markRead(in family: FamilyID, through message: ItemID, by actor: UserID) async throws(AppError) {
    try backend.perform(.dataMarkRead, as: actor) { state, now throws(AppError) in
      try state.require(.viewMessages, of: actor, in: family, at: now)
      guard let position = state.store.messages.position(of: message),
        state.store.messages[position].familyID == family
      else { throw AppError(.notFound) }
      let marker = state.existingMembership(of: actor, in: family)?.lastRead.flatMap(state.store.messages.position(of:))
      guard position > marker ?? -1 else { return }
      _ = state.store.update(membershipOf: actor, in: family) { $0.lastRead = message }
    }
  }

  // MARK: School run

  public func routes(in family: FamilyID) async throws(AppError) -> [SchoolRoute] {
    let caller = backend.caller
    return try backend.read(.dataRoutes) { state, now throws(AppError) in
      try state.reader(caller, of: family, .viewSchoolRun, at: now)
      return state.store.routes.items(of: family)
    }
  }

  public func pickups(in family: FamilyID) async throws(AppError) -> [Pickup] {
    let caller = backend.caller
    return try backend.read(.dataPickups) { state, now throws(AppError) in
      try state.reader(caller, of: family, .viewSchoolRun, at: now)
      // The family's pickups in the order added (routes can share an id only in a hand-built world), then by time.
      let routes = Set(state.store.routes.items(of: family).map(\.id))
      let positions = routes.flatMap { state.store.pickups.positions(of: $0) }.sorted()
      return positions.map { state.store.pickups[$0] }.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
    }
  }

  public func setDriver(_ driver: UserID?, ofPickup pickup: ItemID, by actor: UserID) async throws(AppError) {
    try backend.perform(.dataSetDriver, as: actor) { state, now throws(AppError) in
      try state.setDriver(driver, ofPickup: pickup, by: actor, now: now)
    }
  }
}

extension Change {
  /// The operation a change is sent as, so faults on `data.sendMessage` also hit a queued message.
  var operation: MockOperation {
    switch self {
    case .sendMessage: .dataSendMessage
    case .postNotice: .dataPostNotice
    case .setTaskStatus: .dataSetStatus
    case .assignTask: .dataAssign
    case .setPinned: .dataSetPinned
    case .setDriver: .dataSetDriver
    }
  }
}

extension MockState {
  /// A task may go only to a member of its family whose role can take tasks.
  func checkAssignee(_ assignee: UserID, in family: FamilyID) throws(AppError) {
    guard let membership = existingMembership(of: assignee, in: family) else {
      throw AppError(.validationFailed, "Tasks can only be assigned to members of the family.")
    }
    try RoleRules.checkAssignee(membership.role, name: try account(assignee).profile.firstName)
  }

  /// A pickup's driver is an active member of its family whose role can drive, as a loaded world's are.
  func checkDriver(_ driver: UserID, in family: FamilyID, at now: Date) throws(AppError) {
    guard let membership = existingMembership(of: driver, in: family), membership.isActive(at: now) else {
      throw AppError(.validationFailed, "A pickup's driver is a member of the family.", recovery: [.edit])
    }
    try RoleRules.checkDriver(membership.role, name: try account(driver).profile.firstName)
  }
}
