import Foundation
import KochCore
import KochTestSupport
import Testing

@testable import KochAudio

/// What phones and recorders make, made here with the ffmpeg and sox programs from a WAV of a
/// keyed tone, and read back through FFmpeg's libraries as the tone it was.
@Suite struct FFmpegAudioReaderTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-ffmpeg-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func shell(_ command: String) throws { try Shell.run(command) }

    /// Half a second of silence, then `toneSeconds` of 650 Hz at half scale, as a WAV at `sampleRate`.
    func toneWAV(sampleRate: Int = 8000, toneSeconds: Double = 2) throws -> String {
        let path = folder + "/tone.wav"
        let silence = [Float](repeating: 0, count: sampleRate / 2)
        let tone = (0..<Int(toneSeconds * Double(sampleRate))).map { Float(0.5 * sin(2 * Double.pi * 650 * Double($0) / Double(sampleRate))) }
        try WAVWriter.write(silence + tone, sampleRate: sampleRate, to: path)
        return path
    }

    static func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0) { $0 + Double($1 * $1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// The tone's frequency from its zero crossings.
    static func frequencyHz(_ samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        let crossings = zip(samples, samples.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        return Double(crossings) * Double(sampleRate) / Double(samples.count)
    }

    @Test(arguments: [
        ("m4a", "-ar 44100 -c:a aac -b:a 96k"), ("aac", "-ar 44100 -c:a aac"), ("webm", "-ar 48000 -c:a libopus"),
        ("mka", "-ar 48000 -c:a libopus"), ("mp4", "-ar 48000 -c:a aac"),
    ])
    func phoneFormatsReadBackAsTheTone(fileExtension: String, options: String) throws {
        let path = folder + "/phone." + fileExtension
        try shell("ffmpeg -nostdin -y -i '\(try toneWAV())' \(options) '\(path)'")
        try expectTone(in: path, sampleRate: fileExtension == "m4a" || fileExtension == "aac" ? 44100 : 48000)
    }

    @Test func threeGPWithAMRReadsBackAsTheTone() throws {
        let amr = folder + "/phone.amr"
        try shell("sox '\(try toneWAV())' -r 8000 -c 1 -t amr-nb '\(amr)'")
        try shell("ffmpeg -nostdin -y -i '\(amr)' -c copy '\(folder)/phone.3gp'")
        try expectTone(in: folder + "/phone.3gp", sampleRate: 8000, tolerance: 0.15)
        try expectTone(in: amr, sampleRate: 8000, tolerance: 0.15)
    }

    func expectTone(in path: String, sampleRate: Int, tolerance: Double = 0.08) throws {
        let reader = try RecordingFile.open(path)
        #expect(reader is FFmpegAudioReader)
        #expect(reader.sampleRate == sampleRate && reader.channelCount == 1)
        var samples: [Float] = []
        while let block = try reader.read(maximumFrames: 4096).first, !block.isEmpty {
            #expect(block.count <= 4096)
            samples += block
        }
        #expect(abs(Double(samples.count) / Double(sampleRate) - 2.5) < 0.1, "\(samples.count) samples")
        #expect(Self.rms(samples[0..<(sampleRate * 4 / 10)]) < 0.02)
        let tone = samples[(sampleRate)..<(sampleRate * 2)]
        #expect(abs(Self.rms(tone) - 0.5 / 2.0.squareRoot()) < tolerance, "\(Self.rms(tone))")
        #expect(abs(Self.frequencyHz(tone, sampleRate: sampleRate) - 650) < 5)
    }

    @Test func aStereoRecordingKeepsItsChannelsApart() throws {
        let path = folder + "/stereo.m4a"
        let tone = try toneWAV(sampleRate: 44100)
        try shell("ffmpeg -nostdin -y -i '\(tone)' -af 'pan=stereo|c0=c0|c1=0*c0' -c:a aac '\(path)'")
        let reader = try RecordingFile.open(path)
        #expect(reader.channelCount == 2)
        let block = try reader.read(maximumFrames: 44100 * 2)
        #expect(block.count == 2 && block[0].count == 44100 * 2)
        #expect(Self.rms(block[0][44100...]) > 0.3 && Self.rms(block[1][44100...]) < 0.01)
    }

    @Test func anOpusOggIsReadByLibsndfileAndAVorbisWebMByFFmpeg() throws {
        let tone = try toneWAV()
        try shell("ffmpeg -nostdin -y -i '\(tone)' -ar 48000 -c:a libopus '\(folder)/voice.ogg'")
        #expect(try RecordingFile.open(folder + "/voice.ogg") is AudioFileReader)
        try shell("ffmpeg -nostdin -y -i '\(tone)' -ar 48000 -c:a libvorbis '\(folder)/voice.webm'")
        #expect(try RecordingFile.open(folder + "/voice.webm") is FFmpegAudioReader)
    }

    @Test func anM4ACutShortSaysSo() throws {
        let whole = folder + "/whole.m4a"
        try shell("ffmpeg -nostdin -y -i '\(try toneWAV(toneSeconds: 20))' -c:a aac -movflags +faststart '\(whole)'")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = folder + "/cut.m4a"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let reader = try FFmpegAudioReader(path: cut)
        #expect(abs(reader.durationSeconds - 20.5) < 0.2)
        do {
            while let block = try reader.read(maximumFrames: 1 << 15).first, !block.isEmpty {}
            Issue.record("an M4A cut in half was read to its end")
        } catch {
            guard case .truncated(let path, let promised, let held) = error else { throw error }
            #expect(path == cut && abs(promised - 20.5) < 0.2 && held < 15)
        }
    }

    @Test func aVideoWithNoSoundIsNamed() throws {
        let path = folder + "/clip.mp4"
        try shell("ffmpeg -nostdin -y -f lavfi -i testsrc=size=64x64:rate=5 -t 1 -an -c:v mpeg4 '\(path)'")
        #expect(throws: AudioError.notARecording(path: path, what: "a video with no sound")) { try RecordingFile.open(path) }
    }

    @Test func aDamagedPhoneFileIsAFormatKochCannotRead() throws {
        let path = folder + "/phone.m4a"
        var bytes = Data([0, 0, 0, 0x20]) + Data("ftypM4A isomiso2".utf8)
        bytes += Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        try bytes.write(to: URL(fileURLWithPath: path))
        do {
            _ = try RecordingFile.open(path)
            Issue.record("noise after an M4A header was read as audio")
        } catch {
            guard case .unsupportedFormat(let named, _) = error else { throw error }
            #expect(named == path)
        }
    }

    @Test func aPhotoIsNamedWhateverItIsCalled() throws {
        let path = folder + "/keying.m4a"
        try shell("ffmpeg -nostdin -y -f lavfi -i color=c=red:size=32x32 -frames:v 1 '\(folder)/photo.jpg'")
        try FileManager.default.moveItem(atPath: folder + "/photo.jpg", toPath: path)
        #expect(throws: AudioError.notARecording(path: path, what: "a JPEG image")) { try RecordingFile.open(path) }
    }
}
