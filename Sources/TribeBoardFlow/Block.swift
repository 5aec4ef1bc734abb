/// One piece of a screen's content, described by meaning rather than look; the simulator decides the look.
public enum Block: Equatable, Sendable {
  /// A sentence or two.
  case paragraph(String)
  /// A labelled value: "Family: The Johnsons".
  case field(String, String)
  /// A heading over the blocks that follow.
  case section(String)
  /// A list entry, with an optional reference number to type and an optional flag ("UNCLAIMED").
  case item(ref: Int?, text: String, flag: String? = nil)
  /// What a list shows when it has nothing, with the next step.
  case empty(String)
  /// A QR code standing for `payload`.
  case qr(payload: String)
  /// Page dots: `page` of `count`, 1-based.
  case pager(page: Int, count: Int)
}
