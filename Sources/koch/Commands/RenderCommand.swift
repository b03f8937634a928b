import ArgumentParser
import Foundation
import KochCore
import KochLessons

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

    /// The rendering asked for, as the library takes it; standard input read when the text is `-`.
    func request(readingInput: Bool = false) -> RenderRequest {
        var request = RenderRequest(outputPath: outputPath)
        if let textFile {
            request.text = .file(textFile)
        } else if text == "-" {
            let input = readingInput ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : ""
            request.text = .given(input, name: "standard input")
        } else if let text {
            request.text = .given(text, name: "the text")
        }
        request.textGivenTwice = text != nil && textFile != nil
        request.title = title
        request.sound = sound.request
        request.mp3BitrateKbps = mp3.bitrateKbps
        request.mp3Quality = mp3.quality
        request.speech = speech.settings
        return request
    }

    func validate() throws {
        switch request().conflict {
        case .textGivenTwice: throw ValidationError("Give the text either as an argument or with --file, not both.")
        case .noText:
            throw ValidationError("Give the text to send: koch render \"CQ DE K1ABC\" --out cq.mp3 (or --file F, or - for standard input).")
        case .outputFormat(let path): throw ValidationError("--out must end in .mp3 or .wav, not '\(path)'.")
        case .mp3(let reason): throw ValidationError(reason)
        case nil: break
        }
    }

    func run() throws {
        let rendered: RenderRequest.Result
        do {
            rendered = try request(readingInput: true).render()
        } catch let unsendable as RenderRequest.Unsendable {
            // The text is fine as an argument; what it says is not: no usage block.
            throw CommandFailure(description: unsendable.description)
        }
        print("\(outputPath): \(rendered.wordCount) words, \(AnswerSheet.minuteSecond(rendered.durationSeconds))")
    }
}
