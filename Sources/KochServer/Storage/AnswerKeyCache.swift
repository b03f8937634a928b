import KochCore
import KochIO
import Synchronization

/// Answer keys read from lessons' rows, kept decoded: a lesson's key never changes (a lesson is made
/// once), and its JSON decoded on every read of its row would be a large share of grading a copy.
final class AnswerKeyCache: Sendable {
    static let shared = AnswerKeyCache()

    /// Keys kept at most; the cache starts afresh when it is full.
    let capacity: Int
    private let keys = Mutex<[String: AnswerKey]>([:])

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// Keeps the key of a lesson just made.
    func store(_ key: AnswerKey, id: String) {
        keys.withLock { keys in
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            keys[id] = key
        }
    }

    /// The key of lesson `id`, decoded from `json` the first time.
    func key(id: String, json: String) throws -> AnswerKey {
        if let known = keys.withLock({ $0[id] }) { return known }
        let key = try AnswerKeyFile.decode(Array(json.utf8), path: "lesson \(id)")
        store(key, id: id)
        return key
    }
}
