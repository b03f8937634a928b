import KochCore
import KochDecoding

/// Grades one lesson's return (`LessonReturn`: a typed copy, a recording of the learner's keying,
/// a log of their key events, or a spoken lesson's count of items heard) into the session to
/// record: the one pipeline that `koch grade`, a class's returns and live practice share.
///
/// It refuses (`Refusal`), in this order, so that what is wrong with the key or the date is said
/// before the return is read:
///
/// | stage | refused |
/// |---|---|
/// | the return | a stop or `partial` with a keying, `partial` with a count heard; a count heard below zero |
/// | the key | a keying of a receive lesson; a count heard of a lesson without spoken answers, or above its items (before the stop) |
/// | the stop | nothing of the lesson sent before `stoppedAtSeconds` |
/// | the date | a `done` given that cannot be when the lesson was done (`SessionDateProblem`) |
/// | the copy | a typed copy under a quarter of the lesson, unless `partial`; `partial` for one of a quarter or more (`CopyCoverage`) |
/// | the keying | a decode koch is not sure of (`KeyingCheck`) |
/// | the lesson | a copy that fits another of `otherKeys` far better, or nothing of this one, unless `force` (`CopyMismatch`) |
///
/// It opens no progress file: recording the session is `SessionRecording`'s (`LessonGrade.record`).
public struct LessonGrading: Sendable {
    /// The lesson's whole key.
    public let key: AnswerKey
    /// When the lesson was done (the learner's clock), and when it is graded.
    public let done: LocalTimestamp
    public let gradedAt: LocalTimestamp
    /// Whether `done` was given with a time of day (true) or as a day alone (false); nil when it
    /// was taken from the clock, and so needs no check against the lesson's date.
    public var doneGivenWithTime: Bool?
    /// Where the learner stopped the lesson, in seconds from its start: only the groups (or a
    /// spoken lesson's items) sent before it are graded. Not for a keying, which is graded up to
    /// where it ends (`KeyingStop`), so a keying given with a stop is refused.
    public var stoppedAtSeconds: Double?
    /// Take a typed copy of under a quarter of the lesson as a partial copy (and only such a copy);
    /// a keying or a count heard given as one is refused.
    public var partial = false
    /// The other lessons a copy could be of instead: the keys beside the lesson's, or a pack's.
    public var otherKeys: [AnswerKey] = []
    /// Take a copy even though it does not look like one of this lesson.
    public var force = false
    /// The lesson was done live at the computer (`koch practice`): the session says so.
    public var live = false

    public init(key: AnswerKey, done: LocalTimestamp, gradedAt: LocalTimestamp) {
        self.key = key
        self.done = done
        self.gradedAt = gradedAt
    }

    /// Refuses what the key, the stop and the date refuse, before the return is read (a caller
    /// that reads it from a file calls this first); returns the key to grade against.
    public func admit(_ kind: LessonReturn.Kind) throws(Refusal) -> AnswerKey {
        try checkOptions(for: kind)
        switch kind {
        case .copy: break
        case .keying: guard key.direction == .send else { throw .keyingOfReceiveLesson }
        case .heard: guard key.isSpoken else { throw .notSpoken }
        }
        let graded = try keyUpToStop()
        if case let .heard(count) = kind {
            if let stoppedAtSeconds, graded.spokenItems.isEmpty {
                throw .nothingSentBeforeStop(stoppedAtSeconds: stoppedAtSeconds, firstGroupEndSeconds: key.groups.first?.endSeconds)
            }
            if count > graded.spokenItems.count {
                throw .moreHeardThanItems(
                    heard: count, items: graded.spokenItems.count, stoppedAtSeconds: stoppedAtSeconds, itemsInLesson: key.spokenItems.count)
            }
        }
        if let timeGiven = doneGivenWithTime,
            let problem = SessionDateProblem.check(done: done, now: gradedAt.date, lessonCreatedAt: key.createdAt, timeGiven: timeGiven)
        {
            throw .sessionDate(problem)
        }
        return graded
    }

    /// Refuses a stop or a partial copy given with a return they cannot apply to, and a negative
    /// count heard, so that no caller records a session that says what did not happen.
    private func checkOptions(for kind: LessonReturn.Kind) throws(Refusal) {
        switch kind {
        case .copy: return
        case .keying:
            if stoppedAtSeconds != nil { throw .stopOfKeying }
            if partial { throw .partialKeying }
        case let .heard(count):
            if partial { throw .partialWithHeard }
            if count < 0 { throw .negativeHeard(count) }
        }
    }

    /// The key up to the stop, which no keying is given with (`checkOptions`).
    private func keyUpToStop() throws(Refusal) -> AnswerKey {
        guard let stoppedAtSeconds else { return key }
        let graded = key.stopped(atSeconds: stoppedAtSeconds)
        if graded.groups.isEmpty {
            throw .nothingSentBeforeStop(stoppedAtSeconds: stoppedAtSeconds, firstGroupEndSeconds: key.groups.first?.endSeconds)
        }
        return graded
    }

    /// Grades `returned`. Throws `Refusal` when it is refused, and a recording's reader's errors
    /// when it cannot be read. `warn` is told of each stretch of a recording where the key seemed stuck down.
    public func grade(_ returned: LessonReturn, warn: (String) -> Void = { _ in }) throws -> LessonGrade {
        var graded = try admit(returned.kind)
        var stop = graded.groups.count < key.groups.count ? stoppedAtSeconds : nil
        let copy: GradedCopy
        switch returned {
        case let .heard(count):
            let session = GradedSession(
                lessonID: key.lessonID, direction: key.direction, course: key.course, level: key.level, kind: .spoken, date: done,
                gradedAt: gradedAt, sent: graded.spokenItems.count, correct: count, inserted: 0, characters: [:], stoppedAtSeconds: stop,
                live: live)
            return LessonGrade(key: graded, groupsInLesson: stop == nil ? nil : key.groups.count, session: session, copy: nil)
        case let .copy(text):
            copy = try typed(text, against: graded)
        case let .recording(path, toneHz, speedWPM):
            copy = try keyed { try KeyingCheck.read(path, key: graded, toneHz: toneHz, speedWPM: speedWPM, warn: warn) }
        case let .events(log, path, speedWPM, mode):
            copy = try keyed { try KeyingCheck.read(events: log, path: path, key: graded, speedWPM: speedWPM, mode: mode, warn: warn) }
        case let .readLive(output, path, keyerMade):
            copy = try keyedLive(output, path: path, keyerMade: keyerMade, against: graded)
        }
        if let keyed = copy.keying?.stop?.groupsKeyed {
            // A keying that ended before the sheet's end: the groups after it were not keyed, and are not graded.
            stop = key.stopSeconds(afterGroups: keyed)
            graded = key.stopped(afterGroups: keyed)
        }
        if !force, let mismatch = mismatch(of: copy, against: graded) { throw Refusal.mismatch(mismatch) }
        var session = GradedSession(key: graded, score: copy.score, date: done, gradedAt: gradedAt, stoppedAtSeconds: stop, partial: partial)
        session.keying = copy.keying?.sessionKeying(exercise: key.settings.timing)
        session.live = live
        return LessonGrade(key: graded, groupsInLesson: stop == nil ? nil : key.groups.count, session: session, copy: copy)
    }

    /// A typed copy scored, refused unless it covers a quarter of the lesson (or is taken as a partial copy, which must not).
    private func typed(_ text: String, against graded: AnswerKey) throws(Refusal) -> GradedCopy {
        let score = Score(key: graded, transcript: text)
        let coverage = CopyCoverage(score: score)
        if partial, !coverage.isTooShort { throw .notPartial(coverage) }
        if !partial, coverage.isTooShort { throw .tooShort(coverage) }
        let unreadable = Transcript.unreadableCharacters(in: text, characterSet: graded.characterTokens)
        return GradedCopy(text: text, score: score, keying: nil, unreadable: unreadable)
    }

    /// A keying read by `read`, its refusals as the pipeline's.
    private func keyed(_ read: () throws -> KeyingRecording) throws -> GradedCopy {
        do {
            let recording = try read()
            return GradedCopy(text: recording.result.text, score: recording.copy.score, keying: recording, unreadable: [])
        } catch let refusal as KeyingCheck.Refusal {
            throw Refusal.keying(refusal)
        }
    }

    /// A keying read live, graded as it was read, after the checks a recording's reading passes.
    private func keyedLive(_ output: DecoderOutput, path: String, keyerMade: Bool, against graded: AnswerKey) throws -> GradedCopy {
        try keyed {
            var recording = try KeyingCheck.checked(
                DecodeResult(readLive: output), copy: KeyedCopy(key: graded, characters: output.characters), of: graded, path: path,
                speedHintWPM: nil, toneGiven: false, isLog: true, keyerMade: keyerMade)
            recording.readLive = true
            return recording
        }
    }

    /// Whether the copy is not one of this lesson. A copy that fits its own lesson well cannot fit
    /// another far better, so the others are scored only when it fits badly.
    private func mismatch(of copy: GradedCopy, against graded: AnswerKey) -> CopyMismatch? {
        let others = copy.score.accuracy + CopyMismatch.otherBetterBy <= 1 ? otherKeys : []
        return CopyMismatch.check(copy: copy.text, key: graded, score: copy.score, others: others)
    }
}
