import Foundation
import Testing
import TribeBoardScenarios

/// The README, the reference in `docs/`, CONTRIBUTING.md and Benchmarks/README.md: every relative link resolves, every
/// `tribeboard` command shown names a subcommand that exists, every whole scenario shown loads, and the README stays
/// a front page.
@Suite struct DocsTests {
  static let documents: [String] = {
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: ReadmeTests.root.appendingPathComponent("docs").path))
      ?? []
    return ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"]
      + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
  }()

  /// The text outside fenced code blocks, and the fenced blocks with their language.
  static func split(_ text: String) -> (prose: String, blocks: [(language: String, body: String)]) {
    var prose = ""
    var blocks: [(String, String)] = []
    var fence: (language: String, body: String)?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let open = fence {
          blocks.append(open)
          fence = nil
        } else {
          fence = (String(line.dropFirst(3)), "")
        }
      } else if fence != nil {
        fence!.body += line + "\n"
      } else {
        prose += line + "\n"
      }
    }
    return (prose, blocks)
  }

  @Test func theReadmeIsAFrontPage() throws {
    let lines = try ReadmeTests.doc("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 250, "README.md has \(lines) lines; the reference belongs in docs/")
  }

  @Test(arguments: documents)
  func everyRelativeLinkResolves(_ document: String) throws {
    let (prose, _) = Self.split(try ReadmeTests.doc(document))
    let folder = ReadmeTests.root.appendingPathComponent(document).deletingLastPathComponent()
    let links = prose.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
    for link in links where !link.hasPrefix("http") && !link.hasPrefix("#") && !link.hasPrefix("mailto:") {
      let path = String(link.prefix { $0 != "#" })
      let target = folder.appendingPathComponent(path).standardizedFileURL.path
      #expect(FileManager.default.fileExists(atPath: target), "\(document) links to \(link), which does not exist")
    }
  }

  static let subcommands = [
    "repl", "serve", "play", "check", "list", "roles", "graph", "coverage", "explore", "storyboard", "present", "lint",
    "schema",
  ]

  @Test(arguments: documents)
  func everyCommandShownNamesASubcommandThatExists(_ document: String) throws {
    let (_, blocks) = Self.split(try ReadmeTests.doc(document))
    for (language, body) in blocks where ["sh", "text", "console", ""].contains(language) {
      // A shell block is all commands; elsewhere a command is a line after a `$` prompt.
      for line in body.split(separator: "\n") where language == "sh" || line.hasPrefix("$ ") {
        let words = line.split(separator: " ").map(String.init)
        guard let at = words.firstIndex(where: { $0 == "tribeboard" || $0.hasSuffix("/tribeboard") }),
          at == 0 || ["$", "run", "swift"].contains(words[at - 1]) || words[at - 1].hasSuffix("=1")
            || words[at - 1] == "time"
        else { continue }
        guard at + 1 < words.count, let next = words[safe: at + 1], !next.hasPrefix("-"), !next.hasPrefix("#") else {
          continue
        }
        #expect(Self.subcommands.contains(next), "\(document): “\(line)” names no subcommand 'tribeboard \(next)'")
      }
    }
  }

  @Test(arguments: documents)
  func everyWholeScenarioShownLoads(_ document: String) throws {
    let (_, blocks) = Self.split(try ReadmeTests.doc(document))
    for (language, body) in blocks where language == "yaml" && body.contains("\nnow:") && body.hasPrefix("name:") {
      #expect(throws: Never.self, "\(document): a scenario shown does not load") {
        _ = try ScenarioLoader.parse(body, source: document)
      }
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
