import Foundation
import KochClass
import KochCore
import KochIO
import KochServer
import Testing

@Suite struct ClassServiceGradingTests {
    @Test func aCopyIsGradedAndRecordedOnceAndSentAgainChangesNothing() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 2)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false)
        let graded = try fixture.service.grade(.copy(ServerFixture.perfectCopy(of: lesson)), lessonID: lesson.id, of: learner)
        #expect(graded.recorded.recorded)
        #expect(graded.reportJSON.contains("\"accuracy\" : 1"))
        let after = try fixture.service.database.progress(of: learner)
        #expect(after.sessions.count == 1)
        #expect(DirectionProgress(progress: after, direction: .receive).level == 3)
        #expect(throws: ServerRefusal.alreadyGraded(accuracyPercent: 100)) {
            try fixture.service.grade(.copy(ServerFixture.perfectCopy(of: lesson)), lessonID: lesson.id, of: learner)
        }
        #expect(try fixture.service.database.progress(of: learner) == after)
    }

    @Test func theServersGradeIsTheGradeKochGradeGivesTheSameCopy() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 4)
        let before = try fixture.service.database.progress(of: learner)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false)
        let copy = ServerFixture.copy(of: lesson, wrongGroups: 3)
        let graded = try fixture.service.grade(.copy(copy), lessonID: lesson.id, of: learner)

        // The same key, progress and copy through a progress file, as `koch grade` grades them.
        let progressPath = fixture.folder + "/progress.json"
        try AtomicFile.write(try ProgressStore.encode(before), to: progressPath)
        var request = GradeRequest(
            key: .given(lesson.key, path: "key"), progress: ProgressStore(path: progressPath),
            gradedAt: LocalTimestamp(date: ServerFixture.now, timeZone: .current))
        request.copy = .bytes(copy)
        request.otherKeys = []
        guard case let .lesson(byFile) = try Grader().grade(request) else {
            Issue.record("not graded as a lesson")
            return
        }
        let fileReport = try Self.json(LessonReport(byFile, progressFile: learner.progressName))
        #expect(fileReport == graded.reportJSON)
        #expect(try ProgressStore(path: progressPath).read() == fixture.service.database.progress(of: learner))
    }

    @Test func aRefusalRecordsNothing() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 2)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false)
        let before = try fixture.service.database.progress(of: learner)
        let refusals: [Submission] = [
            .copy(Array("KM".utf8)),  // under a quarter of the lesson
            .heard(10, stoppedAtSeconds: nil),  // not a spoken lesson
            .recording([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 200)),  // a JPEG, and a lesson to copy
            .copy([0xC3, 0x28]),  // not UTF-8
        ]
        for submission in refusals {
            #expect(throws: ServerRefusal.self) { try fixture.service.grade(submission, lessonID: lesson.id, of: learner) }
        }
        #expect(try fixture.service.database.progress(of: learner) == before)
        #expect(try fixture.service.database.submission(of: lesson.id) == nil)
    }

    @Test func anotherLearnersLessonIsUnknown() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let ann = try fixture.service.addLearner(name: "Ann Lee", level: 2)
        let bo = try fixture.service.addLearner(name: "Bo Chen", level: 2)
        let lesson = try fixture.service.nextLesson(for: ann, direction: .receive, spoken: false)
        #expect(throws: ServerRefusal.unknown) {
            try fixture.service.grade(.copy(ServerFixture.perfectCopy(of: lesson)), lessonID: lesson.id, of: bo)
        }
        #expect(try fixture.service.database.progress(of: bo).sessions.isEmpty)
    }

    @Test func aPhotoSentAsARecordingIsNamedAPhoto() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 2)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .send, spoken: false)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 0, count: 500)
        do {
            _ = try fixture.service.grade(.recording(jpeg), lessonID: lesson.id, of: learner)
            Issue.record("a JPEG was graded")
        } catch let refusal as ServerRefusal {
            #expect(refusal.status == 415)
            #expect(refusal.message.contains("JPEG"))
        }
        #expect(try fixture.service.database.submission(of: lesson.id) == nil)
    }

    @Test func aSpokenLessonsCountHeardIsRecordedAsSelfScored() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 2)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: true)
        #expect(lesson.spoken)
        // Two minutes of a level-2 lesson hold a few items more or less, by its seed.
        let heard = min(10, lesson.key.spokenItems.count - 1)
        let graded = try fixture.service.grade(.heard(heard, stoppedAtSeconds: nil), lessonID: lesson.id, of: learner)
        #expect(graded.recorded.recorded)
        #expect(graded.reportJSON.contains("\"heard\" : \(heard)"))
        let progress = try fixture.service.database.progress(of: learner)
        #expect(progress.sessions.count == 1)
        #expect(DirectionProgress(progress: progress, direction: .receive).level == 2)
    }

    @Test func theNextLessonIsTheOneNotGradedYetThenANewOneAtTheNewLevel() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 2)
        let first = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false)
        #expect(try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false).id == first.id)
        _ = try fixture.service.grade(.copy(ServerFixture.perfectCopy(of: first)), lessonID: first.id, of: learner)
        let next = try fixture.service.nextLesson(for: learner, direction: .receive, spoken: false)
        #expect(next.id != first.id)
        #expect(next.level == 3)
        let audio = try #require(try FileBytes.read(fixture.service.audioPath(of: next)))
        #expect(audio.count == next.audioBytes)
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
