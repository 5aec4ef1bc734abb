import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardScenarios

@testable import TribeBoardEngine

/// An action on an item acts on the item it was offered for (defects #21 and #08): while a person stays on a list
/// its numbers stay put, whatever another phone changes; a row's own actions are those its state allows.
@Suite struct ItemIdentityTests {
  static func number(of id: String, in snapshot: ScreenSnapshot) -> Int? {
    snapshot.blocks.lazy.compactMap { block -> Int? in
      guard case .item(let item) = block, item.id == id else { return nil }
      return item.number
    }.first
  }

  static func item(_ id: String, in snapshot: ScreenSnapshot) -> Item? {
    snapshot.blocks.lazy.compactMap { block -> Item? in
      guard case .item(let item) = block, item.id == id else { return nil }
      return item
    }.first
  }

  @Test func aTypedNumberStillNamesTheTaskThePersonSawAfterAnotherPhoneChangedTheList() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type("tasks")
    let seen = try #require(Self.number(of: "shopping", in: simulator.snapshot))
    // Ben marks the bins done: sorted afresh, the done task would move below Weekly shop and take its number.
    await simulator.type(":as ben", "tasks", "done 1", ":as sarah")
    #expect(Self.number(of: "shopping", in: simulator.snapshot) == seen)
    await simulator.type("done \(seen)")
    #expect(simulator.state.notice == "“Weekly shop” done.")
  }

  @Test func theNoticeboardKeepsItsNumbersToo() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type("messages", "noticeboard")
    let seen = try #require(Self.number(of: "wifi", in: simulator.snapshot))
    await simulator.type(
      ":as mark", "messages", "noticeboard", "pin \(try #require(Self.number(of: "wifi", in: simulator.snapshot)))")
    await simulator.type(":as sarah")
    #expect(Self.number(of: "wifi", in: simulator.snapshot) == seen)
  }

  @Test func anItemActionByIdentityActsOnThatItemWhereverItIsNow() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type("tasks")
    let step = await simulator.handle(.markDone, onItem: "bins")
    #expect(step.input == "done \(try #require(Self.number(of: "bins", in: simulator.snapshot)))")
    #expect(simulator.state.notice?.hasPrefix("“Put the bins out” done") == true)
    let gone = await simulator.handle(.markDone, onItem: "no-such-task")
    #expect(gone.input == nil)
    #expect(gone.messages.map(\.text) == ["? That item is no longer on this screen; nothing was changed."])
  }

  @Test func aRowOffersOnlyTheActionsItsStateAndTheRoleAllow() async throws {
    let simulator = try await DefectWorlds.open("family-admin")
    await simulator.type("tasks")
    let done = try #require(Self.item("feed-cat", in: simulator.snapshot) ?? Self.firstDone(simulator.snapshot))
    #expect(!done.actions.map(\.key).contains("mark-done"))
    #expect(done.actions.map(\.key).contains("open"))
    let open = try #require(Self.item("bins", in: simulator.snapshot))
    #expect(open.actions.map(\.key) == ["open", "mark-done"])
    #expect(open.actions.map(\.label) == ["Open", "Mark done"])
    await simulator.type("home", "messages", "noticeboard")
    for block in simulator.snapshot.blocks {
      guard case .item(let notice) = block, case .notice(let facts) = notice.kind else { continue }
      #expect(notice.actions.map(\.key) == [facts.pinned ? "unpin" : "pin"])
    }
    await simulator.type("home", "school run")
    for block in simulator.snapshot.blocks {
      guard case .item(let pickup) = block, case .pickup(let facts) = pickup.kind else { continue }
      let claimable = facts.driver == nil ? ["claim"] : []
      #expect(pickup.actions.map(\.key) == (facts.isPast ? [] : facts.isMine ? ["release"] : claimable))
    }
  }

  static func firstDone(_ snapshot: ScreenSnapshot) -> Item? {
    snapshot.blocks.lazy.compactMap { block -> Item? in
      guard case .item(let item) = block, case .task(let facts) = item.kind, facts.state == .done else { return nil }
      return item
    }.first
  }
}

extension ItemIdentityTests {
  /// Defect #08: a member another admin removed is offered no action, and nobody is asked to confirm one.
  @Test func aMemberRemovedByAnotherAdminOffersNothingAndAsksNothing() async throws {
    // family-admin's world with Mark a second parent admin.
    let simulator = try await DefectWorlds.open(
      DefectWorlds.fa.replacingOccurrences(of: "name: fa", with: "name: twoadmins")
        .replacingOccurrences(of: "{ account: mark, role: adult", with: "{ account: mark, role: parentAdmin"))
    await simulator.type("settings", "family management", "open 3")
    #expect(simulator.snapshot.actions.map(\.key).contains("remove"))
    await simulator.type(":as mark", "settings", "family management", "open 3", "remove", "yes", ":as sarah")
    let keys = simulator.snapshot.actions.map(\.key)
    #expect(!keys.contains("remove") && !keys.contains("change-role"), "\(keys)")
    await simulator.type("remove")
    #expect(simulator.state.screen.id != .confirm, "no question for an action that can't happen")
  }
}
