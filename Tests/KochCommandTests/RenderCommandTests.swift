import Foundation
import KochAudio
import Testing

@Suite struct RenderCommandTests {
    @Test func rendersTextFromAnArgumentAFileAndStandardInput() throws {
        let folder = try KochBinary.scratchFolder()
        let textFile = folder + "/cq.txt"
        try "cq cq de k1abc/p\n<AR> 5nn?".write(toFile: textFile, atomically: true, encoding: .utf8)
        let fromArgument = try KochBinary.run(["render", "CQ CQ DE K1ABC/P <AR> 5NN?", "--out", folder + "/a.wav", "--sample-rate", "8000"])
        let fromFile = try KochBinary.run(["render", "--file", textFile, "--out", folder + "/b.wav", "--sample-rate", "8000"])
        let fromInput = try KochBinary.run(
            ["render", "-", "--out", folder + "/c.wav", "--sample-rate", "8000"],
            input: "cq cq de k1abc/p <ar> 5nn?")
        for result in [fromArgument, fromFile, fromInput] { #expect(result.succeeded, "\(result.standardError)") }
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.wav"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: folder + "/b.wav"))))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: folder + "/c.wav"))))
        let reader = try AudioFileReader(path: folder + "/a.wav")
        #expect(reader.sampleRate == 8000)
        #expect(reader.durationSeconds > 5)
    }

    @Test func unsendableCharacterIsNamedWithItsPositionAndNothingIsWritten() throws {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run(["render", "CQ DE K1#BC", "--out", folder + "/x.mp3"])
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("Cannot send '#' at position 9 (line 1, column 9)"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func emptyTextIsRefused() throws {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run(["render", "-", "--out", folder + "/x.wav"], input: "  \n ")
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("empty"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func outputMustBeMP3OrWAV() throws {
        let result = try KochBinary.run(["render", "K", "--out", "x.ogg"])
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("--out must end in .mp3 or .wav"))
    }
}
