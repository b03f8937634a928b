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

    /// The keys and the stop as sent, each key one character or an erase; the rules they keep
    /// (`LiveTyping`) are the service's.
    public static func decode(_ bytes: [UInt8]) throws -> (keys: [TypedKey], stoppedAtSeconds: Double?) {
        let body: TypingBody
        do {
            body = try JSONDecoder().decode(TypingBody.self, from: Data(bytes))
        } catch {
            throw ServerRefusal.badRequest(
                "Send the keys typed as JSON: {\"typed\": [{\"at\": SECONDS, \"key\": \"K\"} or {\"at\": SECONDS, \"erase\": true}], "
                    + "\"stoppedAt\": SECONDS or null}. Nothing was recorded.")
        }
        var keys: [TypedKey] = []
        keys.reserveCapacity(body.typed.count)
        for (index, typed) in body.typed.enumerated() {
            if let key = typed.key, typed.erase == nil, key.count == 1, let character = key.first {
                keys.append(TypedKey(lessonSeconds: typed.at, action: .character(character)))
            } else if typed.key == nil, typed.erase == true {
                keys.append(TypedKey(lessonSeconds: typed.at, action: .erase))
            } else {
                throw ServerRefusal.badRequest("Key \(index + 1) is neither one character (\"key\") nor an erase. Nothing was recorded.")
            }
        }
        return (keys, body.stoppedAt)
    }
}
