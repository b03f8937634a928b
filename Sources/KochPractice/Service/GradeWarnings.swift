import Foundation

/// The grader's warnings (a key that seemed stuck down in a recording), held until the grade is
/// given: the grader may tell them from any thread, and the session's screen is told of them in order.
final class GradeWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    @Sendable func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    /// The warnings told so far, emptied.
    func taken() -> [String] {
        lock.withLock {
            defer { lines = [] }
            return lines
        }
    }
}
