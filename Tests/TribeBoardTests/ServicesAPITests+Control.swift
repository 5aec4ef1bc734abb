import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardAPI
import TribeBoardCore

@testable import TribeBoardBrowser

/// What the control API does to the page's phones.
extension ServicesAPITests {
  @Test func aPhoneTakenOfflineThroughTheControlAPILeavesThePhoneInHand() async throws {
    let server = try await Self.server()
    let simulation = await server.store.defaultSimulation
    #expect(await simulation.facts().acting == "sarah")
    try await Self.test(server) { client in
      try await client.execute(
        uri: "/api/control/phones/mark/network", method: .put, headers: Self.json,
        body: ByteBuffer(string: #"{"online":false}"#)
      ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
    }
    #expect(await simulation.facts().acting == "sarah")
    let sarahs = await simulation.handle(":where").steps.flatMap(\.messages).map(\.text).joined()
    #expect(sarahs.contains("Acting as: Sarah Johnson (sarah)") && sarahs.contains("Phone: online"), "\(sarahs)")
    _ = await simulation.handle(":as mark")
    let marks = await simulation.handle(":where").steps.flatMap(\.messages).map(\.text).joined()
    #expect(marks.contains("Phone: offline"), "\(marks)")
  }
}
