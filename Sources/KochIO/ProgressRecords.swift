import KochCore

/// Where a learner's progress is kept, as the services read and record it: a progress file
/// (`ProgressStore`), or a row of a server's database read inside its transaction.
///
/// `update` is the one way to change it: read, change, write as one step that another
/// update cannot come between, and nothing written when `change` throws.
public protocol ProgressRecords: Sendable {
    /// Where the progress is, as messages name it: a file's path, or a learner's name.
    var path: String { get }
    /// The progress recorded; empty (a new learner) when there is none yet.
    func read() throws -> LearnerProgress
    /// Reads the progress, lets `change` make the new progress (nil: nothing to write) and writes it.
    func update<T>(_ change: (LearnerProgress) throws -> (LearnerProgress?, T)) throws -> T
}

extension ProgressStore: ProgressRecords {}
