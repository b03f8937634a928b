import Foundation
import KochCore

/// A live copy as the page sends it: each key typed, at its second of the lesson, and where the
/// learner stopped (`null`: it played to its end).
///
///     {"typed": [{"at": 12.345, "key": "K"}, {"at": 13.0, "erase": true}], "stoppedAt": null}
public struct TypingBody: Decodable, Sendable {
    struct Typed: Decodable, Sendable {
        let at: Double
        let key: String?
        let erase: Bool?
    }

    let typed: [Typed]
    let stoppedAt: Double?

    /// A session longer than a lesson and its typing time cannot be one of this server's lessons.
    static let longestSeconds = 3600.0
    /// How far before the lesson's start a key may be timed (and is taken at the start).
    static let earliestSeconds = 1.0
    /// More keys than anyone types in an hour's lesson.
    static let mostKeys = 20_000

    /// The keys and the stop, checked: each key one character or an erase, times in order from the
    /// lesson's start, none past an hour. (A key after the lesson's end goes to its last group, and
    /// a stop after it is no stop, as in `koch practice`.)
    public static func decode(_ bytes: [UInt8]) throws -> (keys: [TypedKey], stoppedAtSeconds: Double?) {
        let body: TypingBody
        do {
            body = try JSONDecoder().decode(TypingBody.self, from: Data(bytes))
        } catch {
            throw ServerRefusal.badRequest(
                "Send the keys typed as JSON: {\"typed\": [{\"at\": SECONDS, \"key\": \"K\"} or {\"at\": SECONDS, \"erase\": true}], "
                    + "\"stoppedAt\": SECONDS or null}. Nothing was recorded.")
        }
        guard body.typed.count <= mostKeys else {
            throw ServerRefusal.badRequest("More than \(mostKeys) keys: that is no lesson's copy. Nothing was recorded.")
        }
        let end = longestSeconds
        var keys: [TypedKey] = []
        keys.reserveCapacity(body.typed.count)
        var previousSeconds = -Double.infinity
        for (index, typed) in body.typed.enumerated() {
            // A page's clock, less the sound's output latency, reads a little below zero in the lesson's first moment.
            guard typed.at.isFinite, typed.at >= -earliestSeconds, typed.at <= end, typed.at >= previousSeconds else {
                throw ServerRefusal.badRequest(
                    "Key \(index + 1) is typed at \(typed.at) s: keys come in order, from 0 to \(Int(end)) s into the lesson. Nothing was recorded.")
            }
            if let key = typed.key, typed.erase == nil, key.count == 1, let character = key.first {
                keys.append(TypedKey(lessonSeconds: max(0, typed.at), action: .character(character)))
            } else if typed.key == nil, typed.erase == true {
                keys.append(TypedKey(lessonSeconds: max(0, typed.at), action: .erase))
            } else {
                throw ServerRefusal.badRequest("Key \(index + 1) is neither one character (\"key\") nor an erase. Nothing was recorded.")
            }
            previousSeconds = typed.at
        }
        if let stop = body.stoppedAt, !(stop.isFinite && stop >= 0 && stop <= end) {
            throw ServerRefusal.badRequest("stoppedAt is where the lesson was stopped, 0 to \(Int(end)) s into it. Nothing was recorded.")
        }
        return (keys, body.stoppedAt)
    }
}
