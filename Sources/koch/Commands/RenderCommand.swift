import ArgumentParser
import Foundation
import KochAudio
import KochCore
import KochIO
import KochLessons
import KochSound

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Turn any text into Morse audio (WAV or MP3).",
        discussion: """
            Sends letters, digits, the punctuation . , ? / = + - ' ( ) : " @ ; ! and \
            prosigns written in angle brackets (<AR> <SK> <BT> <KN> <AS> <BK> <CT> <SN> \
            <HH> <SOS>). Any run of spaces or line breaks is one word gap. The format \
            follows the extension of --out.

            Examples:
              koch render "CQ CQ DE K1ABC K" --out cq.mp3
              koch render --file book.txt --out book.mp3 --wpm 25 --effective 18
              echo "73 <SK>" | koch render - --out bye.wav --sample-rate 8000
              koch render "CQ DE K1ABC" --out cq.mp3 --speak after --spell phonetic
                  each word sent, then said (words of letters as words unless --spell)
            """
    )

    @Argument(help: "The text to send, or - to read it from standard input.")
    var text: String?

    @Option(name: .customLong("file"), help: "Read the text from this file.")
    var textFile: String?

    @Option(name: .customLong("out"), help: "The audio file to write: NAME.mp3 or NAME.wav.")
    var outputPath: String

    @Option(help: "MP3 title tag. Default: the file name.")
    var title: String?

    @OptionGroup(title: "Sound")
    var sound: SoundOptions

    @OptionGroup(title: "MP3")
    var mp3: MP3Options

    @OptionGroup(title: "Spoken answers")
    var speech: SpeechOptions

    func validate() throws {
        if text != nil && textFile != nil {
            throw ValidationError("Give the text either as an argument or with --file, not both.")
        }
        if text == nil && textFile == nil {
            throw ValidationError("Give the text to send: koch render \"CQ DE K1ABC\" --out cq.mp3 (or --file F, or - for standard input).")
        }
        guard let format = AudioFormat(path: outputPath) else {
            throw ValidationError("--out must end in .mp3 or .wav, not '\(outputPath)'.")
        }
        if format == .mp3 { _ = try mp3.encoder(sound: sound) }
    }

    func run() throws {
        let source = try readText()
        let morse: MorseText
        do {
            morse = try MorseText(parsing: source.text)
        } catch {
            // The text is fine as an argument; what it says is not: no usage block.
            throw CommandFailure(description: "\(source.name): \(error.description)")
        }
        let folder = URL(fileURLWithPath: outputPath).deletingLastPathComponent().path
        try Folder.prepareForWriting(folder)

        let spoken = try spokenRendering(morse)
        let timeline = spoken?.timeline ?? Timeline(text: morse, timing: sound.timing)
        let samples = MixedSound(timeline: timeline, synthesizer: spoken?.answers.tone ?? sound.synthesizer, speech: spoken?.layer).source
        if AudioFormat(path: outputPath) == .mp3 {
            let tags = MP3Tags.rendered(title: title, path: outputPath, timing: sound.timing, toneHz: sound.toneHz)
            let encoder = try mp3.encoder(sound: sound)
            try AudioOutput.writeMP3(
                samples, encoder: spoken?.keepingTheVoice(encoder) ?? encoder, tags: tags, to: outputPath)
        } else {
            try AudioOutput.writeWAV(samples, sampleRate: sound.sampleRateHz, to: outputPath)
        }
        print("\(outputPath): \(morse.words.count) words, \(AnswerSheet.minuteSecond(timeline.durationSeconds))")
    }

    /// With --speak: each word sent and said, as in a spoken lesson without its opening.
    private func spokenRendering(_ morse: MorseText) throws -> SpokenRendering? {
        guard let settings = speech.settings, let answers = try speech.answers(sound: sound) else { return nil }
        do {
            return try SpokenRendering(text: morse, timing: sound.timing, speech: settings, answers: answers)
        } catch {
            throw CommandFailure(description: error.description)
        }
    }

    private func readText() throws -> (name: String, text: String) {
        if let textFile {
            guard let data = try FileBytes.read(textFile, action: "read the text file") else {
                throw FileError.system(path: textFile, action: "read the text file", errno: ENOENT)
            }
            return (textFile, String(decoding: data, as: UTF8.self))
        }
        if text == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return ("standard input", String(decoding: data, as: UTF8.self))
        }
        return ("the text", text ?? "")
    }
}
