import Foundation
import KochClass
import KochCore
import KochIO
import Testing

/// The one entry point for grading, in process: a request in, the recorded grade or a typed
/// refusal out, as the command line, live practice and a server call it.
@Suite final class GraderTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-grader-\(UUID().uuidString)").path
    var progressPath: String { folder + "/progress.json" }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder + "/lessons", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `key` into the folder's lessons/ and returns its path.
    func write(_ key: AnswerKey) throws -> String {
        let path = folder + "/lessons/\(key.lessonID).key.json"
        try AnswerKeyFile.encode(key).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A request for the key at `keyPath`, graded on the suite's day.
    func request(_ keyPath: String, copy: String? = nil) -> GradeRequest {
        var request = GradeRequest(key: .file(keyPath), progress: ProgressStore(path: progressPath), gradedAt: ClassGradingSetup.gradedAt)
        request.done = ClassGradingSetup.done
        request.copy = copy.map(GradeRequest.Copy.text)
        return request
    }

    /// The refusal grading `request` throws, or nil when it grades it.
    static func refusal(_ request: GradeRequest) -> GradeRefusal? {
        do {
            _ = try Grader().grade(request)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTypedCopyIsGradedAndRecorded() throws {
        let key = try LessonGradingTests.key()
        let result = try Grader().grade(request(try write(key), copy: ClassFixture.copy(of: key)))
        guard case let .lesson(recorded) = result else {
            Issue.record("not graded as a lesson: \(result)")
            return
        }
        #expect(recorded.recorded && recorded.grade.copy?.score.accuracy == 1)
        let sessions = try ProgressStore(path: progressPath).read().sessions
        #expect(sessions.map(\.lessonID) == [key.lessonID] && sessions.first?.date == ClassGradingSetup.done)
    }

    @Test func aCopyFromAFileIsReadOnceTheKeyTakesIt() throws {
        let key = try LessonGradingTests.key()
        var request = request(try write(key))
        request.copy = .file(folder + "/nowhere.txt")
        guard case .noCopy(folder + "/nowhere.txt") = Self.refusal(request) else {
            Issue.record("a missing copy not refused as one")
            return
        }
        try Data(ClassFixture.copy(of: key).utf8).write(to: URL(fileURLWithPath: folder + "/copy.txt"))
        request.copy = .file(folder + "/copy.txt")
        #expect(try Grader().grade(request).recorded)
    }

    @Test func aCopyThatIsNotTextIsRefusedOnceTheKeyTakesIt() throws {
        let key = try LessonGradingTests.key()
        var request = request(try write(key))
        request.copy = .bytes([0xFF, 0xFE] + Array(ClassFixture.copy(of: key).utf8))
        guard case .copyNotText(.notUTF8) = Self.refusal(request) else {
            Issue.record("bytes that are not UTF-8 not refused")
            return
        }
        request.copy = .bytes(Array(ClassFixture.copy(of: key).utf8))
        #expect(try Grader().grade(request).recorded)
    }

    @Test func aProgressFileThatCannotBeWrittenRecordsNothingAndKeepsTheGrade() throws {
        let key = try LessonGradingTests.key()
        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        var request = request(try write(key), copy: ClassFixture.copy(of: key))
        // A folder that is a file: the progress file cannot be written there, whoever runs the test.
        request.progress = ProgressStore(path: folder + "/file/progress.json")
        guard case let .notWritten(.lesson(recorded), failure) = Self.refusal(request) else {
            Issue.record("a progress file that cannot be written not refused: \(String(describing: Self.refusal(request)))")
            return
        }
        #expect(!recorded.recorded && recorded.writeFailure != nil && failure.isWriteFailure)
        #expect(recorded.grade.copy?.score.accuracy == 1)
    }

    @Test func aRefusalRecordsNothingAndLeavesTheProgressFileAsItWas() throws {
        let key = try LessonGradingTests.key(seed: 1), other = try LessonGradingTests.key(seed: 2)
        _ = try Grader().grade(request(try write(other), copy: ClassFixture.copy(of: other)))
        let before = try Data(contentsOf: URL(fileURLWithPath: progressPath))
        let keyPath = try write(key)
        guard case .lesson(.tooShort, key.lessonID) = Self.refusal(request(keyPath, copy: key.groups[0].text)) else {
            Issue.record("a copy of one group not refused as too short")
            return
        }
        var again = request(try write(other), copy: ClassFixture.copy(of: other))
        guard case .notRecordable(.alreadyGraded, _) = Self.refusal(again) else {
            Issue.record("a lesson graded again not refused")
            return
        }
        // Refused before anything is read: there is no recording at that path.
        again.stoppedAtSeconds = 1
        again.recordingPath = folder + "/keying.wav"
        again.copy = nil
        guard case .conflict(.stopOfKeying) = Self.refusal(again) else {
            Issue.record("a stop given with a keying not refused")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: progressPath)) == before)
    }

    @Test func aCopyOfAnotherLessonBesideTheKeyIsRefusedUnlessForced() throws {
        let own = try LessonGradingTests.key(seed: 1), other = try LessonGradingTests.key(seed: 2)
        _ = try write(other)
        var request = request(try write(own), copy: ClassFixture.copy(of: other))
        guard case .lesson(.mismatch(.matchesAnother(other.lessonID, _, _)), own.lessonID) = Self.refusal(request) else {
            Issue.record("a copy of the lesson beside the key not refused as that lesson's")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: progressPath))
        // A key given (a live session's) is compared with the keys given with it, not those beside it.
        request.key = .given(own, path: folder + "/lessons/\(own.lessonID).key.json")
        request.dryRun = true
        if case .lesson(.mismatch(.matchesAnother), _) = Self.refusal(request) {
            Issue.record("a key given compared with the keys beside its path")
        }
        request.dryRun = false
        request.otherKeys = [other]
        guard case .lesson(.mismatch(.matchesAnother), _) = Self.refusal(request) else {
            Issue.record("the other keys given not compared")
            return
        }
        request.force = true
        guard case let .lesson(recorded) = try Grader().grade(request) else {
            Issue.record("a forced copy not graded as a lesson")
            return
        }
        #expect(recorded.recorded && recorded.grade.session.lessonID == own.lessonID)
    }

    @Test func aKeyingAndACopyAreRefusedForALessonThatIsNoContact() throws {
        let key = try LessonGradingTests.key(direction: .send)
        var request = request(try write(key), copy: ClassFixture.copy(of: key))
        request.eventsPath = folder + "/paddles.txt"
        guard case .notAContact = Self.refusal(request) else {
            Issue.record("a keying with a copy of a send exercise not refused")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: progressPath))
    }

    @Test func aContactsOversReadLiveAndItsCopyAreRecordedTogether() throws {
        let key = try QSOGradingTests.key()
        var request = request(try write(key))
        request.reading = .overs(["W1ABC DE K1XY K", "W1ABC DE K1XY R UR RST 579 579 <BT> 73 <SK>"], copy: key.sentText)
        request.live = true
        guard case let .contact(recorded) = try Grader().grade(request) else {
            Issue.record("not graded as a contact")
            return
        }
        #expect(recorded.recorded && recorded.grade.sessions.count == 2)
        let sessions = try ProgressStore(path: progressPath).read().sessions
        #expect(Set(sessions.map(\.direction)) == [.send, .receive] && sessions.allSatisfy { $0.kind == .qso && $0.live })
    }

    /// A paddle log keying `text` at `wpm` from `startSeconds`: each paddle pressed for half its element (the keyer times it).
    static func paddleLog(_ text: String, wpm: Double, from startSeconds: Double) -> String {
        let unit = 1.2 / wpm
        var time = startSeconds
        var lines: [String] = []
        for character in text {
            guard let pattern = MorseAlphabet.patterns[character] else {
                time += 4 * unit
                continue
            }
            for element in pattern {
                let length = unit * (element == "." ? 1 : 3)
                let paddle = element == "." ? "dit" : "dah"
                lines.append(String(format: "%.4f %@ down", time, paddle))
                lines.append(String(format: "%.4f %@ up", time + length / 2, paddle))
                time += length + unit
            }
            time += 2 * unit
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aContactsPaddleLogIsGradedOverByOverAndRecorded() throws {
        let key = try QSOGradingTests.key()
        let qso = try #require(key.qso)
        let logPath = folder + "/paddles.txt"
        let first = try #require(qso.learnerOvers.first)
        try Self.paddleLog("W1ABC DE K1XY K", wpm: qso.learnerSpeedWPM, from: first.startSeconds + 0.3)
            .write(toFile: logPath, atomically: true, encoding: .utf8)
        var request = request(try write(key))
        request.eventsPath = logPath
        guard case let .contact(recorded) = try Grader().grade(request) else {
            Issue.record("not graded as a contact")
            return
        }
        #expect(recorded.recorded && recorded.grade.sessions.map(\.direction) == [.send] && recorded.grade.keying != nil)
        #expect(recorded.grade.contact.readings.first?.readText == "W1ABC DE K1XY K")
        #expect(try ProgressStore(path: progressPath).read().sessions.map(\.lessonID) == [recorded.grade.sent.lessonID])
    }

    @Test func aContactsPaddleLogWithNothingInItsPausesIsRefused() throws {
        let key = try QSOGradingTests.key()
        let qso = try #require(key.qso)
        // Keyed after the contact's last pause: none of it is an over.
        let afterSeconds = (qso.learnerOvers.map(\.endSeconds).max() ?? 0) + 1
        let logPath = folder + "/paddles.txt"
        try Self.paddleLog("KM MK", wpm: qso.learnerSpeedWPM, from: afterSeconds).write(toFile: logPath, atomically: true, encoding: .utf8)
        var request = request(try write(key))
        request.eventsPath = logPath
        guard case .contact(.nothingSent(let overs, let outside), key.lessonID, logPath) = Self.refusal(request) else {
            Issue.record("a log with nothing in the pauses not refused: \(String(describing: Self.refusal(request)))")
            return
        }
        #expect(overs == qso.learnerOvers.count && outside > 0)
        #expect(!FileManager.default.fileExists(atPath: progressPath))
    }
}
