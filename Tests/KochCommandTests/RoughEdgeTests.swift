import Foundation
import KochCore
import KochIO
import Testing

/// What a new user can get wrong, and koch must not record: a recording cut
/// short, a copy of another lesson, a date that cannot be when the lesson was done.
@Suite struct RoughEdgeTests {
    @Test func aRecordingCutShortIsRefusedAndNothingRecorded() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 5, seed: 3, minutes: 1, direction: .send)
        let full = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(try SendPracticeTests.sentText(key), to: full)
        // The header still promises the whole recording; the file holds its first quarter.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        let cut = scratch.folder + "/cut.wav"
        try bytes.prefix(bytes.count / 4).write(to: URL(fileURLWithPath: cut))

        // A learner with a session already recorded (another lesson, graded from its whole recording).
        let earlier = try scratch.lesson(level: 5, seed: 4, minutes: 1, direction: .send)
        let earlierAudio = scratch.folder + "/earlier.wav"
        try SendPracticeTests.recordKeying(try SendPracticeTests.sentText(earlier), to: earlierAudio)
        #expect(try scratch.gradeAudio(earlier, earlierAudio).succeeded)
        let before = try #require(scratch.progressBytes())

        let graded = try scratch.gradeAudio(key, cut)
        #expect(!graded.succeeded)
        #expect(graded.standardError.contains("cut short"), "\(graded.standardError)")
        #expect(graded.standardError.contains("promises"), "both lengths are named: \(graded.standardError)")
        #expect(scratch.progressBytes() == before, "nothing was recorded")

        let decoded = try KochBinary.run(["decode", cut])
        #expect(decoded.exitCode != 0)
        #expect(decoded.standardError.contains("cut short"), "\(decoded.standardError)")
        // The whole recording is graded.
        #expect(try scratch.gradeAudio(key, full).succeeded)
    }

    /// Two lessons of level 5 in one folder; returns their keys' paths.
    func twoLessons(in scratch: GradingScratch) throws -> (String, String) {
        let out = scratch.folder + "/lessons"
        for seed in [1, 2] {
            let made = try KochBinary.run([
                "lesson", "--level", "5", "--seed", "\(seed)", "--minutes", "1", "--format", "none", "--out", out,
                "--progress", scratch.folder + "/no-progress.json",
            ])
            guard made.succeeded else { throw CommandFailed(result: made) }
        }
        let keys = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".key.json") }.sorted()
        try #require(keys.count == 2)
        return (out + "/" + keys[0], out + "/" + keys[1])
    }

    @Test func aCopyOfAnotherLessonIsRefusedUnlessForced() throws {
        let scratch = try GradingScratch()
        let (first, second) = try twoLessons(in: scratch)
        let otherID = try AnswerKeyFile.read(second).lessonID
        let copyOfSecond = try scratch.perfectCopy(of: second)

        // A copy of the right lesson is graded as ever...
        #expect(try scratch.grade(second, copy: copyOfSecond, date: "2026-11-20T19:30").succeeded)
        let before = try #require(scratch.progressBytes())

        let refused = try scratch.grade(first, copy: copyOfSecond, date: "2026-11-20T20:00")
        #expect(!refused.succeeded)
        #expect(refused.standardError.contains(otherID), "the lesson it matches is named: \(refused.standardError)")
        #expect(refused.standardError.contains("--force"), "\(refused.standardError)")
        #expect(scratch.progressBytes() == before)

        // ...and --force records the odd one.
        let forced = try scratch.grade(first, copy: copyOfSecond, date: "2026-11-20T20:30", extra: ["--force"])
        #expect(forced.succeeded, "\(forced.standardError)")
        #expect(try scratch.sessions().count == 2)
    }

    @Test func aCopyThatMatchesNothingOfTheLessonIsRefused() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 5, seed: 4)
        let length = try scratch.perfectCopy(of: key).count
        let unrelated = String(repeating: "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG ", count: length / 40 + 1)
        let refused = try scratch.grade(key, copy: unrelated, date: "2026-11-20T19:30")
        #expect(!refused.succeeded)
        #expect(refused.standardError.contains("matches almost nothing"), "\(refused.standardError)")
        #expect(scratch.progressBytes() == nil)
        // Nor does a copy in a script with no Morse letters.
        let foreign = try scratch.grade(key, copy: String(repeating: "Привет мир ", count: length / 10 + 1), date: "2026-11-20T19:30")
        #expect(!foreign.succeeded && foreign.standardError.contains("matches almost nothing"), "\(foreign.standardError)")
        #expect(scratch.progressBytes() == nil)
        // A copy of a few characters is not graded as the lesson (it would reset the schedule and mark every
        // character weak): it says so, and --partial records it as a partial copy that moves nothing.
        let short = try scratch.grade(key, copy: "K M", date: "2026-11-20T19:30")
        #expect(
            !short.succeeded && short.standardError.contains("under a quarter") && short.standardError.contains("--partial"), "\(short.standardError)"
        )
        #expect(scratch.progressBytes() == nil)
        let empty = try scratch.grade(key, copy: "\n", date: "2026-11-20T19:30")
        #expect(!empty.succeeded && empty.standardError.contains("holds no character of the lesson"), "\(empty.standardError)")
        let whole = try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-20T19:30", extra: ["--partial"])
        #expect(!whole.succeeded && whole.standardError.contains("a quarter or more"), "--partial is for a short copy only")
        let partial = try scratch.gradeJSON(key, copy: "K M", date: "2026-11-20T19:30", extra: ["--partial"])
        #expect(partial["levelDecision"] as? String == "partialCopy" && partial["scheduleMoved"] as? Bool == false)
        #expect(try scratch.sessions().first?.partial == true)
        let status = try scratch.statusJSON(date: "2026-11-20")
        #expect((status["receive"] as? [String: Any])?["charactersSent"] as? Int == 0, "a partial copy is kept out of the statistics")
        #expect(status["streak"] as? Int == 1)
    }

    @Test func aDateInTheFutureOrBeforeTheLessonIsRefused() throws {
        let scratch = try GradingScratch()
        // Lessons in the tests are made on 2025-10-01 (SOURCE_DATE_EPOCH).
        let key = try scratch.lesson(level: 2, seed: 5)
        let copy = try scratch.perfectCopy(of: key)
        let other = try scratch.lesson(level: 2, seed: 8)
        #expect(try scratch.grade(other, copy: try scratch.perfectCopy(of: other), date: "2026-11-01T19:30").succeeded)
        let recorded = try #require(scratch.progressBytes())

        let before = try scratch.grade(key, copy: copy, date: "2025-09-20T19:30")
        #expect(!before.succeeded)
        #expect(before.standardError.contains("before the lesson was made"), "\(before.standardError)")

        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let future = formatter.string(from: KochBinary.now.addingTimeInterval(3 * 86_400))
        let ahead = try scratch.grade(key, copy: copy, date: future)
        #expect(!ahead.succeeded)
        #expect(ahead.standardError.contains("in the future"), "\(ahead.standardError)")
        #expect(scratch.progressBytes() == recorded, "neither date changed a byte")

        // Today's date where the day begins first (UTC+14) is no future date.
        formatter.timeZone = TimeZone(secondsFromGMT: 14 * 3600)
        let todayAhead = try scratch.grade(key, copy: copy, date: formatter.string(from: KochBinary.now))
        #expect(todayAhead.succeeded, "\(todayAhead.standardError)")
    }
}

extension RoughEdgeTests {
    @Test func lettersTypedOnAPhoneAreReadAsTheLettersTheyLookLike() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 6)
        let perfect = try scratch.perfectCopy(of: key).trimmingCharacters(in: .newlines)
        let sent = perfect.filter { $0 != " " }.count
        // Cyrillic М, fullwidth Ｋ, Greek Κ, a zero-width space, and an emoji at the end.
        var phone = perfect.replacingOccurrences(of: "M", with: "М")
        phone = phone.replacingOccurrences(of: "K", with: "Ｋ", options: [], range: phone.range(of: "K"))
        phone = phone.replacingOccurrences(of: "K", with: "Κ")
        let result = try scratch.grade(key, copy: "\u{200B}" + phone + " 😀\n", date: "2026-11-20T19:30")
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("\(sent) of \(sent) characters right, 1 extra written"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("no Morse character (😀)"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("as M") && !result.standardOutput.contains("as K"), "\(result.standardOutput)")
    }
}

extension RoughEdgeTests {
    @Test func everyHintAfterASendSessionMakesASendLesson() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 5, seed: 3, minutes: 1, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(try SendPracticeTests.sentText(key), to: audio)
        let graded = try scratch.gradeAudio(key, audio)
        #expect(graded.succeeded, "\(graded.standardError)")
        let status = try KochBinary.run(["status", "--progress", scratch.progressPath, "--date", "2026-11-21"], environment: ["TZ": "UTC"])
        let sendSection = status.standardOutput.components(separatedBy: "Send:").last ?? ""
        let hints = (graded.standardOutput + sendSection).split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "koch lesson") else { return nil }
            return String(line[start.lowerBound...].prefix { $0 != ")" && $0 != "`" })
        }
        #expect(!hints.isEmpty, "\(graded.standardOutput)\(status.standardOutput)")
        for hint in hints {
            // Followed as written, the hint makes a send exercise.
            let out = scratch.folder + "/hint-\(UUID().uuidString)"
            let arguments =
                Array(hint.split(separator: " ").dropFirst().map(String.init))
                + ["--format", "none", "--out", out, "--progress", scratch.progressPath, "--seed", "1"]
            let made = try KochBinary.run(arguments)
            #expect(made.succeeded, "\(hint): \(made.standardError)")
            let keyFile = try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".key.json") })
            #expect(try AnswerKeyFile.read(out + "/" + keyFile).direction == .send, "\(hint)")
        }
    }
}

extension RoughEdgeTests {
    @Test func aRosterSavedByASpreadsheetMakesAFolderForEveryLearner() throws {
        let scratch = try KochBinary.scratchFolder()
        let roster = "\u{FEFF}name,level,email\r\n\"Lee, Ann\",5,ann@example.org\r\nBob,6,\r\n"
        try roster.write(toFile: scratch + "/class.csv", atomically: true, encoding: .utf8)
        let made = try KochBinary.run([
            "pack", "--roster", scratch + "/class.csv", "--per-level", "1", "--minutes", "0.5",
            "--seed", "1", "--out", scratch + "/pack",
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: scratch + "/pack").filter { $0.hasPrefix("learner-") }.sorted()
        #expect(folders.count == 2, "\(folders)")
        let index = try String(contentsOfFile: scratch + "/pack/index.html", encoding: .utf8)
        #expect(index.contains("Lee, Ann, level 5") && index.contains("Bob, level 6"), "\(folders)")
    }
}

extension RoughEdgeTests {
    @Test func aTextThatCannotBeSentIsNamedWithoutTheUsageBlock() throws {
        let folder = try KochBinary.scratchFolder()
        let empty = try KochBinary.run(["render", "", "--out", folder + "/a.wav"])
        #expect(!empty.succeeded)
        #expect(empty.standardError.contains("empty") && !empty.standardError.contains("Usage"), "\(empty.standardError)")
        let unknown = try KochBinary.run(["render", "CQ <XX> K", "--out", folder + "/b.wav"])
        #expect(!unknown.succeeded)
        #expect(unknown.standardError.contains("<XX>") && unknown.standardError.contains("no prosign"), "\(unknown.standardError)")
        #expect(!unknown.standardError.contains("Cannot send '<'"), "\(unknown.standardError)")
    }

    @Test func aPackOfOneLessonSpeaksInTheSingularShowsNoMadeUpDateAndSaysWhatTheLessonOpensWith() throws {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run(
            [
                "pack", "--levels", "3-3", "--per-level", "1", "--minutes", "0.5", "--seed", "1",
                "--out", folder + "/pack",
            ], environment: ["SOURCE_DATE_EPOCH": ""])
        #expect(made.succeeded, "\(made.standardError)")
        #expect(made.standardOutput.contains("1 folder, 1 lesson,") && made.standardOutput.contains("Made 1 lesson,"), "\(made.standardOutput)")
        let index = try String(contentsOfFile: folder + "/pack/index.html", encoding: .utf8)
        #expect(!index.contains("1970") && !index.contains("1 lessons"), "\(index)")
        let sheets = try String(contentsOfFile: folder + "/pack/level-03/sheets.html", encoding: .utf8)
        #expect(sheets.contains("opens with the newest character, R (.-.), on its own (R R R R R)"), "the sheet says what box 1 is not")
        #expect(sheets.contains("@media screen"), "a margin on screen")
    }

    @Test func theScoreIsShownWhenTheProgressFileCannotBeWritten() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 7)
        // A "folder" that is a file: nothing can be written under it, whoever runs koch.
        try "x".write(toFile: scratch.folder + "/blocked", atomically: true, encoding: .utf8)
        let result = try KochBinary.run([
            "grade", "--key", key, "--transcript", try scratch.transcript(try scratch.perfectCopy(of: key)),
            "--progress", scratch.folder + "/blocked/progress.json",
        ])
        #expect(!result.succeeded)
        #expect(result.standardOutput.contains("Accuracy 100 %"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Not recorded"), "\(result.standardOutput)")
        #expect(result.standardError.contains("blocked"), "\(result.standardError)")
    }
}

extension RoughEdgeTests {
    @Test(arguments: [0.5, 1.0, 2.0])
    func aLessonLastsWhatWasAskedToWithinTheReadmesBound(minutes: Double) throws {
        for seed in 1...4 {
            let folder = try KochBinary.scratchFolder()
            let made = try KochBinary.run([
                "lesson", "--minutes", "\(minutes)", "--seed", "\(seed)", "--level", "\(seed + 1)",
                "--format", "none", "--out", folder, "--progress", folder + "/p.json",
            ])
            #expect(made.succeeded, "\(made.standardError)")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".key.json") })
            let seconds = try AnswerKeyFile.read(folder + "/" + name).durationSeconds
            let bound = max(2.5, 0.03 * minutes * 60)
            #expect(abs(seconds - minutes * 60) <= bound, "\(minutes) min, seed \(seed): \(seconds) s")
        }
    }
}

extension RoughEdgeTests {
    @Test func thePlotShowsTheStretchAskedForWithNoLetterCut() throws {
        let folder = try KochBinary.scratchFolder()
        let text = "PARIS PARIS PARIS PARIS PARIS PARIS PARIS PARIS"
        #expect(try KochBinary.run(["render", text, "--out", folder + "/paris.wav", "--sample-rate", "8000", "--wpm", "20"]).succeeded)
        let plotted = try KochBinary.run([
            "decode", folder + "/paris.wav", "--json", "--plot", folder + "/late.svg", "--plot-from", "14", "--plot-seconds", "5",
        ])
        #expect(plotted.succeeded, "\(plotted.standardError)")
        let svg = try String(contentsOfFile: folder + "/late.svg", encoding: .utf8)
        #expect(svg.contains("14.0–"), "the stretch asked for: \(svg.prefix(400))")
        #expect(svg.contains(">15 s<") && !svg.contains(">13 s<"))
        #expect(svg.contains("dark red: timing ambiguous"), "the legend names every colour")
        // The last letter that begins in the stretch is shown whole: the stretch ends after it.
        let title = try #require(svg.range(of: "14.0–").map { String(svg[$0.upperBound...].prefix { $0 != " " }) })
        let end = try #require(Double(String(title.filter { $0.isNumber || $0 == "." })))
        let characters = try jsonObject(plotted.standardOutput)["characters"] as? [[String: Any]] ?? []
        let last = try #require(characters.last { ($0["startSeconds"] as? Double ?? 0) < 19 })
        #expect(end >= (last["endSeconds"] as? Double ?? 99), "the plot ends at \(end) s, after the letter that begins before 19 s")

        let alone = try KochBinary.run(["decode", folder + "/paris.wav", "--plot-seconds", "5"])
        #expect(!alone.succeeded && alone.standardError.contains("--plot"), "\(alone.standardError)")
    }
}

extension RoughEdgeTests {
    /// Interrupted through `KOCH_TEST_INTERRUPT_AFTER_LESSONS`, which stops the run as a
    /// Ctrl-C does once its N-th lesson is complete: on one job, at exactly that lesson.
    @Test func ctrlCDuringAPackSaysWhatWasMadeAndKeepsIt() throws {
        let folder = try KochBinary.scratchFolder()
        let arguments = [
            "pack", "--levels", "2-13", "--per-level", "2", "--minutes", "3", "--format", "wav", "--sample-rate", "8000",
            "--seed", "3", "--jobs", "1", "--out", folder + "/pack",
        ]
        func lessonsOnDisk() -> Int {
            let names = FileManager.default.subpaths(atPath: folder + "/pack") ?? []
            return names.filter { $0.hasSuffix(".wav") && !$0.contains(".partial-") }.count
        }
        // Interrupted after the first lesson, then, resumed, after the first lesson it makes (the second of the pack).
        for (run, made) in [(1, 1), (2, 2)] {
            let interrupted = try KochBinary.run(arguments, environment: ["KOCH_TEST_INTERRUPT_AFTER_LESSONS": "1"])
            #expect(interrupted.exitCode == 130, "run \(run): \(interrupted.standardError)")
            #expect(interrupted.standardError.contains("Stopping once the lessons being made are complete"), "\(interrupted.standardError)")
            #expect(
                interrupted.standardError.contains("interrupted: \(made) of 24 lessons made; run the same command again to finish"),
                "run \(run): \(interrupted.standardError)")
            #expect(lessonsOnDisk() == made, "run \(run): the partial pack holds the lessons made")
            #expect(!FileManager.default.fileExists(atPath: folder + "/pack/manifest.json"), "a partial pack has no manifest")
        }

        let again = try KochBinary.run(arguments)
        #expect(again.succeeded, "\(again.standardError)")
        #expect(again.standardOutput.contains("kept 2 already complete"), "every lesson complete at the interrupt is kept: \(again.standardOutput)")
        #expect(lessonsOnDisk() == 24)
    }
}

extension GradingScratch {
    func gradeAudio(_ keyPath: String, _ audio: String) throws -> KochBinary.Result {
        try KochBinary.run(
            ["grade", "--key", keyPath, "--audio", audio, "--progress", progressPath, "--date", "2026-11-20T19:30"],
            environment: ["TZ": "UTC"])
    }

    /// One-letter names in the working folder: `--out r` and `--progress p` once trapped
    /// in Foundation's `deletingLastPathComponent`.
    @Test func oneLetterNamesInTheWorkingFolderAreWritten() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 8, minutes: 0.5)
        let lesson = try KochBinary.run(
            ["lesson", "--minutes", "0.5", "--format", "none", "--out", "r", "--progress", "p"], currentDirectory: scratch.folder)
        #expect(lesson.succeeded, "\(lesson.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder + "/r").contains { $0.hasSuffix(".key.json") })
        let graded = try KochBinary.run(
            ["grade", "--key", key, "--transcript", try scratch.transcript(try scratch.perfectCopy(of: key)), "--progress", "p"],
            currentDirectory: scratch.folder)
        #expect(graded.succeeded, "\(graded.standardError)")
        #expect(try ProgressStore(path: scratch.folder + "/p").read().sessions.count == 1)
    }
}
