/// Something wrong with the content of a file that decoded fine: a level
/// outside the course, a group with a character that is not in the key.
/// `codingPath` names the value (`sessions[3].level`), so that the edge
/// reading the file can give its line.
public struct ConsistencyProblem: Sendable, Hashable, CustomStringConvertible {
    public let codingPath: String
    /// Completes "`codingPath` ...", e.g. "is 27, but the letters course has levels 2 to 26".
    public let reason: String

    public init(codingPath: String, reason: String) {
        self.codingPath = codingPath
        self.reason = reason
    }

    public var description: String { "`\(codingPath)` \(reason)" }
}
