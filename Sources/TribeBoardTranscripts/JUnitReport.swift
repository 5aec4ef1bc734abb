import TribeBoardEngine
import TribeBoardRendering

/// `check --junit`: the outcome of every transcript checked as JUnit XML, which CI systems show as test results.
///
/// One `testsuite` per scenario, one `testcase` per transcript (a journey's, or a recording's), named by the journey
/// (or the file, for a recording), with the transcript's path in `file`. A mismatch is a `failure` whose text is the
/// line diff; a missing transcript or a failed `expect` is a `failure`; a transcript that can't be read is an
/// `error`. Everything is escaped, and characters XML 1.0 can't hold are written as `\u{HEX}`.
public enum JUnitReport {
  /// One transcript and how checking it went.
  public struct Result: Sendable {
    public var transcript: TranscriptCase
    public var outcome: CheckOutcome

    public init(transcript: TranscriptCase, outcome: CheckOutcome) {
      self.transcript = transcript
      self.outcome = outcome
    }
  }

  /// The report, a complete XML document ending in a newline.
  public static func xml(_ results: [Result], name: String = "tribeboard check") -> String {
    var suites: [(name: String, results: [Result])] = []
    for result in results {
      let suite = result.transcript.scenario.name
      if let index = suites.firstIndex(where: { $0.name == suite }) {
        suites[index].results.append(result)
      } else {
        suites.append((suite, [result]))
      }
    }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"\(attribute(name))\"\(counts(results))>\n"
    for suite in suites {
      xml += "  <testsuite name=\"\(attribute(suite.name))\"\(counts(suite.results))>\n"
      for result in suite.results {
        xml += "    <testcase classname=\"\(attribute(suite.name))\" name=\"\(attribute(testName(result.transcript)))\""
        xml += " file=\"\(attribute(result.transcript.path))\""
        guard let (element, type, message, body) = problem(result.outcome) else {
          xml += "/>\n"
          continue
        }
        xml += ">\n      <\(element) type=\"\(type)\" message=\"\(attribute(message))\">"
        xml += text(body) + "</\(element)>\n    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// The report when the transcripts could not even be found (a scenario or a header that can't be loaded): one
  /// `error` holding the diagnostics, so CI shows why instead of finding no report.
  public static func xml(loadFailure diagnostics: String, paths: [String], name: String = "tribeboard check") -> String
  {
    let suite = "loading"
    let firstLine = diagnostics.split(separator: "\n").first.map(String.init) ?? diagnostics
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="\(attribute(name))" tests="1" failures="0" errors="1">
        <testsuite name="\(suite)" tests="1" failures="0" errors="1">
          <testcase classname="\(suite)" name="\(attribute(paths.joined(separator: " ")))">
            <error type="unloadable" message="\(attribute(firstLine))">\(text(diagnostics))</error>
          </testcase>
        </testsuite>
      </testsuites>

      """
  }

  /// The test case's name: the journey, or the file's name without `.transcript` for a recording.
  static func testName(_ transcript: TranscriptCase) -> String {
    if let journey = transcript.journey { return journey.name }
    let file = transcript.path.split(separator: "/").last.map(String.init) ?? transcript.path
    let suffix = "." + TranscriptChecker.fileExtension
    return file.hasSuffix(suffix) ? String(file.dropLast(suffix.count)) : file
  }

  private static func counts(_ results: [Result]) -> String {
    let errors = results.filter { if case .unreadable = $0.outcome { true } else { false } }.count
    let failures = results.filter(\.outcome.failed).count - errors
    return " tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
  }

  /// The element (`failure` or `error`), its type, its one-line message and its text, for an outcome that failed.
  private static func problem(_ outcome: CheckOutcome) -> (String, String, String, String)? {
    switch outcome {
    case .passed, .updated, .recorded:
      nil
    case .missing:
      ("failure", "missing", "the transcript is missing", "'tribeboard check --update' records it")
    case .mismatch(let diff):
      ("failure", "mismatch", "the output differs (- transcript, + this run)", diff)
    case .failedExpectations(let failures, _):
      ("failure", "expectation", failures.first ?? "an expectation failed", failures.joined(separator: "\n"))
    case .unreadable(let reason):
      ("error", "unreadable", reason, reason)
    }
  }

  /// `value` escaped for an attribute: line breaks and tabs as character references, so they survive.
  static func attribute(_ value: String) -> String {
    escape(value, attribute: true)
  }

  /// `value` escaped for element text.
  static func text(_ value: String) -> String {
    escape(value, attribute: false)
  }

  private static func escape(_ value: String, attribute: Bool) -> String {
    var result = ""
    result.reserveCapacity(value.utf8.count)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      case "'" where attribute: result += "&apos;"
      case "\n" where attribute: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where attribute: result += "&#9;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        // Not allowed in XML 1.0, even as a character reference.
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
