import Foundation
import Testing

/// Lesson kinds, the introduction and band conditions, through the built binary.
@Suite struct LessonContentTests {
    func makeLesson(_ arguments: [String], environment: [String: String] = [:]) throws -> (folder: String, key: [String: Any]) {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run(
            [
                "lesson", "--format", "none", "--minutes", "1", "--seed", "4",
                "--progress", folder + "/progress.json", "--out", folder,
            ] + arguments,
            environment: environment)
        #expect(result.succeeded, "\(result.standardError)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".key.json") })
        let key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) as! [String: Any]
        return (folder + "/" + name, key)
    }

    func groups(_ key: [String: Any]) -> [String] {
        (key["groups"] as! [[String: Any]]).map { $0["text"] as! String }
    }

    /// Grades a copy without recording it; returns the accuracy.
    func grade(_ keyPath: String, copy: String) throws -> Double {
        let result = try KochBinary.run(
            [
                "grade", "--key", keyPath, "--transcript", "-", "--dry-run", "--json",
                "--progress", keyPath + ".progress.json",
            ], input: copy)
        #expect(result.succeeded, "\(result.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        return report["accuracy"] as! Double
    }

    @Test(arguments: [
        ["--kind", "words", "--level", "9"],
        ["--kind", "callsigns", "--course", "full", "--level", "30"],
        ["--kind", "qso"],
        ["--chars", "KMRS"],
    ])
    func everyKindMakesAKeyTheGraderScores(arguments: [String]) throws {
        let (path, key) = try makeLesson(arguments)
        #expect(key["kind"] as? String == (arguments.first == "--kind" ? arguments[1] : "groups"))
        let sent = groups(key)
        #expect(sent.count >= 5)
        #expect(try grade(path, copy: sent.joined(separator: " ")) == 1)
        #expect(try grade(path, copy: sent.dropFirst(2).joined(separator: " ")) < 1)
    }

    @Test func wordsUseOnlyTheUnlockedCharacters() throws {
        let (_, key) = try makeLesson(["--kind", "words", "--level", "8"])
        let words = groups(key)
        #expect(words.allSatisfy { $0.allSatisfy { "KMRSUAPT".contains($0) } }, "\(words)")
        #expect(Set(words).count >= 5)
    }

    @Test func callsignsWithoutDigitsAreRefusedWithAReason() throws {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run(["lesson", "--kind", "callsigns", "--level", "12", "--progress", folder + "/p.json", "--out", folder])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("Callsigns need digits"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func theIntroductionIsMarkedAndNotGraded() throws {
        let (path, key) = try makeLesson(["--level", "6"])
        let introduction = try #require(key["introduction"] as? [String: Any])
        #expect(introduction["text"] as? String == "A A A A A")
        let sent = groups(key).joined(separator: " ")
        #expect(try grade(path, copy: sent) == 1)
        #expect(try grade(path, copy: "A A A A A\n" + sent) == 1)
        #expect(try grade(path, copy: "AAAAA " + sent) == 1)

        let (_, plain) = try makeLesson(["--level", "6", "--no-intro"])
        #expect(plain["introduction"] == nil)
    }

    @Test func bandConditionsAreRecordedInTheKey() throws {
        let (_, key) = try makeLesson(["--band", "fair", "--qrn", "6", "--qrm=-400:-3:25"])
        let settings = key["settings"] as! [String: Any]
        let conditions = try #require(settings["conditions"] as? [String: Any])
        #expect((conditions["qrn"] as? [String: Any])?["snrDB"] as? Double == 6)
        #expect((conditions["qsb"] as? [String: Any])?["depthDB"] as? Double == 10)
        let stations = try #require(conditions["qrm"] as? [[String: Any]])
        #expect(stations.count == 1 && stations[0]["offsetHz"] as? Double == -400)
    }

    @Test func aTextIsReadAsLessonsInOrder() throws {
        let folder = try KochBinary.scratchFolder()
        let words = (1...400).map { "WORD\($0 % 10)" }
        try words.joined(separator: " ").write(toFile: folder + "/book.txt", atomically: true, encoding: .utf8)
        let result = try KochBinary.run([
            "lesson", "--kind", "text", "--file", folder + "/book.txt", "--minutes", "2",
            "--format", "none", "--out", folder + "/out", "--progress", folder + "/p.json",
        ])
        #expect(result.succeeded, "\(result.standardError)")
        let keys = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0.hasSuffix(".key.json") }.sorted()
        #expect(keys.count >= 3)
        var read: [String] = []
        for name in keys {
            let key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/" + name))) as! [String: Any]
            read += groups(key)
        }
        #expect(read == words)
    }

    @Test func anUnsendableCharacterInATextIsNamedOrSkipped() throws {
        let folder = try KochBinary.scratchFolder()
        try "CQ DE K1ABC\nTEMP 20°C".write(toFile: folder + "/book.txt", atomically: true, encoding: .utf8)
        let refused = try KochBinary.run([
            "lesson", "--kind", "text", "--file", folder + "/book.txt", "--format", "none",
            "--out", folder + "/out", "--progress", folder + "/p.json",
        ])
        #expect(!refused.succeeded)
        #expect(refused.standardError.contains(folder + "/book.txt") && refused.standardError.contains("line 2"), "\(refused.standardError)")
        let skipped = try KochBinary.run([
            "lesson", "--kind", "text", "--file", folder + "/book.txt", "--skip-unsendable", "--format", "none",
            "--out", folder + "/out", "--progress", folder + "/p.json",
        ])
        #expect(skipped.succeeded, "\(skipped.standardError)")
    }

    @Test func aTeacherAddsAQSOStyleWithATemplateAlone() throws {
        let folder = try KochBinary.scratchFolder()
        // The teacher's folder holds the new style alone; the rest comes from koch's built-in templates.
        try FileManager.default.createDirectory(atPath: folder + "/templates/qso", withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: TEXT}}\nQRL? DE {{caller.call}} <BT> FIELD DAY {{caller.name}} 73 <SK>\n"
            .write(toFile: folder + "/templates/qso/field-day.mustache", atomically: true, encoding: .utf8)
        let (_, key) = try makeLesson(
            ["--kind", "qso", "--qso-style", "field-day"],
            environment: ["KOCH_TEMPLATES": folder + "/templates"])
        let sent = groups(key)
        #expect(sent.first == "QRL?" && sent.contains("FIELD") && sent.contains("<SK>"), "\(sent)")
    }
}
