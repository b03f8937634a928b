import Foundation
import KochAudio
import KochCore
import KochSound
import Testing

@Suite struct MP3EncoderTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-mp3-\(UUID().uuidString)").path
    let tags = MP3Tags(
        title: "Koch level 5 lesson 2 (KMRSU)", album: "koch Morse course (letters) level 5",
        artist: "koch", track: 2, trackCount: 7, comment: "lesson R05-0123456789ab")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func encodeLesson(sampleRate: Int, bitrateKbps: Int) throws -> (path: String, seconds: Double) {
        var settings = LessonSettings()
        settings.minutes = 1
        settings.level = 5
        let lesson = try Lesson(settings: settings)
        let samples = ToneSynthesizer(frequencyHz: 600, sampleRate: sampleRate).render(lesson.timeline)
        let path = folder + "/lesson-\(sampleRate)-\(bitrateKbps).mp3"
        let encoder = try MP3Encoder(sampleRate: sampleRate, bitrateKbps: bitrateKbps)
        try Data(try encoder.encode(samples, tags: tags, path: path)).write(to: URL(fileURLWithPath: path))
        return (path, Double(samples.count) / Double(sampleRate))
    }

    /// At MPEG-1 rates the info frame lets a decoder trim LAME's delay and
    /// padding; at 8–12 kHz with low bit rates LAME has no room for it.
    @Test(arguments: [(44100, 64), (48000, 128), (32000, 48), (22050, 32)])
    func readBackLastsTheLessonsDuration(sampleRate: Int, bitrateKbps: Int) throws {
        let (path, seconds) = try encodeLesson(sampleRate: sampleRate, bitrateKbps: bitrateKbps)
        let reader = try AudioFileReader(path: path)
        #expect(reader.sampleRate == sampleRate)
        let decoded = try reader.readAll()[0]
        let decodedSeconds = Double(decoded.count) / Double(sampleRate)
        #expect(abs(decodedSeconds - seconds) < 0.1, "decoded \(decodedSeconds) s of \(seconds) s")
        // The tone survives: its peak is near −3 dBFS.
        let peak = decoded.map { abs($0) }.max() ?? 0
        #expect(peak > 0.5 && peak < 0.9)
    }

    @Test func carriesID3v2TagsAndALAMEInfoFrame() throws {
        let (path, _) = try encodeLesson(sampleRate: 44100, bitrateKbps: 64)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let frames = ID3v2.textFrames(bytes)
        #expect(frames["TIT2"] == tags.title)
        #expect(frames["TALB"] == tags.album)
        #expect(frames["TPE1"] == "koch")
        #expect(frames["TRCK"] == "2/7")
        #expect(frames["COMM"]?.contains("R05-0123456789ab") == true)
        // The first audio frame after the tag is the info frame that tells
        // players the length ("Info" for constant bit rate).
        let audioStart = ID3v2.tagLength(bytes)
        let firstFrame = bytes[audioStart..<min(bytes.count, audioStart + 200)]
        #expect(String(decoding: firstFrame, as: UTF8.self).contains("Info"))
        #expect(bytes[audioStart] == 0xFF && bytes[audioStart + 1] & 0xE0 == 0xE0)
    }

    /// A spoken lesson's speech ends at espeak-ng's 11025 Hz: told so, LAME keeps the band
    /// below it and nothing above.
    @Test func anEncoderToldTheSoundsTopKeepsTheBandBelowItAndNothingAbove() throws {
        let rate = 44100
        var generator = SeededGenerator(seed: 7)
        let noise = (0..<(rate * 2)).map { _ in Float(Double.random(in: -0.3...0.3, using: &generator)) }
        func powerDB(_ path: String, from lowHz: Double, to highHz: Double) throws -> Double {
            let decoded = try AudioFileReader(path: path).readAll()[0]
            let frame = Array(decoded[rate / 2..<(rate / 2 + 4096)])
            var power = 0.0
            for bin in Int(lowHz * 4096 / Double(rate))..<Int(highHz * 4096 / Double(rate)) {
                var real = 0.0, imaginary = 0.0
                for (index, sample) in frame.enumerated() {
                    let phase = 2 * Double.pi * Double(bin * index) / 4096
                    let windowed = Double(sample) * (0.5 - 0.5 * cos(2 * Double.pi * Double(index) / 4096))
                    real += windowed * cos(phase)
                    imaginary += windowed * sin(phase)
                }
                power += real * real + imaginary * imaginary
            }
            return 10 * log10(max(power, 1e-30))
        }
        let plain = try MP3Encoder(sampleRate: rate, bitrateKbps: 64)
        let told = plain.keepingBelow(11025)
        #expect(told.lowpassHz == 11025)
        #expect(plain.lowpassHz == nil)
        // At 22.05 kHz the top is the output's own Nyquist frequency: nothing to tell.
        #expect(try MP3Encoder(sampleRate: 22050, bitrateKbps: 32).keepingBelow(11025).lowpassHz == nil)
        var levels: [(band: Double, above: Double)] = []
        for (name, encoder) in [("plain", plain), ("told", told)] {
            let path = folder + "/noise-\(name).mp3"
            try Data(try encoder.encode(noise, tags: tags, path: path)).write(to: URL(fileURLWithPath: path))
            levels.append((try powerDB(path, from: 4000, to: 9000), try powerDB(path, from: 12000, to: 14000)))
        }
        // The band below the top as loud either way; above it, at least 40 dB less when told.
        #expect(abs(levels[0].band - levels[1].band) < 1)
        #expect(levels[1].above < levels[0].above - 40)
    }

    @Test func refusesABitRateTheSampleRateCannotCarry() {
        #expect(throws: AudioError.self) { try MP3Encoder(sampleRate: 11025, bitrateKbps: 128) }
        #expect(throws: AudioError.self) { try MP3Encoder(sampleRate: 44100, bitrateKbps: 16) }
        #expect(throws: AudioError.self) { try MP3Encoder(sampleRate: 96000, bitrateKbps: 64) }
    }
}

/// Reads the text frames of an ID3v2.3/2.4 tag, enough to check what LAME wrote.
enum ID3v2 {
    static func tagLength(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 else { return 0 }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        return 10 + size
    }

    static func textFrames(_ bytes: [UInt8]) -> [String: String] {
        var frames: [String: String] = [:]
        let end = tagLength(bytes)
        var offset = 10
        while offset + 10 <= end, bytes[offset] != 0 {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = bytes[offset + 4..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
            let body = Array(bytes[offset + 10..<min(end, offset + 10 + size)])
            frames[id] = decodeText(id: id, body)
            offset += 10 + size
        }
        return frames
    }

    private static func decodeText(id: String, _ body: [UInt8]) -> String {
        guard let encoding = body.first else { return "" }
        var payload = Array(body.dropFirst())
        if id == "COMM" { payload = Array(payload.dropFirst(3)) }  // language
        let text: String
        if encoding == 1 {
            var units: [UInt16] = []
            var index = 0
            let littleEndian = payload.starts(with: [0xFF, 0xFE])
            while index + 1 < payload.count {
                units.append(
                    littleEndian
                        ? UInt16(payload[index]) | UInt16(payload[index + 1]) << 8
                        : UInt16(payload[index]) << 8 | UInt16(payload[index + 1]))
                index += 2
            }
            text = String(decoding: units.filter { $0 != 0xFEFF && $0 != 0xFFFE }, as: UTF16.self)
        } else {
            text = String(decoding: payload, as: UTF8.self)
        }
        return text.split(separator: "\0", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
