import Foundation
import Testing
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `check --junit` and `check --shard`, in-process.
@Suite struct CheckReportTests {
  @Test func theJUnitReportHasOneWellFormedTestCasePerTranscript() async throws {
    let cases = try TranscriptChecker.cases(in: [scenariosFolder])
    var results: [JUnitReport.Result] = []
    for transcript in cases {
      results.append(.init(transcript: transcript, outcome: await TranscriptChecker.check(transcript, update: false)))
    }
    // A failure of every kind, with text XML must escape.
    let hostile = "- │ <b>Tom & \"Jerry\"</b> 'x' ]]> \u{1} \u{FFFE} end"
    results[0].outcome = .mismatch(diff: "@@ expected line 3, actual line 3 @@\n\(hostile)\n+ │ after")
    results[1].outcome = .missing
    results[2].outcome = .failedExpectations(["step 4: screen is tasks, expected <dashboard>"])
    results[3].outcome = .unreadable("cannot read the file: Permission denied")

    let xml = JUnitReport.xml(results)
    let document = try XMLDocument(data: Data(xml.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "\(cases.count)")
    #expect(root.attribute(forName: "failures")?.stringValue == "3")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let testCases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(testCases.count == cases.count)
    let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
    #expect(suites.count == Set(cases.map(\.scenario.name)).count)

    let journeys = cases.compactMap { $0.journey.map { "\($0.name)" } }
    let names = Set(testCases.compactMap { $0.attribute(forName: "name")?.stringValue })
    #expect(names.isSuperset(of: journeys))
    let first = testCases[0]
    #expect(first.attribute(forName: "file")?.stringValue == cases[0].path)
    let failure = try #require(first.elements(forName: "failure").first)
    #expect(failure.attribute(forName: "type")?.stringValue == "mismatch")
    #expect(failure.stringValue?.contains("- │ <b>Tom & \"Jerry\"</b> 'x' ]]> \\u{1} \\u{FFFE} end") == true)
    #expect(failure.stringValue?.contains("+ │ after") == true)
    #expect(testCases[1].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "missing")
    #expect(
      testCases[2].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue
        == "step 4: screen is tasks, expected <dashboard>")
    #expect(testCases[3].elements(forName: "error").first?.attribute(forName: "type")?.stringValue == "unreadable")
    #expect(testCases[4].children == nil || testCases[4].children?.isEmpty == true, "a passed case is empty")
  }

  @Test func aScenarioThatCannotBeLoadedIsOneError() throws {
    let xml = JUnitReport.xml(
      loadFailure: "a.yaml:1:1: error: <bad> & \"worse\"\na.yaml:2:1: error: more", paths: ["a.yaml"])
    let document = try XMLDocument(data: Data(xml.utf8))
    let error = try #require(try document.nodes(forXPath: "//testcase/error").first as? XMLElement)
    #expect(error.attribute(forName: "message")?.stringValue == "a.yaml:1:1: error: <bad> & \"worse\"")
    #expect(error.stringValue?.hasSuffix("a.yaml:2:1: error: more") == true)
    #expect(document.rootElement()?.attribute(forName: "errors")?.stringValue == "1")
  }

  @Test func attributesKeepLineBreaksAndQuotes() throws {
    #expect(JUnitReport.attribute("a\"b'c\nd\te<f>&") == "a&quot;b&apos;c&#10;d&#9;e&lt;f&gt;&amp;")
    #expect(JUnitReport.text("a\"b\nc\r\u{0}") == "a\"b\nc&#13;\\u{0}")
  }

  @Test func everyTranscriptIsInExactlyOneShardAndTheSlicesAreStable() throws {
    let paths = (0..<37).map { "Scenarios/s\($0 % 5)/j\($0).transcript" }.shuffled()
    for count in [1, 2, 3, 4, 7, 37, 50] {
      var seen: [String: Int] = [:]
      var sizes: [Int] = []
      for index in 1...count {
        let shard = Shard(index: index, count: count)
        let slice = shard.select(paths, key: { $0 })
        #expect(Set(slice) == Set(shard.select(paths.shuffled(), key: { $0 })), "the same files, the same slice")
        #expect(slice == paths.filter(slice.contains), "a slice keeps the given order")
        for path in slice { seen[path, default: 0] += 1 }
        sizes.append(slice.count)
      }
      #expect(seen.count == paths.count && seen.values.allSatisfy { $0 == 1 }, "\(count) shards: each path once")
      #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(count) shards are balanced: \(sizes)")
    }
  }

  @Test func aShardIsReadAsIOfN() throws {
    #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
    #expect(try Shard(parsing: "1/1") == Shard(index: 1, count: 1))
    for bad in ["0/4", "5/4", "1/0", "-1/4", "+1/4", "1", "1/4/2", "a/b", " 1/4", "1/ 4", "", "/", "٣/٤"] {
      #expect(throws: Shard.Problem.self, "\(bad)") { try Shard(parsing: bad) }
    }
  }
}
