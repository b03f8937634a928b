import Foundation
import KochCore
import KochIO
import Testing

/// Scoring and the record as a learner reads them: numbered copies of digit
/// lessons, the streak between practice days, the review announced, a dry run.
@Suite struct ScoringTests {
    @Test(arguments: ["callsigns", "groups"])
    func aCopyNumberedLineByLineScoresOnlyWhatWasCopied(kind: String) throws {
        let scratch = try GradingScratch()
        let out = scratch.folder + "/lesson"
        let made = try KochBinary.run([
            "lesson", "--kind", kind, "--course", "full", "--level", "40", "--minutes", "0.5", "--seed", "2",
            "--format", "none", "--out", out, "--progress", scratch.folder + "/none.json",
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let key = out + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".key.json") }))
        // Digits and `.` are sent in this lesson, yet `1. ` at the start of a line is the sheet's numbering.
        let numbered = try AnswerKeyFile.read(key).groups.enumerated().map { "\($0.offset + 1). \($0.element.text)" }.joined(separator: "\n")
        let result = try scratch.grade(key, copy: numbered + "\n", date: "2026-11-20T19:30")
        #expect(result.standardOutput.contains("Accuracy 100 %"), "\(result.standardOutput)")
    }

    @Test(arguments: [
        "CQ CQ DE W1AW <BT> NAME JOHN <BT> TNX FER CALL <AR>",
        "CQ CQ DE W1AW BT NAME JOHN BT TNX FER CALL AR",
        "cq cq de w1aw = name john = tnx fer call +",
    ])
    func aProsignIsOneCharacterWhicheverWayItIsWritten(copy: String) throws {
        let scratch = try GradingScratch()
        let text = scratch.folder + "/qso.txt"
        try "CQ CQ DE W1AW <BT> NAME JOHN <BT> TNX FER CALL <AR>\n".write(toFile: text, atomically: true, encoding: .utf8)
        let out = scratch.folder + "/lesson"
        let made = try KochBinary.run([
            "lesson", "--kind", "text", "--file", text, "--format", "none", "--out", out,
            "--progress", scratch.folder + "/none.json",
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let key = out + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".key.json") }))
        let result = try scratch.grade(key, copy: copy + "\n", date: "2026-11-20T19:30", extra: ["--dry-run"])
        // 28 letters and digits and 3 prosigns: 31 characters, all right.
        #expect(result.standardOutput.contains("Accuracy 100 %: 31 of 31 characters right"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("<AR>") && !result.standardOutput.contains("< A R >"), "the header lists <AR> as one character")
    }

    @Test func aDayOnWhichNothingWasDueDoesNotBreakTheStreak() throws {
        let scratch = try GradingScratch()
        let first = try scratch.lesson(level: 2, seed: 1)
        var report = try scratch.gradeJSON(first, copy: try scratch.perfectCopy(of: first), date: "2026-11-01T20:00")
        #expect(report["nextDue"] as? String == "2026-11-03")
        // Nothing was due on the 2nd: on the 3rd the streak still stands...
        let status = try scratch.statusJSON(date: "2026-11-03")
        #expect(status["streak"] as? Int == 1, "\(status)")
        // ...and practising on the due day continues it.
        let second = try scratch.lesson(level: 2, seed: 2)
        report = try scratch.gradeJSON(second, copy: try scratch.perfectCopy(of: second), date: "2026-11-03T20:00")
        #expect(report["streak"] as? Int == 2)
        // A due day missed breaks it.
        let third = try scratch.lesson(level: 2, seed: 3)
        report = try scratch.gradeJSON(third, copy: try scratch.perfectCopy(of: third), date: "2026-11-09T20:00")
        #expect(report["streak"] as? Int == 1)
    }

    @Test func theReviewAnnouncedAfterALevelUpIsOfTheNewLevel() throws {
        let scratch = try GradingScratch()
        let levelTwo = try scratch.lesson(level: 2, seed: 1)
        #expect(try scratch.grade(levelTwo, copy: try scratch.perfectCopy(of: levelTwo), date: "2026-11-01T20:00").succeeded)
        let levelThree = try scratch.lesson(level: 3, seed: 2)
        let result = try scratch.grade(levelThree, copy: try scratch.perfectCopy(of: levelThree), date: "2026-11-02T20:00")
        #expect(result.standardOutput.contains("Level up!"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Review of level 4 due"), "\(result.standardOutput)")
    }

    @Test func aDryRunOfAGradedLessonSaysItStandsInTheEarlierResultsPlace() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 4)
        #expect(try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-01T20:00").succeeded)
        let before = try #require(scratch.progressBytes())
        let dry = try scratch.grade(key, copy: try scratch.poorCopy(of: key), date: "2026-11-01T20:00", extra: ["--dry-run"])
        #expect(dry.succeeded)
        #expect(dry.standardOutput.contains("was graded before (done 2026-11-01, 100 %): your receive level is 3 of 26."), "\(dry.standardOutput)")
        #expect(dry.standardOutput.contains("With --replace this grade"), "\(dry.standardOutput)")
        #expect(dry.standardOutput.contains("Dry run: nothing recorded."))
        #expect(scratch.progressBytes() == before)
    }

    @Test func aDryRunOfAReviewGradedBeforeSaysItWouldNotBeRecordedAgain() throws {
        let scratch = try GradingScratch()
        let first = try scratch.lesson(level: 2, seed: 4)
        #expect(try scratch.grade(first, copy: try scratch.perfectCopy(of: first), date: "2026-11-01T20:00").succeeded)
        // A lesson below the learner's level 3: a review, graded once.
        let review = try scratch.lesson(level: 2, seed: 6)
        #expect(try scratch.grade(review, copy: try scratch.perfectCopy(of: review), date: "2026-11-02T20:00").succeeded)
        let before = try #require(scratch.progressBytes())
        let dry = try scratch.grade(review, copy: try scratch.perfectCopy(of: review), date: "2026-11-03T20:00", extra: ["--dry-run"])
        #expect(dry.succeeded, "\(dry.standardError)")
        let output = dry.standardOutput
        #expect(output.contains("It is recorded already, so this grade would not be recorded: a lesson counts once."), "\(output)")
        #expect(!output.contains("it counts for your schedule"), "a grade that would not be recorded counts for nothing: \(output)")
        #expect(output.hasSuffix("Dry run: nothing recorded.\n"), "\(output)")
        // With --replace it would take the earlier result's place, and count as that review did.
        let replacing = try scratch.grade(
            review, copy: try scratch.perfectCopy(of: review), date: "2026-11-03T20:00", extra: ["--dry-run", "--replace"])
        #expect(!replacing.standardOutput.contains("would not be recorded"), "\(replacing.standardOutput)")
        #expect(replacing.standardOutput.contains("review at level 2, below yours"), "\(replacing.standardOutput)")
        #expect(scratch.progressBytes() == before)
    }

    @Test func aDryRunOfAnExerciseThatMovedTheLevelSaysSoRatherThanLevelUp() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 5, direction: .send)
        #expect(try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-01T20:00").succeeded)
        let before = try #require(scratch.progressBytes())
        let dry = try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-01T20:00", extra: ["--dry-run"])
        #expect(dry.succeeded, "\(dry.standardError)")
        let output = dry.standardOutput
        #expect(!output.contains("Level up!"), "\(output)")
        #expect(output.contains("was graded before (done 2026-11-01, 100 %): your send level is 3 of 26."), "\(output)")
        #expect(
            output.contains("With --replace this grade (100 %) would take that result's place, and your send level would stay 3 of 26"),
            "\(output)")
        #expect(!output.contains("Next practice"), "the schedule it would set is not today's")
        #expect(scratch.progressBytes() == before)
    }
}
