import Foundation
import KochCore
import KochIO
import Testing

/// The progress file is precious: damaged files are reported and left
/// alone, concurrent graders lose nothing, a killed grader breaks nothing.
@Suite struct GradeProgressFileTests {
    /// A progress file with one graded session, and a second lesson to grade.
    private func recordedLearner(_ name: String = #function) throws -> (scratch: GradingScratch, nextKey: String, text: String) {
        let scratch = try GradingScratch(name)
        let first = try scratch.lesson(seed: 1)
        try scratch.grade(first, copy: try scratch.perfectCopy(of: first), date: "2026-11-21T19:30")
        let text = String(decoding: try #require(scratch.progressBytes()), as: UTF8.self)
        return (scratch, try scratch.lesson(seed: 2), text)
    }

    /// Line (from 1) of the first line of `text` containing `fragment`.
    private func line(of fragment: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(fragment) } ?? -1) + 1
    }

    enum Damage: String, CaseIterable {
        case notJSON, missingKey, mistypedKey, levelOutOfRange, newerVersion
    }

    @Test(arguments: Damage.allCases)
    func damagedProgressFileIsReportedWithPathKeyAndLineAndLeftUntouched(damage: Damage) throws {
        let (scratch, nextKey, text) = try recordedLearner("damaged-\(damage.rawValue)")
        let damaged: String
        let expected: [String]
        switch damage {
        case .notJSON:
            damaged = text.replacingOccurrences(of: "\"level\" : 2,", with: "\"level\" : 2,,")
            expected = ["not valid JSON", "at line \(line(of: "\"level\" : 2,,", in: damaged))"]
        case .missingKey:
            damaged = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"date\"") }.joined(separator: "\n")
            expected = ["missing key `sessions[0].date`", "at line 4"]
        case .mistypedKey:
            damaged = text.replacingOccurrences(of: "\"sent\" : ", with: "\"sent\" : \"many\", \"x\" : ")
            expected = ["`sessions[0].sent` at line \(line(of: "\"many\"", in: damaged))", "should be a whole number"]
        case .levelOutOfRange:
            damaged = text.replacingOccurrences(of: "\"level\" : 2,", with: "\"level\" : 27,")
            expected = ["`sessions[0].level` at line \(line(of: "\"level\" : 27", in: damaged)) is 27", "levels 2 to 26"]
        case .newerVersion:
            damaged = text.replacingOccurrences(of: "\"formatVersion\" : 2", with: "\"formatVersion\" : 9")
            expected = ["format version 9", "newer koch"]
        }
        #expect(damaged != text)
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: scratch.progressPath))
        let bytes = try #require(scratch.progressBytes())

        let graded = try scratch.grade(nextKey, copy: try scratch.perfectCopy(of: nextKey), date: "2026-11-22T19:30")
        let status = try KochBinary.run(["status", "--progress", scratch.progressPath])
        let lesson = try KochBinary.run(["lesson", "--format", "none", "--out", scratch.folder + "/l", "--progress", scratch.progressPath])
        for result in [graded, status, lesson] {
            #expect(!result.succeeded)
            #expect(result.standardError.contains(scratch.progressPath))
            for fragment in expected {
                #expect(result.standardError.contains(fragment), "\(result.standardError)")
            }
        }
        #expect(scratch.progressBytes() == bytes)
    }

    enum Tampering: String, CaseIterable {
        case foreignCharacter, missingField, levelOutsideCourse, newerFormat, notJSON
    }

    @Test(arguments: Tampering.allCases)
    func tamperedAnswerKeyIsRefusedAndNothingIsRecorded(tampering: Tampering) throws {
        let scratch = try GradingScratch("tampered-\(tampering.rawValue)")
        let key = try scratch.lesson()
        let text = String(decoding: try #require(FileManager.default.contents(atPath: key)), as: UTF8.self)
        let copy = try scratch.perfectCopy(of: key)
        var tampered = text
        var expected: [String] = []
        switch tampering {
        case .foreignCharacter:
            let first = try AnswerKeyFile.read(key).groups[0].text
            tampered = text.replacingOccurrences(of: "\"text\" : \"\(first)\"", with: "\"text\" : \"\(first)Q\"")
            expected = ["`groups[0].text` at line \(line(of: "\(first)Q", in: tampered))", "\"Q\""]
        case .missingField:
            tampered = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"lessonID\"") }.joined(separator: "\n")
            expected = ["missing key `lessonID` at line 1"]
        case .levelOutsideCourse:
            tampered = text.replacingOccurrences(of: "\"level\" : 2,", with: "\"level\" : 30,")
            expected = ["`level` at line \(line(of: "\"level\" : 30", in: tampered)) is 30"]
        case .newerFormat:
            tampered = text.replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 9")
            expected = ["format version 9"]
        case .notJSON:
            tampered = String(text.prefix(text.count / 2))
            expected = ["not valid JSON", "at line"]
        }
        #expect(tampered != text)
        try Data(tampered.utf8).write(to: URL(fileURLWithPath: key))
        let result = try scratch.grade(key, copy: copy, date: "2026-11-21T19:30")
        #expect(!result.succeeded)
        #expect(result.standardError.contains(key))
        for fragment in expected {
            #expect(result.standardError.contains(fragment), "\(result.standardError)")
        }
        #expect(scratch.progressBytes() == nil)
    }

    @Test func eightGradersAtOnceLoseNoSession() async throws {
        let scratch = try GradingScratch()
        let keys = try (1...8).map { try scratch.lesson(seed: $0, minutes: 0.5) }
        let copies = try keys.map { try scratch.transcript(try scratch.perfectCopy(of: $0), name: "copy-\(($0 as NSString).lastPathComponent).txt") }
        let results = try await withThrowingTaskGroup(of: KochBinary.Result.self) { group in
            for (key, copy) in zip(keys, copies) {
                group.addTask {
                    try KochBinary.run([
                        "grade", "--key", key, "--transcript", copy, "--progress", scratch.progressPath, "--date", "2026-11-21T19:30",
                    ])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { !$0.succeeded }.isEmpty, "\(results.map(\.standardError))")
        let sessions = try scratch.sessions()
        #expect(sessions.count == 8)
        #expect(Set(sessions.map(\.lessonID)).count == 8)
        // Each grader removed the lock it held, and none wrote while another held it (no session is lost).
        #expect(!FileManager.default.fileExists(atPath: scratch.progressPath + ".lock"))
    }

    @Test func graderKilledAtEveryFileCallLeavesTheOldFileOrTheNew() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(seed: 1, minutes: 0.5)
        let copy = try scratch.transcript(try scratch.perfectCopy(of: key))
        // A long history, so that the file a grade writes is more than a few bytes.
        let start = try #require(LocalTimestamp.parse("2025-01-01T19:00Z", timeZone: nil))
        let history = (0..<400).map { index in
            let date = LocalTimestamp(date: start.date.addingTimeInterval(Double(index) * 86_400), utcOffsetSeconds: 0)
            return GradedSession(
                lessonID: "R02-history-\(index)", direction: .receive, course: .letters, level: 2, date: date, gradedAt: date,
                sent: 100, correct: 80, inserted: 1,
                characters: [
                    "K": CharacterStatistics(attempts: 50, correct: 40, mistakenFor: ["M": 5]), "M": CharacterStatistics(attempts: 50, correct: 40),
                ])
        }
        try ProgressStore.encode(LearnerProgress(sessions: history)).write(toFile: scratch.progressPath, atomically: false, encoding: .utf8)
        let arguments = ["grade", "--key", key, "--transcript", copy, "--progress", scratch.progressPath, "--date", "2026-11-21T10:00", "--replace"]

        // Killed as it makes its Nth call of each family on the progress file's folder, for every N:
        // the exact points, not a moment guessed from a clock.
        var kills: [String: Int] = [:]
        for call in ["open", "write", "fsync", "rename", "flock"] {
            let fault = FaultInjector.Fault(call: call, errorName: "KILL")
            kills[call] = try FaultInjector.sweep(fault) { n in
                let old = try #require(scratch.progressBytes())
                let oldSessions = try ProgressStore.decode(Array(old), path: scratch.progressPath).sessions
                let run = try FaultInjector.run(arguments, fault: fault, n: n, watching: scratch.folder)
                if run.fired { #expect(!run.result.succeeded, "\(fault), N=\(n)") }
                let now = try #require(scratch.progressBytes())
                let sessions = try ProgressStore.decode(Array(now), path: scratch.progressPath).sessions
                if now == old {
                    #expect(sessions == oldSessions)
                } else {
                    #expect(sessions.count == 401, "\(fault), N=\(n)")
                    #expect(sessions.last?.date.description == "2026-11-21T10:00:00Z")
                    #expect(Array(sessions.prefix(400)) == history)
                }
                return run
            }
            // The grade that ran to the end cleared the temporary files the killed ones left, and
            // a grader killed while holding the lock did not block it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder).filter { $0.contains(".partial-") }.isEmpty)
        }
        print("Graders killed at each call: \(kills)")
        #expect(kills.values.allSatisfy { $0 > 0 }, "\(kills)")
    }
}
