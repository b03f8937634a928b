import Foundation
import KochClass
import KochCore
import KochIO
import KochServer
import Testing

/// The live exercises of a lesson's page, as the server grades them: a copy typed while the lesson
/// played (placed by `ReceiveCopy`, as `koch practice` places it) and a send exercise keyed on the
/// screen (a log of key events, as `koch grade --events` reads one).
@Suite struct ClassServiceLiveTests {
    /// Each group's characters typed just after the group ends (in the gap before the next, well
    /// within the group's window), one group's last character wrong and one erased and typed again.
    static func typing(_ key: AnswerKey, groups count: Int, wrongGroup: Int, erasedGroup: Int) -> [TypedKey] {
        var typed: [TypedKey] = []
        for (index, group) in key.groups.prefix(count).enumerated() {
            var seconds = group.endSeconds + 0.02
            var text = group.text.lowercased()
            if index == wrongGroup { text = String(text.dropLast()) + (text.last == "k" ? "m" : "k") }
            for character in text {
                typed.append(TypedKey(lessonSeconds: seconds, action: .character(character)))
                seconds += 0.01
                if index == erasedGroup, typed.count % 2 == 0 {
                    typed.append(TypedKey(lessonSeconds: seconds, action: .erase))
                    typed.append(TypedKey(lessonSeconds: seconds + 0.005, action: .character(character)))
                    seconds += 0.01
                }
            }
        }
        return typed
    }

    @Test func aCopyTypedLiveIsPlacedAndGradedAsKochPracticeGradesIt() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 4)
        let before = try fixture.service.database.progress(of: learner)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false)
        let key = lesson.key
        let typed = Self.typing(key, groups: 8, wrongGroup: 2, erasedGroup: 4)
        // Stopped while the ninth group sounds: eight groups are graded.
        let stop = (key.groups[8].startSeconds + key.groups[8].endSeconds) / 2
        let graded = try fixture.service.grade(.typedLive(typed, stoppedAtSeconds: stop), lessonID: lesson.id, of: learner)

        // What `koch practice` grades for the same keys: ReceiveCopy's copy to the stop, live, through a progress file.
        let copy = ReceiveCopy(key: key, replaying: typed)
        #expect(
            Array(copy.typedByGroup.prefix(8))
                == key.groups.prefix(8).enumerated().map { index, group in
                    index == 2 ? String(group.text.dropLast()) + (group.text.last == "K" ? "M" : "K") : group.text
                })
        let progressPath = fixture.folder + "/progress.json"
        try AtomicFile.write(try ProgressStore.encode(before), to: progressPath)
        var request = GradeRequest(
            key: .given(key, path: "key"), progress: ProgressStore(path: progressPath),
            gradedAt: LocalTimestamp(date: ServerFixture.now, timeZone: .current))
        request.reading = .lesson(.copy(copy.text(stoppedAtLessonSeconds: stop)))
        request.stoppedAtSeconds = stop
        request.live = true
        guard case let .lesson(practised) = try Grader().grade(request) else {
            Issue.record("not graded as a lesson")
            return
        }
        #expect(try ClassServiceGradingTests.json(LessonReport(practised, progressFile: learner.progressName)) == graded.reportJSON)
        let recorded = try fixture.service.database.progress(of: learner)
        #expect(try ProgressStore(path: progressPath).read() == recorded)
        #expect(recorded.sessions.count == 1)
        #expect(recorded.sessions[0].live == true)
        #expect(graded.recorded.grade.session.sent == key.groups.prefix(8).map { WrittenTokens.split($0.text).count }.reduce(0, +))
        #expect(throws: ServerRefusal.self) {
            try fixture.service.grade(.typedLive(typed, stoppedAtSeconds: stop), lessonID: lesson.id, of: learner)
        }
        #expect(try fixture.service.database.progress(of: learner) == recorded)
    }

    /// The exercise's first groups, enough of them to hold `count` characters.
    static func groups(of key: AnswerKey, characters count: Int) -> [String] {
        var groups: [String] = []
        for group in key.groups where groups.joined().count < count { groups.append(group.text) }
        return groups
    }

    /// A straight key's log of `groups` at `wpm`, even: as koch's own keying sends them.
    static func straightKeyLog(_ groups: [String], wpm: Double) -> String {
        let unit = Timing.unitSeconds(wpm: wpm)
        var seconds = 0.0
        var lines: [String] = []
        for group in groups {
            for character in group {
                for element in MorseAlphabet.patterns[character] ?? "" {
                    let length = unit * (element == "." ? 1 : 3)
                    lines.append(String(format: "%.4f key down\n%.4f key up", seconds, seconds + length))
                    seconds += length + unit
                }
                seconds += 2 * unit
            }
            seconds += 4 * unit
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aKeyLogFromThePageIsGradedAsKochGradeGradesTheSameLog() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 4)
        let before = try fixture.service.database.progress(of: learner)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .send, spoken: false)
        let key = lesson.key
        // Keyed in part, as a learner stops: enough characters for the stop to be taken (`KeyingStop`).
        let log = Self.straightKeyLog(Self.groups(of: key, characters: 30), wpm: key.settings.characterSpeedWPM)
        let graded = try fixture.service.grade(.keyLog(Array(log.utf8)), lessonID: lesson.id, of: learner)

        // `koch grade --events` of the same log, through a progress file.
        let logPath = fixture.folder + "/keying.log"
        let progressPath = fixture.folder + "/progress.json"
        try AtomicFile.write(Array(log.utf8), to: logPath)
        try AtomicFile.write(try ProgressStore.encode(before), to: progressPath)
        var request = GradeRequest(
            key: .given(key, path: "key"), progress: ProgressStore(path: progressPath),
            gradedAt: LocalTimestamp(date: ServerFixture.now, timeZone: .current))
        request.eventsPath = logPath
        request.otherKeys = []
        guard case let .lesson(byFile) = try Grader().grade(request) else {
            Issue.record("not graded as a lesson")
            return
        }
        let session = graded.recorded.grade.session
        #expect(session.accuracy == byFile.grade.session.accuracy)
        #expect(session.accuracy > 0.99)
        #expect(session.sent == byFile.grade.session.sent)
        #expect(session.correct == byFile.grade.session.correct)
        #expect(session.characters == byFile.grade.session.characters)
        #expect(session.keying == byFile.grade.session.keying)
        guard case let .copy(report) = graded.report else {
            Issue.record("not graded as a keying")
            return
        }
        #expect(report.fist != nil)
        let recorded = try fixture.service.database.progress(of: learner)
        #expect(recorded.sessions.count == 1)
        #expect(recorded.sessions[0].direction == .send)
        #expect(throws: ServerRefusal.self) { try fixture.service.grade(.keyLog(Array(log.utf8)), lessonID: lesson.id, of: learner) }
        #expect(try fixture.service.database.progress(of: learner) == recorded)
    }

    @Test func theKeyingSoFarIsReadCharacterByCharacterAndRecordsNothing() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 4)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .send, spoken: false)
        let wpm = lesson.key.settings.characterSpeedWPM
        let groups = lesson.key.groups.prefix(2).map(\.text)
        let readout = try fixture.service.readKeying(Array(Self.straightKeyLog(groups, wpm: wpm).utf8), lessonID: lesson.id, of: learner)
        #expect(readout.wpm == wpm)
        #expect(readout.characters.compactMap(\.text).joined() == groups.joined())
        let wordStarts = groups.enumerated().flatMap { number, group in group.indices.map { number > 0 && $0 == group.startIndex } }
        #expect(readout.characters.map(\.wordSpaceBefore) == wordStarts)
        for character in readout.characters {
            #expect(character.pattern == MorseAlphabet.patterns[Character(character.text ?? "?")])
            #expect(character.timings.allSatisfy { $0.close })
            #expect(character.timings.count == 2 * character.pattern.count - 1)
        }
        #expect(try fixture.service.database.progress(of: learner).sessions.isEmpty)
        #expect(try fixture.service.database.submission(of: lesson.id) == nil)
    }

    @Test func liveReturnsOfTheWrongKindOrUnreadableAreRefusedAndRecordNothing() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 2)
        let receive = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false)
        let send = try fixture.service.nextLesson(for: learner, direction: .send, spoken: false)
        let before = try fixture.service.database.progress(of: learner)
        let log = Array("0.0 key down\n0.3 key up\n".utf8)
        let refusals: [(Submission, LessonRow)] = [
            (.keyLog(log), receive),  // a keying of a lesson to copy
            (.typedLive([TypedKey(lessonSeconds: 3, action: .character("K"))], stoppedAtSeconds: nil), send),  // a copy of a send exercise
            // Keys whose time goes back, given to the service by any front end.
            (
                .typedLive(
                    [TypedKey(lessonSeconds: 5, action: .character("K")), TypedKey(lessonSeconds: 4, action: .character("M"))], stoppedAtSeconds: nil),
                receive
            ),
            (.keyLog(Array("0.0 key sideways\n".utf8)), send),  // no log
            (.keyLog([0xC3, 0x28]), send),  // not text
            (.keyLog(Array(String(repeating: "0.0 key down\n", count: 60_000).utf8)), send),  // larger than a live session's limit
            (.keyLog(Array("0 dit down\n3600 dit up\n".utf8)), send),  // a paddle held an hour: longer than any exercise
        ]
        for (submission, lesson) in refusals {
            #expect(throws: ServerRefusal.self) { try fixture.service.grade(submission, lessonID: lesson.id, of: learner) }
        }
        #expect(throws: ServerRefusal.self) { try fixture.service.readKeying(log, lessonID: receive.id, of: learner) }
        #expect(throws: ServerRefusal.tooLong(limitSeconds: 15 * 60)) {
            try fixture.service.readKeying(Array("0 dit down\n3600 dit up\n".utf8), lessonID: send.id, of: learner)
        }
        #expect(try fixture.service.database.progress(of: learner) == before)
        #expect(try fixture.service.database.submission(of: receive.id) == nil)
        #expect(try fixture.service.database.submission(of: send.id) == nil)
    }
}
