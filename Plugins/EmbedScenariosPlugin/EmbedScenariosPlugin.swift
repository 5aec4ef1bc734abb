import Foundation
import PackagePlugin

/// Embeds the bundled files into a target as Swift string literals: every `Scenarios/*.yaml` into
/// TribeBoardScenarios, so the built-in scenarios travel inside the `tribeboard` binary, and every golden
/// transcript, `Scenarios/NAME/*.transcript`, into TribeBoardTesting, so another package's tests can compare with
/// them; and the page's own files, `Sources/TribeBoardRendering/Assets/*` (stylesheet, script, icons, logo), into
/// TribeBoardRendering, so the binary serves them with nothing beside it; and the services' OpenAPI document,
/// `Sources/TribeBoardAPI/openapi.yaml`, into TribeBoardAPI. SwiftPM lists the files when it plans the
/// build: after adding one, `touch Package.swift`.
@main
struct EmbedScenariosPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    if target.name == "TribeBoardAPI" {
      let file = target.directoryURL.appending(path: "openapi.yaml")
      let output = context.pluginWorkDirectoryURL.appending(path: "APIDocumentFile.swift")
      return [
        .buildCommand(
          displayName: "Embedding the OpenAPI document",
          executable: try context.tool(named: "EmbedScenarios").url,
          arguments: ["--document", output.path, file.path],
          inputFiles: [file],
          outputFiles: [output]
        )
      ]
    }
    if target.name == "TribeBoardRendering" {
      let folder = target.directoryURL.appending(path: "Assets")
      let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        .filter { !$0.lastPathComponent.hasPrefix(".") }
        .sorted { $0.path < $1.path }
      let output = context.pluginWorkDirectoryURL.appending(path: "AssetFiles.swift")
      return [
        .buildCommand(
          displayName: "Embedding \(files.count) page assets",
          executable: try context.tool(named: "EmbedScenarios").url,
          arguments: ["--assets", output.path] + files.map(\.path),
          inputFiles: files,
          outputFiles: [output]
        )
      ]
    }
    let directory = context.package.directoryURL.appending(path: "Scenarios")
    let transcripts = target.name == "TribeBoardTesting"
    let files = try (transcripts ? goldenTranscripts(in: directory) : scenarios(in: directory))
      .sorted { $0.path < $1.path }
    let output = context.pluginWorkDirectoryURL.appending(
      path: transcripts ? "GoldenTranscriptFiles.swift" : "BundledScenarioFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) \(transcripts ? "golden transcripts" : "built-in scenarios")",
        executable: try context.tool(named: "EmbedScenarios").url,
        arguments: (transcripts ? ["--transcripts"] : []) + [output.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }

  private func scenarios(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "yaml" }
  }

  private func goldenTranscripts(in directory: URL) throws -> [URL] {
    try scenarios(in: directory).flatMap { scenario -> [URL] in
      let folder = scenario.deletingPathExtension()
      guard let names = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      else { return [] }
      return names.filter { $0.pathExtension == "transcript" }
    }
  }
}
