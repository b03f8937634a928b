import Foundation
import KochAudio
import Testing

@Suite struct LessonCommandTests {
    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func writesAudioKeyAndSheetAndSaysWhere() throws {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run(["lesson", "--minutes", "1", "--format", "both", "--seed", "5", "--out", folder])
        #expect(result.succeeded, "\(result.standardError)")
        let names = try files(in: folder)
        #expect(names.count == 4, "\(names)")
        for suffix in [".mp3", ".wav", ".key.json", ".key.txt"] {
            let name = try #require(names.first { $0.hasSuffix(suffix) })
            #expect(result.standardOutput.contains(folder + "/" + name))
        }
    }

    @Test func sameSeedGivesIdenticalAudioAndKeysApartFromCreationTime() throws {
        let first = try KochBinary.scratchFolder(), second = try KochBinary.scratchFolder()
        for folder in [first, second] {
            let result = try KochBinary.run([
                "lesson", "--level", "9", "--minutes", "1", "--count", "2", "--format", "both",
                "--seed", "77", "--out", folder,
            ])
            #expect(result.succeeded, "\(result.standardError)")
        }
        let names = try files(in: first)
        #expect(names == (try files(in: second)))
        #expect(names.count == 8)
        for name in names {
            var a = try Data(contentsOf: URL(fileURLWithPath: first + "/" + name))
            var b = try Data(contentsOf: URL(fileURLWithPath: second + "/" + name))
            if name.hasSuffix(".json") {
                a = Self.withoutCreationTime(a)
                b = Self.withoutCreationTime(b)
            }
            #expect(a == b, "\(name) differs between two runs with the same seed")
        }
        // A different seed gives a different lesson.
        let third = try KochBinary.scratchFolder()
        try KochBinary.run(["lesson", "--level", "9", "--minutes", "1", "--format", "none", "--seed", "78", "--out", third])
        #expect(try files(in: third).first != names.first)
    }

    static func withoutCreationTime(_ data: Data) -> Data {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.contains("\"createdAt\"") }
        return Data(lines.joined(separator: "\n").utf8)
    }

    @Test func answerKeyHoldsEveryGroupWithItsTimesAndEverySetting() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run([
            "lesson", "--level", "4", "--wpm", "25", "--effective", "15", "--tone", "700", "--seed", "3",
            "--format", "none", "--out", folder,
        ])
        let keyName = try #require(try files(in: folder).first { $0.hasSuffix(".key.json") })
        let key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + keyName))) as! [String: Any]
        #expect(key["formatVersion"] as? Int == 1)
        #expect(key["level"] as? Int == 4)
        #expect(key["characters"] as? String == "KMRS")
        let settings = try #require(key["settings"] as? [String: Any])
        #expect(settings["seed"] as? Int == 3)
        #expect(settings["characterSpeedWPM"] as? Double == 25)
        #expect(settings["effectiveSpeedWPM"] as? Double == 15)
        #expect(settings["toneHz"] as? Double == 700)
        let groups = try #require(key["groups"] as? [[String: Any]])
        let duration = try #require(key["durationSeconds"] as? Double)
        #expect(abs(duration - 300) <= 9)
        var previousEnd = 0.0
        for (index, group) in groups.enumerated() {
            let text = try #require(group["text"] as? String)
            let start = try #require(group["startSeconds"] as? Double)
            let end = try #require(group["endSeconds"] as? Double)
            #expect(group["number"] as? Int == index + 1)
            #expect((2...5).contains(text.count) && text.allSatisfy { "KMRS".contains($0) })
            #expect(start > previousEnd && end > start && end < duration)
            previousEnd = end
        }
        // The sheet numbers the groups five to a line, each line with its start time.
        let sheetName = try #require(try files(in: folder).first { $0.hasSuffix(".key.txt") })
        let sheet = try String(contentsOfFile: folder + "/" + sheetName, encoding: .utf8)
        let lines = sheet.split(separator: "\n").filter { $0.first?.isNumber == true && $0.contains(":") }
        #expect(lines.count == (groups.count + 4) / 5)
        let firstStart = Int(groups[0]["startSeconds"] as! Double)
        #expect(lines.first?.hasPrefix("0:0\(firstStart)") == true, "\(sheet)")
        // It opens with the newest character on its own, which the key marks and does not number.
        let introduction = try #require(key["introduction"] as? [String: Any])
        #expect(introduction["text"] as? String == "S S S S S")
        #expect((introduction["endSeconds"] as! Double) < (groups[0]["startSeconds"] as! Double))
        #expect(lines.first?.contains(" 1. \(groups[0]["text"] as! String)") == true)
    }

    @Test func aRerunWithTheSameSeedSaysItReplacesTheEarlierFiles() throws {
        let folder = try KochBinary.scratchFolder()
        let arguments = ["lesson", "--minutes", "0.5", "--seed", "5", "--format", "none", "--out", folder, "--progress", folder + "/p.json"]
        let first = try KochBinary.run(arguments)
        #expect(first.succeeded && !first.standardOutput.contains("replacing"), "\(first.standardOutput)")
        let again = try KochBinary.run(arguments)
        #expect(again.standardOutput.contains("replacing 2 files of an earlier run"), "\(again.standardOutput)")
        // Another seed makes other files, and says nothing of replacing.
        let other = try KochBinary.run([
            "lesson", "--minutes", "0.5", "--seed", "6", "--format", "none", "--out", folder, "--progress", folder + "/p.json",
        ])
        #expect(!other.standardOutput.contains("replacing"), "\(other.standardOutput)")
        #expect(try files(in: folder).filter { $0.hasSuffix(".key.json") }.count == 2)
    }

    @Test func mp3CarriesTheLessonTagsAsFFprobeShowsThem() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run(["lesson", "--level", "3", "--minutes", "1", "--count", "2", "--seed", "9", "--out", folder])
        let mp3 = try #require(try files(in: folder).filter { $0.hasSuffix(".mp3") }.last)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-show_entries", "format=duration,start_time:format_tags", "-of", "json", folder + "/" + mp3]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        let format = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["format"] as? [String: Any])
        let tags = try #require(format["tags"] as? [String: Any])
        // The title carries the lesson's ID (as the file name does), so that a car stereo tells days apart.
        let identifier = String(mp3.dropLast(4).split(separator: "-").last ?? "")
        #expect(tags["title"] as? String == "Koch level 3 lesson 2 (KMR) \(identifier)")
        #expect((tags["album"] as? String)?.contains("level 3") == true)
        #expect(tags["track"] as? String == "2/2")
        #expect((tags["comment"] as? String)?.contains("R03-") == true)
        // The info frame was read: the audio starts after it, and lasts the lesson.
        #expect(Double(format["start_time"] as? String ?? "") ?? 0 > 0.02)
        let keyName = try #require(try files(in: folder).filter { $0.hasSuffix(".key.json") }.last)
        let key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + keyName))) as! [String: Any]
        let decoded = try AudioFileReader(path: folder + "/" + mp3).readAll()[0]
        #expect(abs(Double(decoded.count) / 44100 - (key["durationSeconds"] as! Double)) < 0.1)
    }

    @Test(arguments: [
        (["--level", "1"], "--level must be 2 to 26, not 1"),
        (["--level", "27"], "--level must be 2 to 26, not 27"),
        (["--level", "27"], "--level must be 2 to 26, not 27, in the letters course; give --course full for levels up to 41."),
        (["--course", "full", "--level", "42"], "--level must be 2 to 41, not 42, in the full course."),
        (["--kind", "qso", "--level", "42"], "--level must be 2 to 41, not 42, in the full course a qso lesson follows."),
        (["--kind", "qso", "--course", "letters", "--level", "27"], "--level must be 2 to 26, not 27, in the letters course;"),
        (["--wpm", "50"], "--wpm must be 5 to 40"),
        (["--wpm", "15", "--effective", "18"], "above the character speed"),
        (["--tone", "250"], "--tone must be 400 to 1000 Hz"),
        (["--minutes", "0"], "--minutes must be 0.5 to 60"),
        (["--sample-rate", "11025", "--bitrate", "128"], "cannot be 128 kbit/s"),
        (["--sample-rate", "96000"], "MP3 cannot be made at 96000 Hz"),
        (["--qsb", "50"], "--qsb must be 0 to 40 dB, not 50."),
        (["--qsb-rate", "0.001"], "--qsb-rate must be 0.01 to 2 Hz, not 0.001."),
        (["--crackle", "2"], "--crackle needs --qrn (or a --band preset): crashes come with band noise."),
        (["--qrm", "0:-6"], "--qrm offset must be -2000 to 2000 Hz and not 0, not 0."),
        (["--qrm", "400:-6:60"], "--qrm speed must be 5 to 50 WPM, not 60."),
        (["--qrm", "400"], "--qrm must be OFFSET:LEVEL or OFFSET:LEVEL:WPM"),
        (["--filter", "500"], "--filter shapes the band noise: give --qrn (or a --band preset) too."),
    ])
    func badSettingIsRefusedBeforeAnyWork(arguments: [String], message: String) throws {
        let folder = try KochBinary.scratchFolder() + "/out"
        let result = try KochBinary.run(["lesson", "--out", folder] + arguments)
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aQSOLessonIsAFullCourseLessonAndTakesItsLevels() throws {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run([
            "lesson", "--kind", "qso", "--level", "30", "--minutes", "0.5", "--seed", "4", "--format", "none", "--out", folder,
            "--progress", folder + "/none.json",
        ])
        #expect(result.succeeded, "\(result.standardError)")
        // Level 30 is a level of the full course only: the QSO's style counts it there.
        #expect(result.standardOutput.contains("QSO style contest, for level 30 of 41"), "\(result.standardOutput)")
        let keyName = try #require(try files(in: folder).first { $0.hasSuffix(".key.json") })
        let key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + keyName))) as! [String: Any]
        #expect(key["course"] as? String == "full" && key["level"] as? Int == 30, "\(key)")
    }

    @Test func anUnreadableProgressFileIsWarnedOfOnceAndLeftAsItIs() throws {
        let folder = try KochBinary.scratchFolder()
        let progress = folder + "/progress.json"
        try Data("{ not a progress file".utf8).write(to: URL(fileURLWithPath: progress))
        let out = folder + "/lessons"
        let atLevel = try KochBinary.run([
            "lesson", "--level", "4", "--minutes", "0.5", "--seed", "3", "--format", "none", "--out", out, "--progress", progress,
        ])
        #expect(atLevel.succeeded, "\(atLevel.standardError)")
        #expect(atLevel.standardError.components(separatedBy: "Warning:").count == 2, "\(atLevel.standardError)")
        #expect(atLevel.standardError.contains(progress) && atLevel.standardError.contains("Making the lesson without your weak characters."))
        #expect(atLevel.standardOutput.hasPrefix("Level 4 (K M R S), 20/12 WPM, 600 Hz, seed 3:"), "\(atLevel.standardOutput)")
        #expect(try String(contentsOfFile: progress, encoding: .utf8) == "{ not a progress file")
        // Without a level the lesson depends on the file: nothing is made.
        let atTheirs = try KochBinary.run(["lesson", "--minutes", "0.5", "--format", "none", "--out", folder + "/none", "--progress", progress])
        #expect(!atTheirs.succeeded && atTheirs.standardError.contains(progress), "\(atTheirs.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/none"))
    }

    @Test func unwritableOutputFolderIsNamed() throws {
        let file = try KochBinary.scratchFolder() + "/not-a-folder"
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let result = try KochBinary.run(["lesson", "--out", file])
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("Cannot write into the folder \(file)"), "\(result.standardError)")
    }

    @Test func leavesNoTemporaryFilesBehind() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run(["lesson", "--minutes", "0.5", "--count", "3", "--format", "both", "--out", folder])
        #expect(try files(in: folder).allSatisfy { !$0.hasPrefix(".") && !$0.contains("partial") })
        #expect(try files(in: folder).count == 12)
    }
}
