import Dispatch

/// The later stage of a two-stage pass, run on another core: the caller
/// makes each block's first stage and submits the result, which this runs
/// through `work` in the order submitted, at most `depth` blocks behind.
/// The two stages share nothing but the blocks handed over, so the result
/// is the same as running them one after the other.
final class OverlappedStage<Block: Sendable, State>: @unchecked Sendable {
    private let queue = DispatchQueue(label: "koch.decode.stage")
    private let slots: DispatchSemaphore
    private var state: State
    private let work: (inout State, Block) -> Void

    init(_ state: State, depth: Int = 4, work: @escaping (inout State, Block) -> Void) {
        self.state = state
        slots = DispatchSemaphore(value: max(1, depth))
        self.work = work
    }

    /// Hands a block over; waits while `depth` blocks are already waiting.
    func submit(_ block: Block) {
        slots.wait()
        queue.async {
            self.work(&self.state, block)
            self.slots.signal()
        }
    }

    /// Waits for every block submitted, then returns the state they left.
    func finish() -> State {
        queue.sync { state }
    }
}
