import Foundation
import KochClass
import KochCore
import KochIO
import KochServer
import Testing

/// A send exercise's recording graded by the server: decoding minutes of audio (the signal tier).
@Suite struct ClassServiceRecordingTests {
    @Test func aPhonesM4ARecordingIsGradedAsKochGradeGradesTheSameFileWithItsFist() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let learner = try fixture.service.addLearner(name: "Ann Lee", level: 5)
        let before = try fixture.service.database.progress(of: learner)
        let lesson = try fixture.service.nextLesson(for: learner, direction: .send, spoken: false)
        let mp3 = fixture.folder + "/" + lesson.audioFile
        let m4a = fixture.folder + "/keying.m4a"
        try Self.run("/usr/bin/ffmpeg", ["-loglevel", "error", "-i", mp3, "-c:a", "aac", "-b:a", "64k", m4a])
        let bytes = try #require(try FileBytes.read(m4a))

        let graded = try fixture.service.grade(.recording(bytes), lessonID: lesson.id, of: learner)
        guard case let .copy(report) = graded.report else {
            Issue.record("not graded as a keying")
            return
        }
        #expect(report.accuracy > 0.95)
        #expect(report.fist != nil)
        #expect(report.recording?.decodedText.isEmpty == false)
        #expect(!graded.reportJSON.contains(fixture.folder), "the server's own paths stay out of the grade")
        #expect(try fixture.service.database.progress(of: learner).sessions.count == 1)
        let uploads = (try? FileManager.default.contentsOfDirectory(atPath: fixture.folder + "/uploads")) ?? []
        #expect(uploads.isEmpty, "the upload is removed once graded")

        // The same file, key and progress through `koch grade`'s path: a progress file.
        let progressPath = fixture.folder + "/progress.json"
        try AtomicFile.write(try ProgressStore.encode(before), to: progressPath)
        var request = GradeRequest(
            key: .given(lesson.key, path: "key"), progress: ProgressStore(path: progressPath),
            gradedAt: LocalTimestamp(date: ServerFixture.now, timeZone: .current))
        request.recordingPath = m4a
        request.otherKeys = []
        guard case let .lesson(byFile) = try Grader().grade(request) else {
            Issue.record("not graded as a lesson")
            return
        }
        let fileReport = LessonReport(byFile, progressFile: learner.progressName).namingRecording("your recording")
        #expect(try ClassServiceGradingTests.json(fileReport) == graded.reportJSON)
        #expect(try ProgressStore(path: progressPath).read() == fixture.service.database.progress(of: learner))
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
