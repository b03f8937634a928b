import Foundation
import Testing

@testable import KochServer

/// What `koch serve import` refuses to read: another file, another version, a document edited so
/// that it could not be a store's own. Each refusal says why, before any store is opened.
@Suite struct ClassExportDocumentTests {
    static let token = "RvO5x-mfwLCBvOtQ-_Lhhf_AjTFz97zA2i8Rc7OzBQk"
    static let progress =
        #"{"formatVersion":3,"sessions":[],"start":{"receive":{"course":"letters","level":2},"send":{"course":"letters","level":2}}}"#

    static func learner(id: Int64 = 1) -> ClassExport.Learner {
        ClassExport.Learner(
            id: id, name: "Ann Lee", linkToken: token, feedToken: String(token.reversed()), progress: progress, spokenFeed: false,
            createdAt: 1_796_067_000.123)
    }

    static func read(_ export: ClassExport) throws -> ClassExport {
        try ClassExport.decoded(from: try export.encoded(), path: "class.json")
    }

    @Test func aDocumentExportWroteIsReadAsItWas() throws {
        let export = ClassExport(learners: [Self.learner()], lessons: [], submissions: [], teacherPasswordHash: nil, settings: ["forms": "x"])
        #expect(try Self.read(export) == export)
        #expect(String(decoding: try export.encoded(), as: UTF8.self).contains(#""format" : "koch-class""#))
    }

    @Test func anotherFileOrVersionIsRefusedAsSuch() {
        for text in [#"{"sessions": []}"#, "not JSON at all", #"{"format": "koch-pack", "version": 1}"#] {
            #expect(throws: ClassExportError.notAnExport(path: "class.json")) {
                try ClassExport.decoded(from: Array(text.utf8), path: "class.json")
            }
        }
        #expect(throws: ClassExportError.otherVersion(path: "class.json", version: 2)) {
            try ClassExport.decoded(from: Array(#"{"format": "koch-class", "version": 2}"#.utf8), path: "class.json")
        }
        #expect(throws: ClassExportError.self) {
            try ClassExport.decoded(from: Array(#"{"format": "koch-class", "version": 1, "learners": []}"#.utf8), path: "class.json")
        }
    }

    @Test func rowsThatCouldNotBeAStoresOwnAreRefused() {
        var badToken = Self.learner()
        badToken.linkToken = "short"
        var badProgress = Self.learner()
        badProgress.progress = "{"
        let lesson = ClassExport.Lesson(
            id: String(repeating: "ab", count: 16), learnerID: 1, direction: "receive", level: 2, spoken: false, title: "Level 2",
            key: "{}", audioFile: "../../etc/passwd", audioBytes: 1, durationSeconds: 1, createdAt: 0)
        var nobodys = lesson
        nobodys.learnerID = 7
        let submission = ClassExport.Submission(lessonID: "0123", learnerID: 1, kind: "copy", report: "{}", accuracy: 1, receivedAt: 0)
        let documents = [
            ClassExport(learners: [badToken], lessons: [], submissions: [], teacherPasswordHash: nil, settings: [:]),
            ClassExport(learners: [badProgress], lessons: [], submissions: [], teacherPasswordHash: nil, settings: [:]),
            ClassExport(learners: [Self.learner(), Self.learner()], lessons: [], submissions: [], teacherPasswordHash: nil, settings: [:]),
            ClassExport(learners: [Self.learner()], lessons: [lesson], submissions: [], teacherPasswordHash: nil, settings: [:]),
            ClassExport(learners: [Self.learner()], lessons: [nobodys], submissions: [], teacherPasswordHash: nil, settings: [:]),
            ClassExport(learners: [Self.learner()], lessons: [], submissions: [submission], teacherPasswordHash: nil, settings: [:]),
        ]
        for document in documents {
            #expect(throws: ClassExportError.self) { try Self.read(document) }
        }
        #expect(!ClassExport.isInsideDataFolder("/etc/passwd") && !ClassExport.isInsideDataFolder("lessons/../../x"))
        #expect(ClassExport.isInsideDataFolder("lessons/0123/lesson.mp3"))
    }
}
