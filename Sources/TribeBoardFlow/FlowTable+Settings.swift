import Foundation
import TribeBoardCore

extension FlowTable {
  static let settingsScreens: [ScreenSpec] = [
    ScreenSpec(
      .settings, requires: .viewProfile, title: "Settings",
      body: { state in [.paragraph("Your profile, notifications and family.")] },
      actions: [
        .open(.openProfile, "Profile", phrases: ["profile"], to: .profile),
        .open(
          .openNotifications, "Notifications", phrases: ["notifications"], to: .notifications),
        .open(
          .openFamilyManagement, "Family management", phrases: ["family management", "family", "manage"],
          to: .familyManagement()),
        FlowAction(
          .leaveFamily, "Leave the family", phrases: ["leave family", "leave"], requires: .leaveFamily,
          targets: [.confirm, .familySetup],
          confirm: { state, services throws(AppError) in
            // The phone knows the family's members: the last parent admin is told why not before being asked.
            if let membership = state.membership, !state.content.members.isEmpty {
              try RoleRules.checkRemoval(of: membership, members: state.content.members)
            }
            let name = state.family?.name ?? "the family"
            var question = "Leave \(name)? You will need the family code to join again."
            // What waits on the phone is sent before leaving, or the person stays (below): said before they say yes.
            let waiting = await services.device.outbox().changes.count
            if waiting > 0 {
              question +=
                " \(Flow.waiting(waiting)) still waiting to sync with \(name): "
                + (waiting == 1
                  ? "it is sent before you leave; if it can't be sent, you stay in the family."
                  : "they are sent before you leave; if they can't all be sent, you stay in the family.")
            }
            return question
          },
          sheetLabel: { state in "Leave \(state.family?.name ?? "the family")" }
        ) {
          state, _, services throws(AppError) in
          let (family, user) = try requireFamily(state)
          let name = state.family?.name ?? "the family"
          // What waits on the phone belongs to this family: it is sent before leaving, or the person stays.
          if !(await services.device.outbox().changes.isEmpty) { await Flow.sendQueued(&state, services) }
          let waiting = await services.device.outbox().changes.count
          if waiting > 0 {
            throw AppError(
              .syncFailed,
              "\(Flow.waiting(waiting)) still waiting to sync with \(name); leaving now would lose \(waiting == 1 ? "it" : "them"). Try again once \(waiting == 1 ? "it is" : "they are") sent (Sync now, on the dashboard).",
              recovery: [.retry, .back])
          }
          try await services.families.removeMember(user, from: family, by: user)
          state.leaveFamily()
          state.screen = .familySetup
          state.notice = "You left \(name)."
        },
        signOutOfFamily,
        .home,
      ]),
    ScreenSpec(
      .profile, requires: .viewProfile, title: "Profile",
      load: { state, services throws(AppError) in
        // The stored profile may have changed since sign-in.
        state.content.profile = try await services.profile.profile(of: try requireFamily(state).user)
      },
      body: { state in
        guard let user = state.content.profile else { return [] }
        let initials = user.name.split(separator: " ").compactMap(\.first).prefix(2).map(String.init).joined()
        var blocks: [Block] = [
          .field("Name", user.name),
          .field("Email", user.email),
          .field("Avatar", "[\(initials)] placeholder"),
          .field("Role", state.role?.displayName ?? "—"),
          .field("Family", state.family?.name ?? "—"),
        ]
        if let expiresAt = state.membership?.expiresAt {
          blocks.append(.field("Access until", DateText.full(expiresAt, now: state.now)))
        }
        return blocks
      },
      actions: [.back(to: .settings, label: "Back to settings"), .home]),
    ScreenSpec(
      .notifications, requires: .editNotifications, title: "Notifications",
      load: { state, services throws(AppError) in
        state.content.preferences = try await services.profile.notificationPreferences(
          of: try requireFamily(state).user)
      },
      body: { state in
        NotificationPreferences.Kind.allCases.map { kind in
          let isOn = state.content.preferences[kind]
          return .item(
            Item(
              text: "\(kind.label): \(isOn ? "on" : "off")", kind: .setting(SettingFacts(label: kind.label, isOn: isOn))
            ))
        }
      },
      actions: [
        FlowAction(
          .toggle, "Turn a notification on or off", phrases: ["toggle", "turn"],
          argument: .notification,
          requires: .editNotifications, targets: [.notifications]
        ) { state, argument, services throws(AppError) in
          let kind = try argument.notification()
          var preferences = state.content.preferences
          preferences[kind].toggle()
          try await services.profile.setNotificationPreferences(preferences, for: try requireFamily(state).user)
          state.notice = "\(kind.label) notifications \(preferences[kind] ? "on" : "off")."
        },
        .back(to: .settings, label: "Back to settings"),
      ]),
    ScreenSpec(
      .familyManagement, requires: .manageFamily, title: "Family management",
      body: { state in
        [
          .field("Family", state.family?.name ?? "—"), .field("Family code", state.family?.code ?? "—"),
          .section("Members"),
        ]
          + numberedMembers(state).map { number, member in
            .item(memberItem(member, number: number, text: memberLine(member, state.now), state))
          }
      },
      actions: [
        FlowAction(
          .openItem, "Open a member", phrases: ["open", "o"], argument: .item(noun: "member"), requires: .manageFamily,
          targets: [.memberDetail], onItem: ItemOffer("Open")
        ) {
          state, argument, _ throws(AppError) in
          state.screen = .memberDetail(
            try item(argument, numbered: numberedMembers(state), noun: "member").id)
        },
        FlowAction(
          .regenerateCode, "New family code", phrases: ["regenerate code", "new code"], requires: .manageFamily,
          targets: [.confirm, .familyManagement],
          confirm: { state, _ in
            "Make a new family code? The code \(state.family?.code ?? "in use") will stop working."
          },
          sheetLabel: { _ in "Make a new code" }
        ) {
          state, _, services throws(AppError) in
          let (family, user) = try requireFamily(state)
          let old = state.family?.code ?? ""
          state.replaceFamily(try await services.families.regenerateCode(for: family, by: user))
          state.notice = "The family code is now \(state.family?.code ?? ""); \(old) no longer works."
        },
        .back(to: .settings, label: "Back to settings"),
        .home,
      ]),
    ScreenSpec(
      .memberDetail, requires: .manageFamily,
      title: { state in detailMember(state)?.profile.name ?? "Member" },
      body: { state in
        guard let member = detailMember(state) else { return [.empty("This person is no longer in the family.")] }
        // The role is the value "Change the role" sets, as a picker row shows it: the REPL says it as a field.
        var blocks: [Block] = [
          .field("Email", member.profile.email),
          .input(
            FormField(
              .changeRole, "Role", value: member.role.displayName, typed: member.role.displayName.lowercased(),
              input: .role(RoleRules.givable(isChildAccount: member.profile.isChildAccount)))),
        ]
        if let expiresAt = member.membership.expiresAt {
          blocks.append(
            .field(
              member.membership.isActive(at: state.now) ? "Access until" : "Access ended",
              DateText.full(expiresAt, now: state.now)))
        }
        return blocks
      },
      actions: [
        changeRole(childAccount: false),
        changeRole(childAccount: true),
        FlowAction(
          .remove, "Remove from the family", phrases: ["remove"], requires: .manageFamily,
          when: Condition("the member is in the family") { detailMember($0) != nil },
          targets: [.confirm, .familyManagement],
          confirm: { state, _ throws(AppError) in
            if let member = detailMember(state) {
              try checkRemoval(of: member, state)
            }
            return
              "Remove \(detailMember(state)?.profile.name ?? "this member") from \(state.family?.name ?? "the family")?"
          },
          sheetLabel: { state in "Remove \(detailMember(state)?.profile.name ?? "this member")" }
        ) {
          state, _, services throws(AppError) in
          guard let member = detailMember(state) else { throw AppError(.notFound) }
          let (family, user) = try requireFamily(state)
          try checkRemoval(of: member, state)
          try await services.families.removeMember(member.id, from: family, by: user)
          state.screen = .familyManagement()
          state.notice = "\(member.profile.name) was removed from the family."
        },
        .back(to: .familyManagement(), label: "Back to family management"),
      ]),
  ]

  /// The family's members with their numbers: in the family's order on arrival, then kept while the person stays on
  /// family management.
  static func numberedMembers(_ state: AppState) -> [(number: Int, item: Member)] {
    guard case .familyManagement(let shown) = state.screen else { return numbered(state.content.members, shown: []) }
    return numbered(state.content.members, shown: shown)
  }

  private static func memberLine(_ member: Member, _ now: Date) -> String {
    "\(member.profile.name) · \(member.role.displayName)\(ended(member, now))"
  }

  /// ` · access ended Fri 6 Mar 18:00` for a member whose access ended by `now`; nothing for an active one.
  static func ended(_ member: Member, _ now: Date) -> String {
    guard let expiresAt = member.membership.expiresAt, !member.membership.isActive(at: now) else { return "" }
    return " · access ended \(DateText.full(expiresAt, now: now))"
  }

  /// What the phone knows will refuse a removal: removing yourself, or the family's last parent admin.
  private static func checkRemoval(of member: Member, _ state: AppState) throws(AppError) {
    if member.id == state.user?.id {
      // Pointed to Settings only when leaving there would work.
      try RoleRules.checkRemoval(of: member.membership, members: state.content.members)
      throw AppError(
        .roleConflict, "To leave the family yourself, use Settings › Leave the family.", recovery: [.back])
    }
    try RoleRules.checkRemoval(of: member.membership, members: state.content.members)
  }

  /// "Change the role" on a member's detail, offering the roles the member's account can be given (a child's
  /// account only child or visitor): one action per kind of account, so each offers only its own choices.
  private static func changeRole(childAccount: Bool) -> FlowAction {
    FlowAction(
      .changeRole, "Change the role", phrases: ["role", "change role"],
      argument: .role(among: RoleRules.givable(isChildAccount: childAccount)),
      requires: .manageFamily,
      // Offered only for a member still in the family (defect #08: another admin may have removed them).
      when: Condition(
        childAccount
          ? "the member is in the family, with a child's account"
          : "the member is in the family, with an adult's account"
      ) {
        detailMember($0).map { $0.profile.isChildAccount == childAccount } ?? false
      },
      targets: [.memberDetail]
    ) { state, argument, services throws(AppError) in
      guard let member = detailMember(state) else { throw AppError(.notFound) }
      let role = try argument.role()
      let (family, user) = try requireFamily(state)
      if member.role == role, member.membership.isActive(at: state.now) {
        let until = member.membership.expiresAt.map { " until \(DateText.full($0, now: state.now))" } ?? ""
        throw AppError(
          .validationFailed,
          "\(member.profile.firstName) is already \(role.withArticle)\(until); nothing was changed.",
          recovery: [.edit, .back])
      }
      try await services.families.changeRole(of: member.id, in: family, to: role, by: user)
      var released: [String] = []
      if !RoleRules.taskRoles.contains(role) { released.append("open tasks") }
      if !Permissions.allows(role, .claimPickup) { released.append("pickups") }
      state.notice =
        "\(member.profile.firstName) is now \(role.withArticle)"
        + (released.isEmpty ? "." : "; their \(released.joined(separator: " and ")), if any, are now unassigned.")
    }
  }

  private static func detailMember(_ state: AppState) -> Member? {
    guard case .memberDetail(let id) = state.screen else { return nil }
    return state.content.member(id)
  }
}
