import Foundation
import KochAudio
import KochCore
import KochSound
import KochTestSupport
import Testing

@Suite struct WAVRoundTripTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-audio-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test(arguments: [8000, 22050, 44100, 48000])
    func everyElementReadBackStartsAndEndsOnItsSample(sampleRate: Int) throws {
        var settings = LessonSettings()
        settings.minutes = 0.5
        settings.level = 26
        let lesson = try Lesson(settings: settings)
        let synthesizer = ToneSynthesizer(frequencyHz: 600, sampleRate: sampleRate)
        let path = folder + "/lesson-\(sampleRate).wav"
        try WAVWriter.write(synthesizer.render(lesson.timeline), sampleRate: sampleRate, to: path)

        let reader = try AudioFileReader(path: path)
        #expect(reader.sampleRate == sampleRate)
        #expect(reader.channelCount == 1)
        let samples = try reader.readAll()[0]
        #expect(samples.count == synthesizer.sampleIndex(lesson.timeline.durationSeconds))
        let measured = KeyedIntervals.measure(samples.map(Double.init), frequencyHz: 600, sampleRate: sampleRate, amplitude: 0.708)
        #expect(measured.count == lesson.timeline.marks.count)
        var worst = 0.0
        for (mark, interval) in zip(lesson.timeline.marks, measured) {
            worst = max(worst, abs(interval.start - Double(synthesizer.sampleIndex(mark.startSeconds))))
            worst = max(worst, abs(interval.end - Double(synthesizer.sampleIndex(mark.endSeconds))))
        }
        #expect(worst <= 1, "worst element edge is \(worst) samples from the timeline")
    }

    @Test func unwritablePathIsAnErrorNamingTheFile() {
        #expect(throws: AudioError.self) {
            try WAVWriter.write([0, 0.5, 0], sampleRate: 8000, to: "/nonexistent-folder/x.wav")
        }
        do {
            try WAVWriter.write([0], sampleRate: 8000, to: "/nonexistent-folder/x.wav")
        } catch {
            #expect(error.description.contains("/nonexistent-folder/x.wav"))
        }
    }

    @Test func unreadableRecordingNamesTheFileAndTheFormatsKochReads() throws {
        let path = folder + "/phone.m4a"
        try Data("not audio at all".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try AudioFileReader(path: path)
            Issue.record("a text file was read as audio")
        } catch {
            #expect(error.description.contains(path))
            #expect(error.description.contains("koch reads WAV, FLAC"))
        }
    }
}
