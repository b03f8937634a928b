import KochCore

extension ClassService {
    /// The characters keyed so far on a send exercise's page, read from its log of key events at
    /// the exercise's speed. Records nothing.
    public func readKeying(_ bytes: [UInt8], lessonID: LessonID, of learner: LearnerRow) throws -> KeyingReadout {
        guard let lesson = try database.lesson(lessonID, of: learner) else { throw ServerRefusal.unknown }
        guard lesson.direction == .send else {
            throw ServerRefusal.notGradable("This is a lesson to copy: there is no keying to read. Nothing was recorded.")
        }
        return KeyingReadout(log: try keyLog(bytes), wpm: lesson.key.settings.characterSpeedWPM)
    }

    /// A key log sent from a page, no larger and no longer than the limits (a recording's length:
    /// a paddle held for the two hours `koch grade --events` reads is work, not an exercise).
    func keyLog(_ bytes: [UInt8]) throws -> PaddleLog {
        let log = try Self.keyLog(bytes, limitBytes: limits.liveBytes)
        if let first = log.events.first?.seconds, let last = log.events.last?.seconds, last - first > limits.recordingSeconds {
            throw ServerRefusal.tooLong(limitSeconds: limits.recordingSeconds)
        }
        return log
    }

    /// A log of key events as its bytes came, read as `koch grade --events` reads one; refused in
    /// words when it is larger than `limitBytes`, not text, or not a log.
    static func keyLog(_ bytes: [UInt8], limitBytes: Int) throws -> PaddleLog {
        guard bytes.count <= limitBytes else { throw ServerRefusal.tooLarge(limitBytes: limitBytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ServerRefusal.badRequest("A key log is text, one event a line (0.000 key down). Nothing was recorded.")
        }
        do {
            return try PaddleLog(text: text)
        } catch {
            throw ServerRefusal.badRequest("The key log cannot be read: \(error.description) Nothing was recorded.")
        }
    }
}
