/// The golden transcripts of the built-in scenarios (`Scenarios/NAME/JOURNEY.transcript`), built into this library
/// so that another package's tests can compare a journey they drive with the transcript this package checks.
public enum GoldenTranscripts {
  /// The text of the golden transcript `name` (a journey's name) of built-in scenario `scenario`, if there is one.
  public static func text(scenario: String, journey name: String) -> String? {
    files.first { $0.scenario == scenario && $0.name == name }?.text
  }

  /// Every golden transcript, as (scenario, journey) names, sorted.
  public static var names: [(scenario: String, journey: String)] {
    files.map { ($0.scenario, $0.name) }
  }
}
