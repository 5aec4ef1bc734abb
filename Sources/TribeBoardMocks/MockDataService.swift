import Foundation
import TribeBoardCore

/// The data service over the mock backend. Like a real backend, it checks the acting user's role.
public struct MockDataService: DataService {
  public let backend: MockBackend
  public init(backend: MockBackend) {
    self.backend = backend
  }

  // MARK: Families and members

  public func createFamily(named name: String, creator: UserID) async throws(AppError) -> Family {
    let name = try Validation.familyName(name)
    return try await backend.perform(.dataCreateFamily) { state, _ throws(AppError) in
      _ = try state.account(creator)
      let family = Family(
        id: state.nextID("family", taken: Set(state.world.families.map(\.id))), name: name,
        code: state.uniqueFamilyCode())
      state.world.families.append(family)
      state.world.memberships.append(Membership(userID: creator, familyID: family.id, role: .parentAdmin))
      return family
    }
  }

  public func findFamily(code: String) async throws(AppError) -> FamilyPreview {
    let code = try Validation.familyCode(code)
    return try await backend.perform(.dataFindFamily) { state, _ throws(AppError) in
      guard let family = state.world.families.first(where: { $0.code == code }) else {
        throw AppError(.familyNotFound, "No family has the code \(code). Check it with the family's parent admin.")
      }
      return FamilyPreview(family: family, members: state.members(of: family.id))
    }
  }

  public func joinFamily(_ family: FamilyID, user: UserID, role: Role) async throws(AppError) -> Membership {
    try await backend.perform(.dataJoinFamily) { state, now throws(AppError) in
      let account = try state.account(user)
      _ = try state.family(family)
      if state.membershipIndex(of: user, in: family) != nil {
        throw AppError(.alreadyMember)
      }
      try RoleRules.checkJoin(role, isChildAccount: account.isChild)
      let membership = Membership(
        userID: user, familyID: family, role: role,
        expiresAt: role == .visitor ? now.addingTimeInterval(RoleRules.visitorAccess) : nil)
      state.world.memberships.append(membership)
      return membership
    }
  }

  public func families(for user: UserID) async throws(AppError) -> [Family] {
    try await backend.perform(.dataFamilies) { state, _ in
      let ids = state.world.memberships.filter { $0.userID == user }.map(\.familyID)
      return state.world.families.filter { ids.contains($0.id) }
    }
  }

  public func members(of family: FamilyID) async throws(AppError) -> [Member] {
    try await backend.perform(.dataMembers) { state, _ throws(AppError) in
      _ = try state.family(family)
      return state.members(of: family)
    }
  }

  public func changeRole(of user: UserID, in family: FamilyID, to role: Role, by actor: UserID) async throws(AppError) {
    try await backend.perform(.dataChangeRole) { state, now throws(AppError) in
      try state.require(.manageFamily, of: actor, in: family, at: now)
      guard let index = state.membershipIndex(of: user, in: family) else { throw AppError(.notFound) }
      try RoleRules.checkChange(
        of: state.world.memberships[index], to: role, isChildAccount: try state.account(user).isChild,
        members: state.members(of: family))
      state.world.memberships[index].role = role
      state.world.memberships[index].expiresAt =
        role == .visitor ? now.addingTimeInterval(RoleRules.visitorAccess) : nil
    }
  }

  public func removeMember(_ user: UserID, from family: FamilyID, by actor: UserID) async throws(AppError) {
    try await backend.perform(.dataRemoveMember) { state, now throws(AppError) in
      try state.require(user == actor ? .leaveFamily : .manageFamily, of: actor, in: family, at: now)
      guard let index = state.membershipIndex(of: user, in: family) else { throw AppError(.notFound) }
      try RoleRules.checkRemoval(of: state.world.memberships[index], members: state.members(of: family))
      state.world.memberships.remove(at: index)
      state.forget(user, in: family)
    }
  }

  public func regenerateCode(for family: FamilyID, by actor: UserID) async throws(AppError) -> Family {
    try await backend.perform(.dataRegenerateCode) { state, now throws(AppError) in
      try state.require(.manageFamily, of: actor, in: family, at: now)
      let code = state.uniqueFamilyCode()
      let index = state.world.families.firstIndex { $0.id == family }!
      state.world.families[index].code = code
      return state.world.families[index]
    }
  }

  // MARK: Profile and preferences

  public func profile(of user: UserID) async throws(AppError) -> UserProfile {
    try await backend.perform(.dataProfile) { state, _ throws(AppError) in try state.account(user).profile }
  }

  public func notificationPreferences(of user: UserID) async throws(AppError) -> NotificationPreferences {
    try await backend.perform(.dataNotificationPreferences) { state, _ throws(AppError) in
      try state.account(user).notifications
    }
  }

  public func setNotificationPreferences(_ preferences: NotificationPreferences, for user: UserID)
    async throws(AppError)
  {
    try await backend.perform(.dataSetNotificationPreferences) { state, _ throws(AppError) in
      guard let index = state.world.accounts.firstIndex(where: { $0.profile.id == user }) else {
        throw AppError(.accountNotFound)
      }
      state.world.accounts[index].notifications = preferences
    }
  }

  // MARK: Calendar

  public func events(in family: FamilyID) async throws(AppError) -> [CalendarEvent] {
    try await backend.perform(.dataEvents) { state, _ in
      state.world.events.filter { $0.familyID == family }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }
  }

  public func addEvent(_ event: NewEvent, to family: FamilyID, by actor: UserID) async throws(AppError)
    -> CalendarEvent
  {
    try await backend.perform(.dataAddEvent) { state, now throws(AppError) in
      try state.require(.addEvent, of: actor, in: family, at: now)
      let added = CalendarEvent(
        id: state.nextID("event", taken: Set(state.world.events.map(\.id))), familyID: family, title: event.title,
        start: event.start, place: event.place, participants: event.participants)
      state.world.events.append(added)
      return added
    }
  }

  // MARK: Tasks

  public func tasks(in family: FamilyID) async throws(AppError) -> [FamilyTask] {
    try await backend.perform(.dataTasks) { state, _ in state.world.tasks.filter { $0.familyID == family } }
  }

  public func addTask(_ task: NewTask, to family: FamilyID, by actor: UserID) async throws(AppError) -> FamilyTask {
    try await backend.perform(.dataAddTask) { state, now throws(AppError) in
      try state.require(.addTask, of: actor, in: family, at: now)
      let added = FamilyTask(
        id: state.nextID("task", taken: Set(state.world.tasks.map(\.id))), familyID: family, title: task.title,
        assignee: task.assignee, due: task.due, points: task.points)
      state.world.tasks.append(added)
      return added
    }
  }

  public func setStatus(_ status: FamilyTask.Status, ofTask task: ItemID, by actor: UserID) async throws(AppError) {
    try await backend.perform(.dataSetStatus) { state, now throws(AppError) in
      guard let index = state.world.tasks.firstIndex(where: { $0.id == task }) else { throw AppError(.notFound) }
      let item = state.world.tasks[index]
      let membership = try state.membership(of: actor, in: item.familyID, at: now)
      let needed: Capability = item.assignee == actor ? .completeOwnTask : .completeAnyTask
      guard Permissions.allows(membership.role, needed) else { throw AppError.denied(needed, role: membership.role) }
      state.world.tasks[index].status = status
    }
  }

  public func assign(task: ItemID, to assignee: UserID, by actor: UserID) async throws(AppError) {
    try await backend.perform(.dataAssign) { state, now throws(AppError) in
      guard let index = state.world.tasks.firstIndex(where: { $0.id == task }) else { throw AppError(.notFound) }
      let family = state.world.tasks[index].familyID
      try state.require(.assignTask, of: actor, in: family, at: now)
      guard state.membershipIndex(of: assignee, in: family) != nil else {
        throw AppError(.validationFailed, "Tasks can only be assigned to members of the family.")
      }
      state.world.tasks[index].assignee = assignee
    }
  }

  // MARK: Messaging

  public func messages(in family: FamilyID) async throws(AppError) -> [FamilyMessage] {
    try await backend.perform(.dataMessages) { state, _ in
      state.world.messages.filter { $0.familyID == family }.sorted { ($0.sentAt, $0.id) < ($1.sentAt, $1.id) }
    }
  }

  public func sendMessage(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError)
    -> FamilyMessage
  {
    try await backend.perform(.dataSendMessage) { state, now throws(AppError) in
      try state.require(.sendMessage, of: actor, in: family, at: now)
      let message = FamilyMessage(
        id: state.nextID("message", taken: Set(state.world.messages.map(\.id))), familyID: family, sender: actor,
        sentAt: now, text: text)
      state.world.messages.append(message)
      return message
    }
  }

  public func notices(in family: FamilyID) async throws(AppError) -> [Notice] {
    try await backend.perform(.dataNotices) { state, _ in
      state.world.notices.filter { $0.familyID == family }
        .sorted { ($0.pinned ? 0 : 1, $1.postedAt, $0.id) < ($1.pinned ? 0 : 1, $0.postedAt, $1.id) }
    }
  }

  public func postNotice(_ text: String, to family: FamilyID, by actor: UserID) async throws(AppError) -> Notice {
    try await backend.perform(.dataPostNotice) { state, now throws(AppError) in
      try state.require(.postNotice, of: actor, in: family, at: now)
      let notice = Notice(
        id: state.nextID("notice", taken: Set(state.world.notices.map(\.id))), familyID: family, author: actor,
        postedAt: now, text: text)
      state.world.notices.append(notice)
      return notice
    }
  }

  public func setPinned(_ pinned: Bool, notice: ItemID, by actor: UserID) async throws(AppError) {
    try await backend.perform(.dataSetPinned) { state, now throws(AppError) in
      guard let index = state.world.notices.firstIndex(where: { $0.id == notice }) else { throw AppError(.notFound) }
      try state.require(.pinNotice, of: actor, in: state.world.notices[index].familyID, at: now)
      state.world.notices[index].pinned = pinned
    }
  }

  // MARK: School run

  public func routes(in family: FamilyID) async throws(AppError) -> [SchoolRoute] {
    try await backend.perform(.dataRoutes) { state, _ in state.world.routes.filter { $0.familyID == family } }
  }

  public func pickups(in family: FamilyID) async throws(AppError) -> [Pickup] {
    try await backend.perform(.dataPickups) { state, _ in
      let routes = Set(state.world.routes.filter { $0.familyID == family }.map(\.id))
      return state.world.pickups.filter { routes.contains($0.routeID) }.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
    }
  }

  public func setDriver(_ driver: UserID?, ofPickup pickup: ItemID, by actor: UserID) async throws(AppError) {
    try await backend.perform(.dataSetDriver) { state, now throws(AppError) in
      guard let index = state.world.pickups.firstIndex(where: { $0.id == pickup }),
        let route = state.world.routes.first(where: { $0.id == state.world.pickups[index].routeID })
      else { throw AppError(.notFound) }
      let membership = try state.require(.claimPickup, of: actor, in: route.familyID, at: now)
      let current = state.world.pickups[index].driver
      if let driver, let current, current != driver {
        throw AppError(.pickupTaken, "\(try state.account(current).profile.firstName) is already driving this pickup.")
      }
      if driver == nil, let current, current != actor, membership.role != .parentAdmin {
        throw AppError(.permissionDenied, "Only the driver or a parent admin can release this pickup.")
      }
      state.world.pickups[index].driver = driver
    }
  }
}
