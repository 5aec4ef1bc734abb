import TribeBoardEngine
import TribeBoardRendering

/// `check --shard I/N`: one of N stable slices of the transcripts, so CI runners can split a large suite.
///
/// The transcripts are ordered by path and dealt out in turn: the k-th (from 0) goes to shard `k % N + 1`. The same
/// files always give the same slices, every transcript is in exactly one, and the slices differ in size by at most
/// one.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// Which slice, from 1 to ``count``.
  public var index: Int
  /// How many slices.
  public var count: Int

  /// Why `I/N` is not a shard, as a sentence saying what to write instead.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Reads `I/N`: whole numbers with `1 ≤ I ≤ N`.
  public init(parsing text: String) throws(Problem) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else {
      throw Problem(description: "'\(text)' is not a shard: write I/N, this runner's slice I of N, such as 1/4")
    }
    guard count >= 1 else { throw Problem(description: "'\(text)': the number of shards N must be at least 1") }
    guard (1...count).contains(index) else {
      throw Problem(description: "'\(text)': the shard I counts from 1 to N (here 1 to \(count))")
    }
    self.init(index: index, count: count)
  }

  public var description: String { "\(index)/\(count)" }

  /// The items of this shard, in their given order: those whose key (a path) is the k-th in sorted order, with
  /// `k % count == index - 1`.
  public func select<Item>(_ items: [Item], key: (Item) -> String) -> [Item] {
    let keys = items.map(key)
    let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    var chosen = Set<Int>()
    for (position, item) in order.enumerated() where position % count == index - 1 { chosen.insert(item) }
    return items.indices.filter(chosen.contains).map { items[$0] }
  }
}
