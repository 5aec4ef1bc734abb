import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TribeBoardAPI

@testable import TribeBoardBrowser

/// The YAML answers as the document describes them: `application/yaml`, or `text/plain` to a client that asks for
/// it, which generated clients (openapi-python-client) read where they read no YAML type.
extension ServicesAPITests {
  @Test(arguments: ["/api/openapi.yaml", "/api/control/save"])
  func aYAMLAnswerIsTextToAClientThatAsksForText(path: String) async throws {
    try await Self.test(await Self.server()) { client in
      for (accept, type) in [
        (nil, "application/yaml"), ("text/plain", "text/plain; charset=utf-8"),
        ("application/yaml, text/plain", "application/yaml"), ("*/*", "application/yaml"),
      ] as [(String?, String)] {
        var headers = HTTPFields()
        if let accept { headers[.accept] = accept }
        try await client.execute(uri: path, method: .get, headers: headers) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == type, "Accept: \(accept ?? "none")")
          #expect(String(buffer: response.body).contains("\n"))
        }
      }
    }
  }
}
