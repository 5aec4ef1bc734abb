import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardAPI
import TribeBoardCore
import TribeBoardEngine
import TribeBoardTranscripts

@testable import TribeBoardBrowser

/// The control API and the page's recording, as the third walk from outside found them (issue 39).
extension ServicesAPITests {
  /// Defect #15: listing the latency says the latency, not what the API call before it took.
  @Test func listingTheLatencySaysOnlyTheLatency() async throws {
    let server = try await Self.server()
    try await Self.test(server) { client in
      try await client.execute(
        uri: "/api/control/latency", method: .post, headers: Self.json,
        body: ByteBuffer(string: #"{"argument":"data 2s"}"#)
      ) { #expect($0.status == .ok) }
      let mark = try await Self.signIn(client, "mark", provider: "google")
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .get, headers: Self.headers(bearer: mark.accessToken)
      ) { #expect($0.status == .ok) }
      try await client.execute(uri: "/api/control/latency", method: .post) { response in
        #expect(response.status == .ok)
        let said = String(buffer: response.body)
        #expect(said.contains("Latency: data 2 s"), "\(said)")
        #expect(!said.contains("Loading"), "\(said)")
      }
    }
  }

  /// Defect #12: every control call docs/api.md shows with an argument works as shown.
  @Test func theControlCallsTheDocsShowWork() async throws {
    let text = try String(
      contentsOf: ReadmeTests.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
    let pattern = /`POST (\/api\/control\/[a-z\/]+)` `(\{"argument":"[^"]*"\})`/
    let examples = text.matches(of: pattern).map { (String($0.output.1), String($0.output.2)) }
    #expect(examples.count >= 4, "\(examples)")
    for (path, body) in examples {
      let server = try await Self.server()
      try await Self.test(server) { client in
        try await client.execute(uri: path, method: .post, headers: Self.json, body: ByteBuffer(string: body)) {
          response in
          #expect(response.status == .ok, "\(path) \(body): \(String(buffer: response.body))")
        }
      }
    }
  }

  /// Defect #17: an API client's calls while the page records are in the recording, as `:api` lines that make the
  /// same calls again, so the downloaded transcript passes `check`.
  @Test func aRecordingKeepsWhatAnAPIClientChanged() async throws {
    BrowserServer.installAPIRoutes()
    let server = try await Self.server()
    let simulation = await server.store.defaultSimulation
    await simulation.startRecording()
    _ = await simulation.handle("tasks")
    try await Self.test(server) { client in
      let mark = try await Self.signIn(client, "mark", provider: "google")
      try await client.execute(
        uri: "/api/families/johnsons/tasks", method: .post, headers: Self.headers(bearer: mark.accessToken),
        body: ByteBuffer(string: #"{"title":"API task","assignee":"ben"}"#)
      ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
    }
    for line in ["home", "tasks", "open 6"] { _ = await simulation.handle(line) }
    let transcript = try #require(await simulation.transcript())
    #expect(transcript.contains("> :api POST /families/johnsons/tasks bearer "), "\(transcript)")
    #expect(transcript.contains("API task"))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("recorded.transcript").path
    try transcript.write(toFile: path, atomically: true, encoding: .utf8)
    let cases = try TranscriptChecker.cases(in: [path])
    let outcome = await TranscriptChecker.check(try #require(cases.first), update: false)
    #expect(!outcome.failed, "\(outcome)")
  }
}
