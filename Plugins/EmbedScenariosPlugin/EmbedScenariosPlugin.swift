import Foundation
import PackagePlugin

/// Embeds every `Scenarios/*.yaml` file into the target as Swift string literals, so the built-in
/// scenarios travel inside the `tribeboard` binary.
@main
struct EmbedScenariosPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: "Scenarios")
    let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "yaml" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "BundledScenarioFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) built-in scenarios",
        executable: try context.tool(named: "EmbedScenarios").url,
        arguments: [output.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
