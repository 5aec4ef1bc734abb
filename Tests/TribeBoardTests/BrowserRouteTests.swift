import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardCore
import TribeBoardEngine
import TribeBoardMocks
import TribeBoardScenarios

@testable import TribeBoardBrowser
@testable import TribeBoardTranscripts

/// `tribeboard serve`'s routes, driven in-process without a socket (HummingbirdTesting's router client).
@Suite struct BrowserRouteTests {
  static func server(
    _ scenario: String = "new-user", token: String? = nil, limit: Int = 64, folder: URL? = nil
  ) async throws -> BrowserServer {
    await BrowserServer(
      scenario: try BundledScenarios.scenario(named: scenario), reference: scenario,
      options: .init(token: token, folder: folder, limit: limit))
  }

  static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: UpdateFormat.accept]

  /// An update (``UpdateFormat``) as its first template's values (`version`, `wait`, `url`, `reload`) and each
  /// part's HTML by name.
  static func update(_ body: ByteBuffer) -> [String: String] {
    let text = String(buffer: body)
    var values: [String: String] = [:]
    guard text.hasPrefix("<template "), let end = text.range(of: "></template>") else { return values }
    for attribute in text[text.index(text.startIndex, offsetBy: 10)..<end.lowerBound].split(separator: " ") {
      let pair = attribute.split(separator: "=", maxSplits: 1)
      values[String(pair[0].dropFirst(5))] =
        pair.count > 1 ? String(pair[1].dropFirst().dropLast()).replacingOccurrences(of: "&amp;", with: "&") : ""
    }
    var rest = text[end.upperBound...]
    while let open = rest.range(of: "<template data-region=\""), let close = rest.range(of: "</template>") {
      let name = rest[open.upperBound...].prefix { $0 != "\"" }
      let start = rest.index(open.upperBound, offsetBy: name.count + 2)
      values[String(name)] = String(rest[start..<close.lowerBound])
      rest = rest[close.upperBound...]
    }
    return values
  }

  static func body(_ fields: [String: String]) -> ByteBuffer {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let text = fields.sorted { $0.key < $1.key }
      .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
      .joined(separator: "&")
    return ByteBuffer(string: text)
  }

  static func test(
    _ server: BrowserServer, _ body: @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    try await Application(router: server.router()).test(.router, body)
  }

  @Test func thePageIsTheDefaultSimulationsPhoneWithItsControlsAndProtectiveHeaders() async throws {
    try await Self.test(await Self.server()) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        let csp = response.headers[HTTPField.Name("Content-Security-Policy")!] ?? ""
        #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
        let html = String(buffer: response.body)
        #expect(html.contains("aria-labelledby=\"sarah-label\""))
        #expect(html.contains("Sarah Johnson’s phone"))
        #expect(html.contains("<label for=\"command\">Command</label>"))
        #expect(!html.contains("<script>"), "no inline script")
        #expect(!html.contains("style=\""), "no inline style")
        #expect(!html.contains("http://") && !html.contains("https://"), "nothing from elsewhere")
      }
      for asset in ["/assets/app.css", "/assets/app.js"] {
        try await client.execute(uri: asset, method: .get) { #expect($0.status == .ok) }
      }
    }
  }

  @Test func aClickIsAnIntentAndTheAnswerIsTheNextScreen() async throws {
    try await Self.test(await Self.server()) { client in
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["line": "skip", "phone": "sarah"])
      ) { response in
        #expect(response.status == .ok)
        let state = Self.update(response.body)
        #expect(state["phones"]!.contains("data-screen=\"signIn\""))
        #expect(state["url"] == "?scenario=new-user")
      }
      // A form's words and value are one REPL line.
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["line": "sign in apple"])
      ) { _ in }
      // The scenario's first sign-in times out.
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["line": "retry"])
      ) { _ in }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["line": "create family"])
      ) { _ in }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form,
        body: Self.body(["words": "name", "value": "<img src=x onerror=alert(1)>"])
      ) { response in
        let state = Self.update(response.body)
        let phones = state["phones"]!
        #expect(phones.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!phones.contains("<img"))
      }
    }
  }

  @Test func withoutScriptAFormPostAnswersWithTheSimulationsAddress() async throws {
    try await Self.test(await Self.server()) { client in
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: Self.body(["line": "skip"])
      ) { response in
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/s/default")
      }
    }
  }

  @Test func badRequestsGetTheirStatusAndAPageSayingWhy() async throws {
    try await Self.test(await Self.server()) { client in
      try await client.execute(uri: "/s/nope", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(String(buffer: response.body).contains("href=\"/\""))
      }
      try await client.execute(uri: "/nothing-here", method: .get) { #expect($0.status == .notFound) }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "skip")
      ) { response in
        #expect(response.status == .badRequest)
        #expect(String(buffer: response.body).contains("application/x-www-form-urlencoded"))
      }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: ByteBuffer(string: "line=%E0%A4%A")
      ) { #expect($0.status == .badRequest) }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: ByteBuffer(string: "nothing=1")
      ) { #expect($0.status == .badRequest) }
      let big = ByteBuffer(string: "line=" + String(repeating: "a", count: BrowserServer.bodyLimit))
      try await client.execute(uri: "/s/default/input", method: .post, headers: Self.form, body: big) {
        #expect($0.status == .contentTooLarge)
      }
      try await client.execute(uri: "/s/default/input", method: .get) { #expect($0.status == .notFound) }
    }
  }

  @Test func aPostFromAnotherSiteIsRefused() async throws {
    try await Self.test(await Self.server()) { client in
      var headers = Self.form
      headers[.origin] = "http://evil.example"
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: headers, body: Self.body(["line": "skip"])
      ) { #expect($0.status == .forbidden) }
      headers[.origin] = "http://localhost:8080"
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: headers, body: Self.body(["line": "skip"])
      ) { #expect($0.status == .ok) }
    }
  }

  /// The socket's router (the upgrade's checks; the messages themselves are walked in Chromium).
  @Test func aSocketOpensOnlyFromThisServersPagesAndForASimulationThatExists() async throws {
    let server = try await Self.server()
    try await Application(router: server.socketRouter()).test(.router) { client in
      var headers: HTTPFields = [.upgrade: "websocket", .origin: "http://evil.example"]
      try await client.execute(uri: "/s/default/socket", method: .get, headers: headers) {
        #expect($0.status == .forbidden)
      }
      headers[.origin] = "http://127.0.0.1:8080"
      try await client.execute(uri: "/s/default/socket", method: .get, headers: headers) {
        #expect($0.status == .ok, "the router agrees to the upgrade")
      }
      try await client.execute(uri: "/s/0123/socket", method: .get, headers: headers) {
        #expect($0.status == .notFound)
      }
    }
  }

  @Test func beyondLoopbackEveryRequestNeedsTheTokenThenCarriesItAsACookie() async throws {
    try await Self.test(await Self.server(token: "s3cret")) { client in
      try await client.execute(uri: "/", method: .get) { #expect($0.status == .unauthorized) }
      try await client.execute(uri: "/?token=wrong", method: .get) { #expect($0.status == .unauthorized) }
      try await client.execute(uri: "/?token=s3cret", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.setCookie]?.hasPrefix("tribeboard_token=s3cret;") == true)
      }
      try await client.execute(uri: "/", method: .get, headers: [.cookie: "tribeboard_token=s3cret"]) {
        #expect($0.status == .ok)
      }
    }
  }

  @Test func theBrowserWritesNothingAndReadsOnlyTheFolderItServes() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await Self.test(await Self.server(folder: folder)) { client in
      for (line, refusal) in [
        (":save world.yaml", "writes nothing on the server"),
        (":scenario ../secret.yaml", "inside the folder"),
        (":scenario /etc/passwd.yaml", "inside the folder"),
      ] {
        try await client.execute(
          uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["line": line])
        ) { response in
          let state = Self.update(response.body)
          #expect(state["log"]!.contains(refusal), "\(line)")
        }
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aRecordingDownloadsAsATranscriptThatCheckPasses() async throws {
    let server = try await Self.server()
    try await Self.test(server) { client in
      try await client.execute(uri: "/s/default/transcript", method: .get) { #expect($0.status == .notFound) }
      try await client.execute(
        uri: "/s/default/record", method: .post, headers: Self.form, body: Self.body(["record": "start"])
      ) { #expect($0.status == .ok) }
      for fields in [
        ["line": "skip"], ["line": "sign in apple"], ["line": "retry"], ["line": ":clock +1h"],
        ["line": "create family"],
        ["words": "name", "value": "The Johnsons"],
        [
          "control": "fault", "operation": "data.tasks",
          "error": "networkTimeout", "schedule": "times", "amount": "1",
        ],
      ] {
        try await client.execute(uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(fields)) {
          #expect($0.status == .ok)
        }
      }
      try await client.execute(uri: "/s/default/transcript", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentDisposition]?.contains("new-user.transcript") == true)
        let text = String(buffer: response.body)
        #expect(text.contains("> name The Johnsons"))
        #expect(text.contains("> :fault data.tasks networkTimeout times 1"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).transcript")
        try text.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let scenario = try BundledScenarios.scenario(named: "new-user")
        let outcome = await TranscriptChecker.check(
          TranscriptCase(scenario: scenario, path: path.path, journey: nil, scenarioReference: "new-user"),
          update: false)
        #expect(outcome == .passed)
      }
      try await client.execute(uri: "/s/default/scenario.yaml", method: .get) { response in
        #expect(response.status == .ok)
        _ = try ScenarioLoader.parse(String(buffer: response.body), source: "saved.yaml")
      }
    }
  }

  @Test func newSimulationsHaveTheirOwnUnguessableAddressUpToALimit() async throws {
    try await Self.test(await Self.server(limit: 2)) { client in
      var addresses: [String] = []
      for _ in 0..<2 {
        try await client.execute(
          uri: "/new", method: .post, headers: Self.form, body: Self.body(["scenario": "family-admin"])
        ) { response in
          #expect(response.status == .seeOther)
          addresses.append(response.headers[.location] ?? "")
        }
      }
      #expect(Set(addresses).count == 2)
      #expect(addresses.allSatisfy { $0.hasPrefix("/s/") && $0.count == 3 + 32 })
      try await client.execute(uri: addresses[0], method: .get) { response in
        #expect(String(buffer: response.body).contains("data-scenario=\"family-admin\""))
      }
      try await client.execute(
        uri: "/new", method: .post, headers: Self.form, body: Self.body(["scenario": "family-admin"])
      ) { response in
        #expect(response.status == .serviceUnavailable)
        #expect(String(buffer: response.body).contains("Too many simulations"))
      }
    }
  }

  @Test func aClickOnAnotherPersonsPhoneTakesItInHandFirst() async throws {
    try await Self.test(await Self.server("family-admin")) { client in
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["control": "as", "value": "mark"])
      ) { _ in }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form,
        body: Self.body(["line": "messages", "phone": "sarah"])
      ) { response in
        let state = Self.update(response.body)
        let phones = state["phones"]!
        #expect(phones.contains("Mark Johnson’s phone") && phones.contains("Sarah Johnson’s phone"))
        #expect(phones.hasPrefix("<section class=\"phone acting\" aria-labelledby=\"sarah-label\""))
        #expect(state["log"]!.contains("&gt; :as sarah"))
      }
    }
  }

  @Test func formsReadStrictlyAndStandForREPLLines() throws {
    #expect(try FormBody("line=sign+in+apple&phone=sarah")["line"] == "sign in apple")
    #expect(throws: FormBody.Malformed.self) { try FormBody("line=%zz") }
    #expect(throws: FormBody.Malformed.self) { try FormBody("line=a&line=b") }
    #expect(
      try BrowserInput.choice(from: .init(fields: ["words": "when", "value": "2026-03-05T18:00"]))
        == .line("when 2026-03-05 18:00"))
    // The page's controls send commands, not lines: each one's line is what a recording keeps.
    let fault = try BrowserInput.choice(
      from: .init(fields: [
        "control": "fault", "operation": "auth.signIn", "error": "networkTimeout", "schedule": "chance",
        "amount": "50", "on": "sarah",
      ]))
    #expect(
      fault
        == .command(
          .arm(
            .init(
              operation: try #require(MockOperation(rawValue: "auth.signIn")), error: .networkTimeout,
              schedule: .chance(50), account: "sarah"))))
    #expect(fault.description == ":fault auth.signIn networkTimeout chance 50% on sarah")
    let latency = try BrowserInput.choice(
      from: .init(fields: ["control": "latency", "target": "data", "amount": "2s"]))
    #expect(latency == .command(.latency("data", seconds: 2)) && latency.description == ":latency data 2s")
    #expect(try BrowserInput.choice(from: .init(fields: ["clock.by": "3600"])).description == ":clock +1h")
    #expect(
      try BrowserInput.choice(from: .init(fields: ["offline": "mark"])) == .command(.network(online: false, of: "mark"))
    )
    #expect(
      try BrowserInput.choice(from: .init(fields: ["go.journey": "calendar", "go.step": "2"])).description
        == ":go calendar@2")
    #expect(try BrowserInput.choice(from: .init(fields: ["app": "relaunch"])) == .command(.relaunch))
    if case .unreadable(let problem) = try BrowserInput.choice(
      from: .init(fields: ["control": "fault", "operation": "auth.signIn", "error": "offline", "schedule": "times"]))
    {
      #expect(problem.contains("whole number from 1"))
    } else {
      Issue.record("a fault with no count is said in the log, not sent")
    }
    #expect(throws: BrowserInput.Invalid.self) { try BrowserInput.choice(from: .init(fields: ["control": "rm"])) }
    #expect(throws: BrowserInput.Invalid.self) { try BrowserInput.choice(from: .init(fields: ["app": "rm"])) }
    #expect(Guard<BasicRequestContext>.hostname("127.0.0.1:8080") == "127.0.0.1")
    #expect(Guard<BasicRequestContext>.hostname("[::1]:8080") == "[::1]")
    #expect("family-admin".queryEscaped == "family-admin")
    #expect("my world/é&x".queryEscaped == "my%20world%2F%C3%A9%26x")
    #expect(try FormBody("line=a%20b+c%C3%A9&words.1=title&value.1=")["line"] == "a b cé")
    #expect(try FormBody("words.1=title&value.1=").fields == ["words.1": "title", "value.1": ""])
    #expect(
      try FormBody("line=%E9")["line"] == "\u{FFFD}", "bytes that are not UTF-8 read as the replacement character")
    #expect(throws: FormBody.Malformed.self) { try FormBody("line=%4") }
  }
}

extension BrowserRouteTests {
  @Test func aWindowThatSaysWhatItShowsGetsOnlyWhatChanged() async throws {
    try await Self.test(await Self.server("family-admin")) { client in
      var version = 0
      try await client.execute(uri: "/s/default/state", method: .get, headers: [.accept: UpdateFormat.accept]) {
        response in
        let state = Self.update(response.body)
        version = Int(state["version"]!)!
        #expect(state["people"] != nil && state["phones"] != nil)
      }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form,
        body: Self.body(["line": "tasks", "known": "\(version)"])
      ) { response in
        let state = Self.update(response.body)
        #expect(state["version"] == "\(version + 1)")
        #expect(state["phones"] != nil && state["log"] != nil)
        #expect(state["people"] == nil && state["faults"] == nil, "unchanged parts are left out")
      }
      try await client.execute(
        uri: "/s/default/state?known=\(version + 1)", method: .get, headers: [.accept: UpdateFormat.accept]
      ) { response in
        let state = Self.update(response.body)
        #expect(state["phones"] == nil, "a window up to date gets nothing to swap")
      }
    }
  }

  /// The log, kept as one text with old lines cut from its start, is always the last lines drawn and joined.
  @Test func theLogIsItsLastLinesJoined() {
    var log = BrowserPage.LogLines()
    var all: [Step.Message] = []
    let texts = ["Synced: 2 changes", "Ben’s task · done", "<b>&\"'", "", "日本語 👍🏽", "offline"]
    for round in 0..<60 {
      let messages = (0..<(round % 4)).map { index in
        Step.Message(
          kind: [.info, .success, .problem][(round + index) % 3], text: texts[(round * 7 + index) % texts.count])
      }
      all += messages
      log.append(messages, keeping: 10)
      #expect(log.html == all.suffix(10).map(BrowserPage.logLine).joined(), "round \(round)")
    }
  }

  /// The controls' parts are drawn again only from new facts, and every change of those facts draws them again.
  @Test func eachControlPartFollowsItsFacts() async throws {
    try await Self.test(await Self.server("family-admin")) { client in
      var version = 0
      func step(_ line: String) async throws -> [String: String] {
        let state = try await client.execute(
          uri: "/s/default/input", method: .post, headers: Self.form,
          body: Self.body(["line": line, "known": "\(version)"])
        ) { response in Self.update(response.body) }
        version = Int(state["version"] ?? "") ?? version
        return state
      }
      _ = try await step("tasks")
      #expect(try await step("home")["people"] == nil)
      #expect(try await step(":offline")["people"]?.contains("Bring online") == true)
      #expect(try await step(":online")["people"]?.contains("Take offline") == true)
      #expect(try await step(":as mark")["people"]?.contains("Take in hand: Sarah Johnson") == true)
      #expect(try await step(":fault data.tasks networkTimeout")["faults"]?.contains("Clear fault") == true)
      #expect(try await step(":fault clear")["faults"]?.contains("No faults armed.") == true)
      #expect(try await step(":clock +1h")["status"]?.contains("09:00") == true)
      #expect(try await step(":scenario child")["status"]?.contains("<strong>child</strong>") == true)
    }
  }

  @Test func withRealPaceAStepsLatencyIsTheTimeItsLoadingStateShows() async throws {
    let server = await BrowserServer(
      scenario: try BundledScenarios.scenario(named: "family-admin"), reference: "family-admin",
      options: .init(pace: .real))
    try await Self.test(server) { client in
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["line": ":latency data 2s"])
      ) { _ in }
      try await client.execute(
        uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(["line": "tasks"])
      ) { response in
        let state = Self.update(response.body)
        #expect(state["wait"] == "2000", "the list's three data calls overlap: the latency once, not three times")
      }
    }
  }
}

/// A click is an intent: an item's action names the item by its identity, never its position (defect #21).
extension BrowserRouteTests {
  static func post(_ client: any TestClientProtocol, _ fields: [String: String]) async throws -> [String: String] {
    try await client.execute(uri: "/s/default/input", method: .post, headers: Self.form, body: Self.body(fields)) {
      response in
      #expect(response.status == .ok)
      return Self.update(response.body)
    }
  }

  @Test func aRowsActionActsOnThatRowAfterAnotherPhoneChangedTheList() async throws {
    try await Self.test(await Self.server("family-admin")) { client in
      _ = try await Self.post(client, ["line": "tasks", "phone": "sarah"])
      _ = try await Self.post(client, ["control": "as", "value": "ben"])
      _ = try await Self.post(client, ["line": "tasks", "phone": "ben"])
      // Ben marks the bins done, which moves them down a list sorted afresh; Sarah clicks her Weekly shop row.
      _ = try await Self.post(client, ["line": "done 1", "phone": "ben"])
      let state = try await Self.post(client, ["action": "mark-done", "item": "shopping", "phone": "sarah"])
      let phones = try #require(state["phones"])
      #expect(phones.contains("“Weekly shop” done."), "the row clicked, not the one now at its old number")
      #expect(!phones.contains("already done"))
      #expect(state["log"]?.contains("&gt; done ") == true, "the log (and a recording) says the REPL's words")
    }
  }

  @Test func anItemNoLongerOnTheScreenIsRefusedAndNothingChanges() async throws {
    try await Self.test(await Self.server("family-admin")) { client in
      _ = try await Self.post(client, ["line": "tasks", "phone": "sarah"])
      let state = try await Self.post(client, ["action": "mark-done", "item": "no-such-task", "phone": "sarah"])
      #expect(state["log"]?.contains("That item is no longer on this screen; nothing was changed.") == true)
      #expect(state["phones"]?.contains("toast") != true)
    }
  }

  @Test func aWholeFormIsSubmittedOnceAndItsFirstRefusedFieldStops() async throws {
    try await Self.test(await Self.server("family-admin")) { client in
      _ = try await Self.post(client, ["line": "tasks", "phone": "sarah"])
      _ = try await Self.post(client, ["line": "add task", "phone": "sarah"])
      let refused = try await Self.post(
        client,
        [
          "form": "1", "phone": "sarah", "words.1": "title", "value.1": "Water the plants", "words.2": "for",
          "value.2": "nobody-here", "words.3": "points", "value.3": "3", "line": "save",
        ])
      let form = try #require(refused["phones"])
      #expect(form.contains("<div class=\"form-field invalid\">"))
      #expect(form.contains("value=\"Water the plants\""), "the field set before the refusal keeps its value")
      #expect(form.contains("data-screen=\"addTask\""))
      let saved = try await Self.post(
        client,
        [
          "form": "1", "phone": "sarah", "words.1": "title", "value.1": "Water the plants", "words.2": "for",
          "value.2": "mia", "words.3": "due", "value.3": "", "words.4": "points", "value.4": "3", "line": "save",
        ])
      let list = try #require(saved["phones"])
      #expect(list.contains("Added “Water the plants”."))
      #expect(list.contains("data-screen=\"tasks\""))
    }
  }

  @Test func choicesReadFromTheirForms() throws {
    #expect(
      try BrowserInput.choice(from: .init(fields: ["action": "pin", "item": "wifi"])) == .onItem(.pin, item: "wifi"))
    #expect(throws: BrowserInput.Invalid.self) {
      try BrowserInput.choice(from: .init(fields: ["action": "rm -rf", "item": "wifi"]))
    }
    #expect(
      try BrowserInput.choice(
        from: .init(fields: [
          "form": "1", "words.1": "title", "value.1": " Bins ", "words.2": "due", "value.2": "2026-03-05T18:00",
          "words.3": "for", "value.3": "", "line": "save",
        ])) == .form(["title Bins", "due 2026-03-05 18:00", "save"]))
    #expect(throws: BrowserInput.Invalid.self) {
      try BrowserInput.choice(from: .init(fields: ["form": "1", "words.1": "title", "value.1": "x"]))
    }
  }
}
