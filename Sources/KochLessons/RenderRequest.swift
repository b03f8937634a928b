import Foundation
import KochAudio
import KochCore
import KochIO
import KochSound

/// What a front end asks to have sent as Morse audio (`koch render`): any text, as it sounds, into
/// a WAV or MP3 file named by its extension, each word also said when the speech asks it.
/// `conflict` says what cannot be asked before anything is read; `render()` writes the file.
public struct RenderRequest: Sendable {
    /// Where the text comes from.
    public enum Text: Sendable, Hashable {
        /// The text itself, and what to call it in a message (`the text`, `standard input`).
        case given(String, name: String)
        /// A text file to read.
        case file(String)
    }

    /// The text to send; nil when none was given.
    public var text: Text?
    /// Whether the text was given more than one way (as itself and as a file).
    public var textGivenTwice = false
    /// The audio file to write: NAME.mp3 or NAME.wav.
    public var outputPath: String
    /// The MP3 title tag; nil for the file's name.
    public var title: String?
    /// How the Morse sounds.
    public var sound = SoundRequest()
    /// The MP3 bit rate, kbit/s.
    public var mp3BitrateKbps = LessonSettings.defaultMP3BitrateKbps
    /// The MP3 encoder's quality, 0 (best) to 9.
    public var mp3Quality = MP3Encoder.defaultQuality
    /// How each word is said after or before it is sent; nil when nothing is said.
    public var speech: SpeechSettings?

    public init(outputPath: String) {
        self.outputPath = outputPath
    }

    /// What is asked that cannot be.
    public enum Conflict: Error, Sendable, Hashable {
        /// The text given both as itself and as a file.
        case textGivenTwice
        /// No text given.
        case noText
        /// An output file that is neither .mp3 nor .wav.
        case outputFormat(path: String)
        /// MP3 settings the encoder refuses at the sample rate, with its reason.
        case mp3(reason: String)
    }

    /// The first thing asked that cannot be; nil when the text can be rendered as asked, as far as can be told before it is read.
    public var conflict: Conflict? {
        if textGivenTwice { return .textGivenTwice }
        if text == nil { return .noText }
        guard let format = AudioFormat(path: outputPath) else { return .outputFormat(path: outputPath) }
        if format == .mp3 {
            do {
                _ = try encoder()
            } catch {
                return .mp3(reason: error.description)
            }
        }
        return nil
    }

    /// Text that is no Morse: the text's name and what is wrong with it.
    public struct Unsendable: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// What was written.
    public struct Result: Sendable, Hashable {
        /// Words sent.
        public let wordCount: Int
        /// How long the audio lasts.
        public let durationSeconds: Double
    }

    /// Reads the text, checks it is Morse (`Unsendable` if not, before any file is written) and
    /// writes the audio.
    public func render() throws -> Result {
        let (name, source) = try read()
        let morse: MorseText
        do {
            morse = try MorseText(parsing: source)
        } catch {
            throw Unsendable(description: "\(name): \(error.description)")
        }
        try Folder.prepareForWriting(URL(fileURLWithPath: outputPath).deletingLastPathComponent().path)
        let spoken = try speech.map { speech in
            try SpokenRendering(
                text: morse, timing: sound.timing, speech: speech,
                answers: SpokenAnswers(settings: speech, tone: sound.synthesizer, timing: sound.timing))
        }
        let timeline = spoken?.timeline ?? Timeline(text: morse, timing: sound.timing)
        let samples = MixedSound(timeline: timeline, synthesizer: spoken?.answers.tone ?? sound.synthesizer, speech: spoken?.layer).source
        if AudioFormat(path: outputPath) == .mp3 {
            let tags = MP3Tags.rendered(title: title, path: outputPath, timing: sound.timing, toneHz: sound.toneHz)
            let encoder = try encoder()
            try AudioOutput.writeMP3(samples, encoder: spoken?.keepingTheVoice(encoder) ?? encoder, tags: tags, to: outputPath)
        } else {
            try AudioOutput.writeWAV(samples, sampleRate: sound.sampleRateHz, to: outputPath)
        }
        return Result(wordCount: morse.words.count, durationSeconds: timeline.durationSeconds)
    }

    private func encoder() throws(AudioError) -> MP3Encoder {
        try MP3Encoder(sampleRate: sound.sampleRateHz, bitrateKbps: mp3BitrateKbps, quality: mp3Quality)
    }

    /// The text and what to call it.
    private func read() throws -> (name: String, text: String) {
        switch text {
        case let .given(text, name): return (name, text)
        case let .file(path):
            guard let data = try FileBytes.read(path, action: "read the text file") else {
                throw FileError.system(path: path, action: "read the text file", errno: ENOENT)
            }
            return (path, String(decoding: data, as: UTF8.self))
        case nil: return ("the text", "")
        }
    }
}
