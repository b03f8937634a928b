import Foundation
import KochCore
import KochSound
import Testing

@testable import KochAudio

/// Audio read a block at a time and written as it is made comes out byte
/// for byte as the same audio held whole.
@Suite struct StreamedAudioTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-streamed-\(UUID().uuidString)").path
    let tags = MP3Tags(title: "t", album: "a", artist: "koch", track: 1, trackCount: 1, comment: "c")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A lesson on a noisy band, 150 s: five MP3 parts.
    func sound(sampleRate: Int) throws -> MixedSound {
        var settings = LessonSettings()
        settings.minutes = 2.5
        settings.level = 12
        return MixedSound(
            timeline: try Lesson(settings: settings).timeline, synthesizer: ToneSynthesizer(frequencyHz: 600, sampleRate: sampleRate),
            conditions: .poor, seed: 4, keptSamples: 0)
    }

    func source(_ sound: MixedSound) -> SampleSource {
        SampleSource(count: sound.sampleCount, blockSamples: MixedSound.blockSamples) { sound.render($0, into: $1) }
    }

    @Test(arguments: [(22050, 32, 1), (22050, 32, 2), (44100, 64, 2), (8000, 16, 2)])
    func anMP3WrittenAsItIsEncodedIsTheOneEncodedWhole(sampleRate: Int, bitrateKbps: Int, concurrency: Int) throws {
        let sound = try sound(sampleRate: sampleRate)
        let encoder = try MP3Encoder(sampleRate: sampleRate, bitrateKbps: bitrateKbps)
        let whole = try encoder.encode(sound.samples(), tags: tags, path: "whole.mp3", concurrency: 1)
        let path = folder + "/streamed-\(sampleRate)-\(concurrency).mp3"
        try encoder.write(source(sound), tags: tags, toNewFile: path, path: "streamed.mp3", concurrency: concurrency)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(whole))
    }

    @Test func aWAVWrittenAStretchAtATimeIsTheOneWrittenWhole() throws {
        let sound = try sound(sampleRate: 16000)
        try WAVWriter.write(sound.samples(), sampleRate: 16000, to: folder + "/whole.wav")
        try WAVWriter.write(source(sound), sampleRate: 16000, to: folder + "/streamed.wav", blocksAtOnce: 3)
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/whole.wav"))
        #expect(whole.count > 2 * 60 * 16000 * 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/streamed.wav")) == whole)
    }

    @Test func anMP3ThatCannotBeCreatedNamesTheFileAndTheReason() throws {
        let encoder = try MP3Encoder(sampleRate: 22050, bitrateKbps: 32)
        let existing = folder + "/taken.mp3"
        try Data([1]).write(to: URL(fileURLWithPath: existing))
        #expect(throws: AudioError.cannotWrite(path: "lesson.mp3", reason: "a file of that name exists already")) {
            try encoder.write(SampleSource([0, 0.5]), tags: tags, toNewFile: existing, path: "lesson.mp3")
        }
    }
}
