import CYaml
import Foundation

/// libyaml's events for a big input, parsed on a thread of its own a batch at a time while the caller builds the
/// tree from the batches before (``YAMLDocument/compose(_:file:limits:pipelined:)``): the parse and the building
/// take about 4 and 1 parts of the time, so the building is hidden. A few batches go round between the two threads,
/// so the parse runs at most that far ahead: what is refused while building (too many nodes) stops it soon after.
final class EventPipe: @unchecked Sendable {
  /// Events parsed, in order; the consumer deletes them (``done(with:)``).
  struct Batch {
    let events: UnsafeMutablePointer<yaml_event_t>
    var count = 0
  }

  static let batchSize = 2048
  static let batches = 4

  private let parser: UnsafeMutablePointer<yaml_parser_t>
  /// Guards everything below.
  private let condition = NSCondition()
  private var full: [Batch] = []
  private var empty: [Batch]
  /// The parse reached the end of the stream, or failed (`parser` then holds libyaml's error).
  private var finished = false
  private var failed = false
  private var stopping = false
  private var running = true

  /// Starts parsing with `parser`, which the caller keeps, and does not touch until ``stop()`` returns.
  init(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
    self.parser = parser
    empty = (0..<Self.batches).map { _ in Batch(events: .allocate(capacity: Self.batchSize)) }
    Thread { self.parse() }.start()
  }

  private func parse() {
    while true {
      condition.lock()
      while empty.isEmpty && !stopping { condition.wait() }
      guard !stopping else { break }
      var batch = empty.removeFirst()
      condition.unlock()
      var end = false
      var error = false
      while batch.count < Self.batchSize {
        guard yaml_parser_parse(parser, batch.events + batch.count) == 1 else {
          error = true
          break
        }
        batch.count += 1
        if batch.events[batch.count - 1].type == YAML_STREAM_END_EVENT {
          end = true
          break
        }
      }
      condition.lock()
      full.append(batch)
      finished = end || error
      failed = error
      condition.signal()
      guard !finished else { break }
      condition.unlock()
    }
    running = false
    condition.signal()
    condition.unlock()
  }

  /// The next batch, in order; `nil` once there are no more (see ``parsedAll``).
  func next() -> Batch? {
    condition.lock()
    defer { condition.unlock() }
    while full.isEmpty && !finished { condition.wait() }
    return full.isEmpty ? nil : full.removeFirst()
  }

  /// Whether the parse reached the end of the stream; `false` when libyaml failed (its error is in the parser).
  /// Read once ``next()`` has returned `nil`.
  var parsedAll: Bool {
    condition.lock()
    defer { condition.unlock() }
    return finished && !failed
  }

  /// Deletes the batch's events and hands it back to be filled again.
  func done(with batch: Batch) {
    for index in 0..<batch.count { yaml_event_delete(batch.events + index) }
    condition.lock()
    empty.append(Batch(events: batch.events))
    condition.signal()
    condition.unlock()
  }

  /// Stops the parse if it is still going and waits for its thread to end; then frees every batch, deleting the
  /// events no one took. Call once, after the last ``done(with:)``.
  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    while running { condition.wait() }
    let left = full
    full = []
    condition.unlock()
    for batch in left { done(with: batch) }
    for batch in empty { batch.events.deallocate() }
    empty = []
  }
}
