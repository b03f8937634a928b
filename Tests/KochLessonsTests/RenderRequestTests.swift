import Foundation
import KochCore
import KochLessons
import Testing

/// Any text sent as Morse audio as a front end asks it: what is refused before anything is
/// read, the file written, and text that is no Morse refused before any file is.
@Suite final class RenderRequestTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-render-\(UUID().uuidString)").path

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func theTextIsGivenOnceAndOnlyOnce() {
        var request = RenderRequest(outputPath: "cq.wav")
        #expect(request.conflict == .noText)
        request.text = .given("CQ", name: "the text")
        request.textGivenTwice = true
        #expect(request.conflict == .textGivenTwice)
    }

    @Test func theFormatFollowsTheExtension() {
        var request = RenderRequest(outputPath: "cq.ogg")
        request.text = .given("CQ", name: "the text")
        #expect(request.conflict == .outputFormat(path: "cq.ogg"))
    }

    @Test func mp3SettingsTheEncoderRefusesAreRefusedWithItsReason() {
        var request = RenderRequest(outputPath: "cq.mp3")
        request.text = .given("CQ", name: "the text")
        request.mp3BitrateKbps = 7
        guard case .mp3(let reason) = request.conflict else {
            Issue.record("not refused: \(String(describing: request.conflict))")
            return
        }
        #expect(reason.contains("7"))
        request.mp3BitrateKbps = 64
        #expect(request.conflict == nil)
    }

    @Test func theTextIsWrittenAsAudioOfItsLength() throws {
        var request = RenderRequest(outputPath: folder + "/made/cq.wav")
        request.text = .given("CQ DE K1ABC", name: "the text")
        request.sound.characterSpeedWPM = 20
        request.sound.effectiveSpeedWPM = 20
        let rendered = try request.render()
        #expect(rendered.wordCount == 3)
        let timeline = Timeline(text: try MorseText(parsing: "CQ DE K1ABC"), timing: request.sound.timing)
        #expect(rendered.durationSeconds == timeline.durationSeconds)
        #expect(FileManager.default.fileExists(atPath: folder + "/made/cq.wav"))
    }

    @Test func aTextFileIsReadAndNamedInItsRefusal() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "CQ # DE".write(toFile: folder + "/text.txt", atomically: true, encoding: .utf8)
        var request = RenderRequest(outputPath: folder + "/out/cq.wav")
        request.text = .file(folder + "/text.txt")
        let refusal = #expect(throws: RenderRequest.Unsendable.self) { try request.render() }
        #expect(refusal?.description.hasPrefix(folder + "/text.txt: ") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
