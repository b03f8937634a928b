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

    /// A key log sent from a page, read as `koch grade --events` reads one; refused in words when it
    /// is larger or longer than the limits (a recording's length: a paddle held for the two hours
    /// `koch grade --events` reads is work, not an exercise), not text, or not a log.
    func keyLog(_ bytes: [UInt8]) throws -> PaddleLog {
        guard bytes.count <= limits.liveBytes else { throw ServerRefusal.tooLarge(limitBytes: limits.liveBytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ServerRefusal.badRequest("A key log is text, one event a line (0.000 key down). Nothing was recorded.")
        }
        let log: PaddleLog
        do {
            log = try PaddleLog(text: text)
        } catch {
            throw ServerRefusal.badRequest("The key log cannot be read: \(error.description) Nothing was recorded.")
        }
        if let first = log.events.first?.seconds, let last = log.events.last?.seconds, last - first > limits.recordingSeconds {
            throw ServerRefusal.tooLong(limitSeconds: limits.recordingSeconds)
        }
        return log
    }
}
