/// The scenarios built into the `tribeboard` binary, from the package's `Scenarios/*.yaml` files.
///
/// A build plugin (EmbedScenariosPlugin) writes the files' text into this module as `files`, so the binary needs
/// nothing beside it at run time.
public enum BundledScenarios {
  /// The scenario `tribeboard` starts with when none is named.
  public static let defaultName = "new-user"

  /// The built-in scenarios' names (their file names without `.yaml`), sorted.
  public static var names: [String] {
    files.map(\.name).sorted()
  }

  /// The YAML text of the built-in scenario called `name`.
  public static func text(named name: String) -> String? {
    files.first { $0.name == name }?.text
  }

  /// The built-in scenario called `name`, parsed; its ``Scenario/source`` is `built-in:NAME`.
  ///
  /// An unknown name is an error that lists the built-in names and suggests the closest one.
  public static func scenario(named name: String) throws(ScenarioError) -> Scenario {
    guard let text = text(named: name) else {
      let known = names
      let list =
        known.isEmpty ? "there are no built-in scenarios" : "built-in scenarios are: \(known.joined(separator: ", "))"
      throw ScenarioError(
        file: name, line: 0, column: 0,
        message: "unknown built-in scenario \(NodeReader.quoted(name))\(Suggestions.didYouMean(name, in: known)); "
          + "\(list); to load a file, give a path containing '/' or ending in .yaml")
    }
    // Journeys read when first used: the tests load every built-in scenario's journeys, and find no problem.
    return try ScenarioLoader.parse(text, source: "built-in:\(name)", lazyJourneys: true)
  }
}
