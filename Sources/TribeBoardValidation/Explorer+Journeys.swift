import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

/// The walk's findings as journeys: one that reaches each screen.
extension Explorer {
  /// The journeys that reach each screen the walk reached, by its shortest inputs, each ending in an expectation
  /// of the screen: `reach-calendar`, `reach-event-detail`, … Recorded with `check --update`, they become golden
  /// transcripts.
  public static func journeys(_ report: Report) -> [Journey] {
    ScreenID.allCases.compactMap { screen in
      guard let inputs = report.reached[screen] else { return nil }
      return Journey(name: journeyName(screen), steps: inputs + [":expect screen=\(screen.rawValue)"])
    }
  }

  /// `reach-` and the screen's name in lowercase words: `reach-event-detail`.
  static func journeyName(_ screen: ScreenID) -> String {
    var name = "reach"
    for character in screen.rawValue {
      if character.isUppercase {
        name += "-\(character.lowercased())"
      } else if name.hasSuffix("reach") {
        name += "-\(character)"
      } else {
        name.append(character)
      }
    }
    return name
  }
}
