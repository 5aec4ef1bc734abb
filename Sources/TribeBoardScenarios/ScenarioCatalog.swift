import Foundation

/// Finds a scenario from what a person typed on the command line: a built-in name or a file path.
public enum ScenarioCatalog {
  /// Resolves `NAME|PATH`: an argument containing `/` or ending in `.yaml` or `.yml` is a file path, loaded with
  /// ``ScenarioLoader/load(atPath:displayPath:limits:)``; anything else is a built-in name (``BundledScenarios``).
  /// An unknown name is an error listing the built-in names, with a "did you mean" when one is close.
  public static func resolve(_ nameOrPath: String) throws(ScenarioError) -> Scenario {
    if isPath(nameOrPath) {
      return try ScenarioLoader.load(atPath: nameOrPath)
    }
    return try BundledScenarios.scenario(named: nameOrPath)
  }

  /// Whether `argument` names a file rather than a built-in scenario.
  public static func isPath(_ argument: String) -> Bool {
    argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
  }
}
