/// How much of a lesson a copy covers: the characters written (right,
/// wrong or extra) against the characters sent. An empty copy (a file
/// saved before typing, or the wrong file) or one under a quarter of the
/// lesson is not a grade of the lesson: recording it would reset the
/// schedule and mark every character weak.
public struct CopyCoverage: Sendable, Hashable {
    public static let minimumShare = 0.25

    public let written: Int
    public let sent: Int

    public init(score: Score) {
        written = score.correct + score.substituted + score.inserted
        sent = score.sent
    }

    public var isEmpty: Bool { written == 0 }

    /// Under a quarter of what was sent (an empty copy included).
    public var isTooShort: Bool { sent > 0 && Double(written) < Self.minimumShare * Double(sent) }
}
