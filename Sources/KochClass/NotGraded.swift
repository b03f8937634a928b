/// A return (or a learner's folder, or a progress file) that was not graded, and why.
public struct NotGraded: Error, Sendable, Hashable, Comparable {
    /// The file or folder, as found under the returns folder (or the progress file's path).
    public let path: String
    /// The learner it belongs to, when known.
    public let learner: String?
    /// Why, in words a teacher can act on.
    public let reason: String

    public init(path: String, learner: String?, reason: String) {
        self.path = path
        self.learner = learner
        self.reason = reason
    }

    public static func < (lhs: NotGraded, rhs: NotGraded) -> Bool { (lhs.path, lhs.reason) < (rhs.path, rhs.reason) }

    /// `returns/bob/a.txt: the file is empty`.
    public var line: String { "\(path): \(reason)" }
}
