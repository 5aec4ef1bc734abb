import TribeBoardScenarios

/// libFuzzer's entry point: one input, as the bytes of a scenario file, through the whole loader (UTF-8 check,
/// YAML, node limits, the scenario reader). A crash, a hang or a refusal without a position is a finding; a
/// refused file is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
  do {
    let scenario = try ScenarioLoader.parse(text, source: "fuzz.yaml")
    _ = scenario.journeys.count
  } catch {
    for diagnostic in error.diagnostics where diagnostic.line < 1 || diagnostic.column < 1 {
      fatalError("diagnostic without a position: \(diagnostic)")
    }
  }
  return 0
}
