import ArgumentParser
import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardValidation

extension Tribeboard {
  struct GalleryCommand: AsyncParsableCommand {
    enum Format: String, CaseIterable, ExpressibleByArgument {
      case html, json
    }

    static let configuration = CommandConfiguration(
      commandName: "gallery",
      abstract: "Draw every screen in every state, for each role, light and dark, on one page to review offline.",
      discussion: """
        The screens come from the flow table and the shortest inputs to each from exploring each scenario as each \
        of its roles; each state (loaded, empty, loading, error, offline from the cache, offline with nothing \
        cached) is made by the simulator's own means (a fault, latency, the phone offline) and kept only if the \
        screen shows it. States a screen cannot show are listed, with why, under each scenario. Each entry links to \
        its state live in 'tribeboard serve'.

        HTML is one self-contained page (FOLDER/index.html: no script, nothing fetched). JSON lists the entries \
        (scenario, screen, role, state, inputs, link) on standard output, or in FOLDER/gallery.json with --output.
        """)

    @Argument(
      help: ArgumentHelp(
        "Built-in scenario names or paths to YAML files (default: every built-in scenario, one section each).",
        valueName: "scenario"))
    var scenarios: [String] = []

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("The folder to write into (made if missing; default: gallery).", valueName: "folder"))
    var output: String?

    @Option(help: "html or json.")
    var format: Format = .html

    @Option(help: ArgumentHelp("How many steps deep each role's walk goes to find screens.", valueName: "steps"))
    var depth = 4

    @Option(
      help: ArgumentHelp(
        "The address of 'tribeboard serve' that each entry's link opens.", valueName: "url"))
    var server = "http://127.0.0.1:8080/"

    @Option(
      help: ArgumentHelp(
        "Draw with the stylesheet, icons and logo of this folder instead of the built-in ones, to see an edit "
          + "(the repository's Sources/TribeBoardRendering/Assets).", valueName: "folder"))
    var assets: String?

    func validate() throws {
      guard (1...8).contains(depth) else { throw ValidationError("--depth is from 1 to 8, not \(depth).") }
      if let assets,
        !FileManager.default.fileExists(atPath: URL(fileURLWithPath: assets).appending(path: "app.css").path)
      {
        throw ValidationError(
          "--assets must be a folder holding app.css, such as Sources/TribeBoardRendering/Assets; '\(assets)' has none."
        )
      }
    }

    func run() async throws {
      if let assets { Assets.folder = URL(fileURLWithPath: assets) }
      let names = scenarios.isEmpty ? BundledScenarios.names : scenarios
      var sections: [GalleryPage.Section] = []
      for (index, name) in names.enumerated() {
        let scenario = try loadScenario(name)
        printError("[\(index + 1)/\(names.count)] \(scenario.name)…")
        let gallery = await Gallery.build(scenario, depth: depth)
        sections.append(.init(scenario: scenario.name, summary: scenario.summary, gallery: gallery))
      }
      let text =
        switch format {
        case .html: GalleryPage.html(sections, server: server)
        case .json: json(sections)
        }
      let entries = sections.map(\.gallery.entries.count).reduce(0, +)
      if format == .json && output == nil {
        try emit(text, terminator: "")
        return
      }
      let folder = URL(fileURLWithPath: output ?? "gallery")
      let file = folder.appendingPathComponent(format == .html ? "index.html" : "gallery.json")
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw usageError(
          "Can't make the folder \(folder.path) (\(error.localizedDescription)); give --output a folder to write into.")
      }
      do {
        try AtomicFile.write(Data(text.utf8), to: file.path)
      } catch {
        throw usageError("Can't write \(file.path): \(error).")
      }
      printError("Gallery of \(entries) entries (\(text.utf8.count / 1024) KB) written to \(file.path).")
    }

    func json(_ sections: [GalleryPage.Section]) -> String {
      struct Entry: Encodable {
        var scenario, screen, role, state, link: String
        var inputs: [String]
      }
      struct Omission: Encodable {
        var scenario, screen, role, state, reason: String
      }
      struct Listing: Encodable {
        var entries: [Entry]
        var omitted: [Omission]
      }
      var listing = Listing(entries: [], omitted: [])
      for section in sections {
        for entry in section.gallery.entries {
          listing.entries.append(
            Entry(
              scenario: entry.scenario, screen: entry.screen.rawValue, role: entry.who,
              state: entry.state.rawValue, link: GalleryPage.link(entry, server: server), inputs: entry.inputs))
        }
        for omission in section.gallery.omissions {
          listing.omitted.append(
            Omission(
              scenario: section.scenario, screen: omission.screen.rawValue, role: omission.who,
              state: omission.state.rawValue, reason: omission.reason))
        }
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      return String(decoding: (try? encoder.encode(listing)) ?? Data(), as: UTF8.self) + "\n"
    }
  }
}
