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
      ) { response in
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        // One command on Mark's phone: nobody else's phone is taken up or put down on the way.
        let said = String(buffer: response.body)
        #expect(said.contains("Mark Johnson's phone is offline; other phones are not."), "\(said)")
        #expect(!said.contains("Now acting as"), "\(said)")
      }
      try await client.execute(
        uri: "/api/control/phones/nobody/network", method: .put, headers: Self.json,
        body: ByteBuffer(string: #"{"online":false}"#)
      ) { response in
        #expect(response.status == .unprocessableContent)
        let problem = try Self.problem(response)
        #expect(problem.detail.contains("Nobody called “nobody” here"), "\(problem.detail)")
      }
    }
    #expect(await simulation.facts().acting == "sarah")
    let sarahs = await simulation.handle(":where").steps.flatMap(\.messages).map(\.text).joined()
    #expect(sarahs.contains("Acting as: Sarah Johnson (sarah)") && sarahs.contains("Phone: online"), "\(sarahs)")
    _ = await simulation.handle(":as mark")
    let marks = await simulation.handle(":where").steps.flatMap(\.messages).map(\.text).joined()
    #expect(marks.contains("Phone: offline"), "\(marks)")
  }
}
