import ArgumentParser
import Foundation
import KochClass
import KochCore
import KochLessons
import KochPresentation

extension IambicMode: ExpressibleByArgument {}

/// `--mode`, `--wpm` and `--paddle-keys`: how a paddle or straight-key log is read.
struct KeyerOptions: ParsableArguments {
    @Option(
        help:
            "Iambic mode, Curtis b (the default) or a: letting go of a squeeze, b completes the element sounding and adds the alternate one the squeeze left in memory, a completes it and stops (a squeeze let go during its dah: R in b, A in a)."
    )
    var mode: IambicMode?

    var modeOrDefault: IambicMode { mode ?? .b }

    @Option(
        name: .customLong("paddle-keys"),
        help: ArgumentHelp(
            "The key names of the dit and dah paddles, and optionally of a straight key, in an evtest log or on a key device. Default: KEY_LEFTCTRL,KEY_RIGHTCTRL (and KEY_SPACE for a straight key on a key device).",
            valueName: "dit,dah[,key]"))
    var paddleKeys: String?

    func validate() throws { _ = try mapping() }

    func mapping() throws -> PaddleLog.KeyMapping {
        guard let paddleKeys else { return .usual }
        do {
            return try PaddleLog.KeyMapping(keyNames: paddleKeys)
        } catch {
            throw ValidationError("--paddle-keys must be two or three evtest key names, e.g. KEY_LEFTBRACE,KEY_RIGHTBRACE, not '\(paddleKeys)'.")
        }
    }
}

struct KeyerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyer",
        abstract: "Run a log of paddle or straight-key events through an iambic keyer, and read what was keyed.",
        discussion: """
            For learners who key through a USB paddle adapter (or any key the computer \
            sees as key presses): their sending is read from the events, without a \
            microphone. The log is plain text, one event a line:

              0.000 dit down        time in seconds, dit or dah (paddles) or key (a straight key),
              0.080 dit up          then down or up
              0.300 dah down
              0.500 dah up
              2.000 wpm 18          the keyer's speed from the next element on (\(KeyerSpeed.rangeWPM.lowerBound.formatted) to \(KeyerSpeed.rangeWPM.upperBound.formatted))

            or what Linux's evtest prints for the adapter (evtest /dev/input/eventN > log.txt); \
            --paddle-keys says which keys are the paddles (default: left and right Ctrl, \
            as common adapters send).

            Paddles go through an iambic keyer, Curtis Mode B by default, as WinKeyer and \
            transceivers have it: squeezing both paddles alternates dit and dah, dit first; a \
            paddle pressed during the other's element plays next; an element always \
            completes. Let go of a squeeze during its dah, Mode B adds the dit the squeeze \
            left in memory (R) and Mode A stops (A). A straight key's marks are \
            your own timing. What was keyed is read as koch decode reads a recording.

            Examples:
              koch keyer --events paddles.txt --wpm 20
              koch keyer --events evtest.log --paddle-keys KEY_LEFTBRACE,KEY_RIGHTBRACE --out keyed.wav
              koch keyer --events paddles.txt --json       every element with its start and length
              koch grade --key NAME.key.json --events paddles.txt   grade a send exercise from the log
            """
    )

    @Option(name: .customLong("events"), help: ArgumentHelp("The event log.", valueName: "file"))
    var eventsPath: String

    @Option(
        help:
            "The keyer's speed in WPM (\(KeyerSpeed.rangeWPM.lowerBound.formatted) to \(KeyerSpeed.rangeWPM.upperBound.formatted)) until the log changes it; for a straight key, your speed, if the reading misjudges it. Default: \(IambicKeyer.defaultWPM.formatted)."
    )
    var wpm: Double?

    @OptionGroup
    var keyer: KeyerOptions

    @Option(name: .customLong("out"), help: ArgumentHelp("Also write the keyed sidetone as audio: FILE.wav or FILE.mp3.", valueName: "file"))
    var outputPath: String?

    @Flag(help: "Print every element with its start and length, and the text, as one JSON object.")
    var json = false

    @Flag(name: .customLong("elements-only"), help: "Only run the keyer: the elements, without reading them as text.")
    var elementsOnly = false

    /// The keying asked for, as the library takes it.
    func request() throws -> KeyerRequest {
        var request = KeyerRequest(eventsPath: eventsPath)
        request.speedWPM = wpm
        request.mode = keyer.modeOrDefault
        request.mapping = try keyer.mapping()
        request.outputPath = outputPath
        request.elementsOnly = elementsOnly
        return request
    }

    func validate() throws {
        switch try request().conflict {
        case .speed(let speedWPM):
            throw ValidationError(
                "--wpm must be \(KeyerSpeed.rangeWPM.lowerBound.formatted) to \(KeyerSpeed.rangeWPM.upperBound.formatted), not \(speedWPM.formatted)."
            )
        case .outputFormat(let path): throw ValidationError("--out must name a .wav or .mp3 file, not \(path).")
        case nil: break
        }
    }

    func run() throws {
        let keyed: KeyerRequest.Result
        do {
            keyed = try request().run()
        } catch let nothing as KeyerRequest.NothingKeyed {
            throw CommandFailure(description: nothing.description)
        }
        let (log, elements) = (keyed.log, keyed.elements)
        if json {
            let report = KeyerReport(
                file: eventsPath, log: log, mode: keyer.modeOrDefault, speedsWPM: keyed.speedsWPM, text: keyed.text, elements: elements)
            print(try report.json())
        } else {
            let what = KeyingCheck.describe(log, mode: keyer.modeOrDefault, speedsWPM: keyed.speedsWPM)
            print("\(eventsPath): \(log.events.count) events, \(elements.count) elements (\(what))")
            if let text = keyed.text {
                print(text)
            } else {
                for element in elements {
                    print(
                        String(
                            format: "%9.3f s  %@  %5.0f ms", element.startSeconds, element.element.map { String($0.rawValue) } ?? "key",
                            element.durationSeconds * 1000))
                }
            }
            if let outputPath { print("Sidetone written to \(outputPath).") }
        }
    }
}
