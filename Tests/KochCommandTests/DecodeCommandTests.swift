import Foundation
import KochTestSupport
import Testing

/// `koch decode` through the built binary, on audio koch and sox make.
@Suite struct DecodeCommandTests {
    func shell(_ command: String) throws { try Shell.run(command) }

    /// The text a lesson's key says was sent, introduction included.
    func sentText(of folder: String) throws -> String {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".key.json") })
        let key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) as! [String: Any]
        let introduction = (key["introduction"] as? [String: Any])?["text"] as? String
        let groups = (key["groups"] as! [[String: Any]]).map { $0["text"] as! String }
        return ((introduction.map { [$0] } ?? []) + groups).joined(separator: " ")
    }

    @Test func decodesWhatKochRenders() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run(["render", "CQ CQ DE K1ABC/P 5NN TU", "--out", folder + "/cq.wav", "--sample-rate", "8000", "--wpm", "25"])
        let result = try KochBinary.run(["decode", folder + "/cq.wav"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "CQ CQ DE K1ABC/P 5NN TU")
    }

    @Test func copiesALessonOnAFairBandWithAtMostTwoPercentErrors() throws {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run([
            "lesson", "--level", "26", "--band", "fair", "--minutes", "1.5", "--format", "wav",
            "--sample-rate", "16000", "--seed", "9", "--progress", folder + "/p.json", "--out", folder,
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let wav = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".wav") })
        let decoded = try KochBinary.run(["decode", folder + "/" + wav])
        let sent = try sentText(of: folder)
        let got = decoded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let errors = IndependentDecoderTests.editDistance(Array(sent), Array(got))
        #expect(Double(errors) / Double(sent.count) <= 0.02, "\(errors) errors in \(sent.count)\nsent:    \(sent)\ndecoded: \(got)")
    }

    @Test func findsTheSignalInOneChannelOfAStereoRecording() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run(["render", "PARIS PARIS", "--out", folder + "/mono.wav", "--sample-rate", "16000"])
        // Left: the signal; right: noise alone.
        try shell(
            "sox '\(folder)/mono.wav' '\(folder)/noise.wav' synth whitenoise vol 0.3 && "
                + "sox -M '\(folder)/mono.wav' '\(folder)/noise.wav' '\(folder)/stereo.wav'")
        let result = try KochBinary.run(["decode", folder + "/stereo.wav"])
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "PARIS PARIS", "\(result.standardError)")
    }

    @Test func silenceGivesNoCharactersAndSaysWhy() throws {
        let folder = try KochBinary.scratchFolder()
        try shell("sox -n -r 8000 -c 1 -b 16 '\(folder)/silence.wav' trim 0 10")
        let result = try KochBinary.run(["decode", folder + "/silence.wav"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(!result.standardError.isEmpty)
    }

    @Test func expectedCharactersMustBeMorseAndLeaveAClearRecordingAsItIs() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run(["render", "CQ DE K1ABC/P 5NN", "--out", folder + "/cq.wav", "--sample-rate", "8000", "--wpm", "25"])
        let expecting = try KochBinary.run(["decode", folder + "/cq.wav", "--expect", "KMURES5/?"])
        #expect(expecting.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "CQ DE K1ABC/P 5NN", "\(expecting.standardError)")
        let bad = try KochBinary.run(["decode", folder + "/cq.wav", "--expect", "KM é"])
        #expect(!bad.succeeded && bad.standardOutput.isEmpty)
        #expect(bad.standardError.contains("--expect") && bad.standardError.contains("'é'"), "\(bad.standardError)")
    }

    @Test func aFileItCannotReadNamesTheFileAndTheFormatsItReads() throws {
        let folder = try KochBinary.scratchFolder()
        var bytes = Data([0, 0, 0, 0x20]) + Data("ftypM4A isomiso2".utf8)
        bytes += Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        try bytes.write(to: URL(fileURLWithPath: folder + "/phone.m4a"))
        let result = try KochBinary.run(["decode", folder + "/phone.m4a"])
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains(folder + "/phone.m4a") && result.standardError.contains("M4A (AAC)"), "\(result.standardError)")
        #expect(!result.standardError.contains(".."), "\(result.standardError)")
        try Data("ftypM4A, a note about the recording\n".utf8).write(to: URL(fileURLWithPath: folder + "/note.m4a"))
        let note = try KochBinary.run(["decode", folder + "/note.m4a"])
        #expect(note.exitCode != 0)
        #expect(note.standardError.contains(folder + "/note.m4a: this is a text file, not a recording."), "\(note.standardError)")
        let missing = try KochBinary.run(["decode", folder + "/nothing.wav"])
        #expect(missing.exitCode != 0)
        #expect(missing.standardError.contains(folder + "/nothing.wav"), "\(missing.standardError)")
    }

    @Test func jsonReportsTheTimingAndPlotDrawsIt() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run([
            "render", "PARIS PARIS PARIS", "--out", folder + "/paris.wav", "--sample-rate", "8000",
            "--wpm", "20", "--effective", "20", "--tone", "700",
        ])
        let result = try KochBinary.run(["decode", folder + "/paris.wav", "--json", "--plot", folder + "/paris.svg"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        #expect(abs((report["toneHz"] as! Double) - 700) < 5)
        #expect(abs((report["speedWPM"] as! Double) - 20) < 1.5)
        #expect(abs((report["dahDitRatio"] as! Double) - 3) < 0.3)
        let gaps = report["gapsInDits"] as! [String: Double]
        #expect(abs(gaps["intraCharacter"]! - 1) < 0.3 && abs(gaps["character"]! - 3) < 0.5 && abs(gaps["word"]! - 7) < 1)
        #expect((report["elements"] as? [[String: Any]])?.count == 3 * 14)
        let svg = try String(contentsOfFile: folder + "/paris.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("</svg>"))
    }
}
