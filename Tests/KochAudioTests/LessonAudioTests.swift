import Foundation
import Testing

@testable import KochAudio

/// koch's own audio of a lesson is known by its tags, in an MP3's ID3 tag or a WAV's INFO chunk.
@Suite struct LessonAudioTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-lesson-audio-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static let samples = (0..<8000).map { Float(0.3 * sin(Double($0) * 0.5)) }

    static func tags(artist: String = "koch", comment: String = "lesson S02-9f3a, 20/12 WPM, 600 Hz, seed 4") -> MP3Tags {
        MP3Tags(title: "Koch level 2 lesson 1 (KM) 9f3a", album: "koch Morse course", artist: artist, track: 1, trackCount: 1, comment: comment)
    }

    @Test func anMP3KochWroteForALessonIsKnown() throws {
        let path = folder + "/lesson.mp3"
        let bytes = try MP3Encoder(sampleRate: 8000, bitrateKbps: 16).encode(Self.samples, tags: Self.tags(), path: path)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(LessonAudio.lessonID(ofFile: path) == "S02-9f3a")
        let frames = try #require(ID3TextFrames(bytes))
        #expect(frames.texts["TIT2"] == "Koch level 2 lesson 1 (KM) 9f3a")
    }

    @Test func aWAVKochWroteForALessonIsKnownByItsInfoChunk() throws {
        let path = folder + "/lesson.wav"
        try WAVWriter.write(SampleSource(Self.samples), sampleRate: 8000, to: path, tags: Self.tags())
        #expect(LessonAudio.lessonID(ofFile: path) == "S02-9f3a")
        // The samples are as they were without tags.
        #expect(try AudioFileReader(path: path).readAll()[0].count == Self.samples.count)
    }

    @Test func audioOfAnyoneElseIsNoLesson() throws {
        let untagged = folder + "/keying.wav"
        try WAVWriter.write(Self.samples, sampleRate: 8000, to: untagged)
        #expect(LessonAudio.lessonID(ofFile: untagged) == nil)
        let rendered = folder + "/cq.mp3"
        let bytes = try MP3Encoder(sampleRate: 8000, bitrateKbps: 16).encode(
            Self.samples, tags: Self.tags(comment: "20/20 WPM, 600 Hz"), path: rendered)
        try Data(bytes).write(to: URL(fileURLWithPath: rendered))
        #expect(LessonAudio.lessonID(ofFile: rendered) == nil)
        #expect(LessonAudio.lessonID(artist: "Ann", comment: "lesson S02-9f3a, 20/12 WPM") == nil)
        #expect(LessonAudio.lessonID(ofFile: folder + "/none.mp3") == nil)
    }

    @Test func id3TextInUTF16AndVersionFourIsRead() {
        // A v2.4 tag (sizes syncsafe) with an artist in UTF-16 and a comment in UTF-8.
        let artist: [UInt8] = [1, 0xFF, 0xFE] + Array("koch".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let comment: [UInt8] = [3] + Array("eng".utf8) + [0] + Array("lesson R05-77".utf8)
        func frame(_ id: String, _ body: [UInt8]) -> [UInt8] { Array(id.utf8) + [0, 0, 0, UInt8(body.count), 0, 0] + body }
        let frames = frame("TPE1", artist) + frame("COMM", comment)
        let tag = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, UInt8(frames.count)] + frames + [0xFF, 0xFB]
        let read = ID3TextFrames(tag)
        #expect(read?.texts["TPE1"] == "koch")
        #expect(read?.texts["COMM"] == "lesson R05-77")
        #expect(LessonAudio.lessonID(artist: read?.texts["TPE1"], comment: read?.texts["COMM"]) == "R05-77")
        #expect(ID3TextFrames([0xFF, 0xFB, 0x90]) == nil)
    }
}
