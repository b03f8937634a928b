extension Transcript {
    /// Longer than this, a file is not the copy of a lesson.
    public static let maximumBytes = 1 << 20

    /// Why a file's bytes are not a copy to grade.
    public enum BytesProblem: Error, Sendable, Hashable {
        /// Far more than a lesson's copy (`maximumBytes`).
        case tooLong(bytes: Int)
        case notUTF8
    }

    /// The text of a copy's bytes: UTF-8, at most `maximumBytes`.
    public static func text(of bytes: [UInt8]) throws(BytesProblem) -> String {
        guard bytes.count <= maximumBytes else { throw .tooLong(bytes: bytes.count) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }
}
