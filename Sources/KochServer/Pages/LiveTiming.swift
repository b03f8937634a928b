import Foundation
import KochCore

/// What a page needs to place a live copy's characters under their groups as `ReceiveCopy` does,
/// and no more: when each group sounds and how many characters it sends, not what they are (the
/// answers stay on the server until the copy is graded).
///
///     {"durationSeconds": 121.3, "lastTypingSeconds": 3, "introduction": true, "groups": [[2.1, 4.0, 5], …]}
struct LiveTiming: Encodable {
    let durationSeconds: Double
    let lastTypingSeconds: Double
    let introduction: Bool
    /// Each group's start and end, in seconds of the lesson, and its count of characters sent.
    let groups: [[Double]]

    static func json(of key: AnswerKey) throws -> String {
        let timing = LiveTiming(
            durationSeconds: key.durationSeconds, lastTypingSeconds: ReceiveCopy.lastTypingSeconds, introduction: key.introduction != nil,
            groups: key.groups.map { [$0.startSeconds, $0.endSeconds, Double(WrittenTokens.split($0.text).count)] })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(timing), as: UTF8.self)
    }
}
