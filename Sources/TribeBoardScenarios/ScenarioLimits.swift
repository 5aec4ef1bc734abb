#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How big a scenario file may be: its size in bytes, its number of YAML nodes counting each alias as the nodes it
/// expands to, and how many of those the aliases alone may add (so neither a small "billion laughs" file nor a
/// small file that aliases a big list many times can make the loader build far more than the file holds).
///
/// The standard limits take a world of 10,000 families and more (about 37 MB of YAML). A person who means to
/// load a bigger one raises them for that use, without touching the scenario: with the environment variable
/// `TRIBEBOARD_MAX_SCENARIO_SIZE` (`200M`, `1G`, `500000000`), which ``current`` reads.
public struct ScenarioLimits: Equatable, Sendable {
  /// The largest file accepted, in bytes.
  public var maximumFileSize: Int
  /// The most YAML nodes a document may expand to, aliases included.
  public var maximumNodeCount: Int
  /// The most nodes its aliases may add, all aliases together (an alias adds the nodes its anchor names).
  public var maximumAliasNodeCount: Int

  public init(maximumFileSize: Int, maximumNodeCount: Int, maximumAliasNodeCount: Int) {
    self.maximumFileSize = maximumFileSize
    self.maximumNodeCount = maximumNodeCount
    self.maximumAliasNodeCount = maximumAliasNodeCount
  }

  /// A size limit with the node limits that go with it: one node for every 4 bytes allowed, and one node added by
  /// aliases for every 64.
  public init(maximumFileSize: Int) {
    self.init(
      maximumFileSize: maximumFileSize, maximumNodeCount: maximumFileSize / 4,
      maximumAliasNodeCount: maximumFileSize / 64)
  }

  /// 64 MiB, 16,777,216 nodes of which aliases may add 1,048,576.
  public static let standard = ScenarioLimits(maximumFileSize: 64 << 20)

  /// The largest size the loader can hold (its node tree counts bytes in unsigned 32 bits): 2 GiB, the documented
  /// maximum, which `2G` names.
  public static let largestFileSize = 1 << 31

  /// The environment variable that raises (or lowers) the size limit for every load of a process.
  public static let environmentVariable = "TRIBEBOARD_MAX_SCENARIO_SIZE"

  /// The limits in force: the size set by ``environmentVariable`` (with its node limit), else ``standard``.
  ///
  /// A value that is not a size is an error that says how to write one.
  public static func current() throws(ScenarioError) -> ScenarioLimits {
    guard let pointer = getenv(environmentVariable) else { return .standard }
    let text = String(cString: pointer)
    guard let size = size(text) else {
      throw ScenarioError(
        file: environmentVariable, line: 0, column: 0,
        message: "\(NodeReader.quoted(text)) is not a size; write bytes, or a number with K, M or G (such as 200M), "
          + "from 1K to 2G")
    }
    return ScenarioLimits(maximumFileSize: size)
  }

  /// `1048576`, `512K`, `200M`, `2G` (binary units, `KiB`/`MB`-style suffixes and spaces tolerated), within
  /// 1 KiB … 2 GiB; `nil` for anything else.
  public static func size(_ text: String) -> Int? {
    var digits = Substring(text.filter { $0 != " " && $0 != "_" })
    var shift = 0
    for suffix in ["KIB", "KB", "K", "MIB", "MB", "M", "GIB", "GB", "G", "B"]
    where digits.uppercased().hasSuffix(suffix) {
      shift = ["K": 10, "M": 20, "G": 30, "B": 0][String(suffix.prefix(1))] ?? 0
      digits = digits.dropLast(suffix.count)
      break
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
      number <= largestFileSize >> shift
    else { return nil }
    let size = number << shift
    return (1024...largestFileSize).contains(size) ? size : nil
  }

  /// `4 MiB`, `64 MiB`, `1.5 GiB` or a byte count, for messages.
  var fileSizeDescription: String {
    if maximumFileSize % (1 << 30) == 0 { return "\(maximumFileSize >> 30) GiB" }
    if maximumFileSize % (1 << 20) == 0 { return "\(maximumFileSize >> 20) MiB" }
    if maximumFileSize % (1 << 10) == 0 { return "\(maximumFileSize >> 10) KiB" }
    return "\(maximumFileSize) bytes"
  }
}
