import Dispatch
import Foundation

/// `transform` of every index in `0..<count`, made on every core, in index order. Each
/// index is computed once and its result stored in its own slot, so the results do not
/// depend on how many cores there are or in which order they finish.
public func concurrentMap<Value: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
    guard count > 1 else { return (0..<max(count, 0)).map(transform) }
    let slots = Slots<Value>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { slots.store(transform($0), at: $0) }
    return slots.values
}

/// Results filled in from several cores, each slot by one.
private final class Slots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot's value; each was stored exactly once by `concurrentPerform`.
    var values: [Value] {
        let values = slots.compactMap { $0 }
        precondition(values.count == slots.count, "every slot is filled")
        return values
    }
}
