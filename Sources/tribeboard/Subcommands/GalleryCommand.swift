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

        Scenarios that draw the same thing share one entry, which lists them. The launch screen, the first sync \
        ("preparing") and its error, and each list's empty state (the same people with nothing in their lists) are \
        drawn too.

        HTML is one self-contained page (FOLDER/index.html, nothing fetched; its inline script draws the phones as \
        they scroll into view and filters them by screen, state, role, theme and text size, with a search box; \
        without it the page is a plain index), with FOLDER/gallery.json beside it: each entry's id, where it occurs, \
        a hash of its drawing and the drawing itself. --compare OLD (an earlier gallery's folder or its \
        gallery.json) marks each entry new, changed or unchanged and lists those gone; a changed one shows before, \
        after and the differences outlined in red. --format json writes only the JSON (on standard output unless \
        --output is given).
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

    @Option(
      help: ArgumentHelp(
        "Compare with an earlier gallery: its folder or its gallery.json. Marks each entry new, changed or "
          + "unchanged and lists those gone.", valueName: "old"))
    var compare: String?

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
      let items = GalleryPage.items(sections)
      let manifest = GalleryManifest(items: items, sections: sections, server: server)
      var comparison: GalleryComparison?
      if let compare {
        do {
          comparison = GalleryComparison(old: try GalleryManifest.read(compare), items: items)
        } catch let problem as GalleryComparison.Problem {
          throw usageError(problem.description)
        }
      }
      let json = manifest.json()
      if format == .json && output == nil {
        try emit(json, terminator: "")
        return
      }
      let folder = URL(fileURLWithPath: output ?? "gallery")
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw usageError(
          "Can't make the folder \(folder.path) (\(error.localizedDescription)); give --output a folder to write into.")
      }
      var files = [(folder.appendingPathComponent("gallery.json"), json)]
      if format == .html {
        let page = GalleryPage.html(
          items: items, sections: sections, server: server, comparison: comparison)
        files.insert((folder.appendingPathComponent("index.html"), page), at: 0)
      }
      for (file, text) in files {
        do {
          try AtomicFile.write(Data(text.utf8), to: file.path)
        } catch {
          throw usageError("Can't write \(file.path): \(error).")
        }
      }
      let size = files[0].1.utf8.count / 1024
      let scenarioEntries = sections.map(\.gallery.entries.count).reduce(0, +)
      printError(
        "Gallery of \(items.count) distinct entries (from \(scenarioEntries) in the scenarios; \(size) KB) written to "
          + "\(files[0].0.path).")
      if let comparison {
        let counts = Dictionary(grouping: items, by: { comparison.change(of: $0) }).mapValues(\.count)
        var line = "Compared with \(compare ?? ""): \(counts[.new] ?? 0) new, \(counts[.changed] ?? 0) changed, "
        line += "\(comparison.gone.count) gone"
        if let restyled = counts[.restyled] {
          line += ", \(restyled) with the same HTML under a changed stylesheet (the page compares how they look)"
        }
        printError(line + ".")
      }
    }
  }
}
