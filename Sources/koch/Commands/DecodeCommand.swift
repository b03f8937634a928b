import ArgumentParser
import Foundation
import KochCore
import KochDecoding
import KochIO
import KochPresentation
import KochRecordings

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode the Morse in a recording (a sidetone, a lesson, a receiver).",
        discussion: """
            Reads WAV, FLAC, Ogg Vorbis, Opus, MP3, and what phones record (M4A or AAC, \
            3GP or AMR, Opus in WebM), mono or stereo, at 2 kHz or more. A file that is \
            no recording (a photo, a document, a lesson's sheet) is named for what it is. \
            Finds the keyed tone between 300 and 1500 Hz by itself (the tone that is switched \
            on and off at a steady pitch, not the loudest one: hum, a steady carrier, weaker \
            stations, talk and music are passed over), follows fading, a drifting tone and \
            the sender's speed, and prints the text with \
            words separated by single spaces. A pattern that is no character prints as *.

            Where an uneven fist leaves the timing in doubt, letters are the likelier \
            reading, as in ordinary text: a long gap inside a digit or a punctuation mark \
            may split it into letters. For a recording of an exercise, give its characters \
            with --expect and those are read as readily (koch grade --audio does this itself).

            When there is nothing to decode (silence, noise alone, or a tone that never \
            stops) standard output stays empty, the reason goes to standard error, and the \
            exit status is 0. A key held down for seconds is reported on standard error; the \
            text around it is still decoded. A file that cannot be read exits with status 1.

            With --stations 2, reads a QSO of two stations and labels each over with its \
            station (1 sends first), pitch, speed and time. Stations 50 Hz or more apart are \
            told apart by pitch, even keying at once; closer ones taking turns, by the pitch, \
            speed and level of each over. Where every over is alike (one station), or the overs \
            do not fall into two stations, standard error says so and the single-station \
            reading is printed.

            Examples:
              koch decode practice.wav
              koch decode practice.wav --json > practice.json
              koch decode sidetone.flac --tone 700 --plot sidetone.svg
              koch decode my-keying.wav --expect "KMURES5/?"
              koch decode contest-qso.wav --stations 2
            """
    )

    @Argument(help: "The recording to decode.")
    var file: String

    @Flag(
        help:
            "Print a JSON report: text, tone, speed, dit length, dah/dit ratio, gaps in dits, SNR, and every element and gap with its start and length."
    )
    var json = false

    @Option(
        name: .customLong("tone"),
        help:
            "The tone's frequency in Hz, from 100 to 0.45 of the sample rate (the search covers 300 to 1500 Hz), if the search picks the wrong one or the tone is outside its range. A few hertz off is near enough: the tone is read at its own pitch where its oscillator leaves a clear line."
    )
    var toneHz: Double?

    @Option(
        name: .customLong("wpm"),
        help:
            "The sender's speed in WPM (\(DecoderConfiguration.speedRangeWPM.lowerBound.formatted) to \(DecoderConfiguration.speedRangeWPM.upperBound.formatted)), if known; otherwise it is learned from the recording."
    )
    var speedWPM: Double?

    @Option(name: .customLong("plot"), help: "Write an SVG of a few seconds of the envelope, the threshold and the decoded elements to this file.")
    var plotPath: String?

    @Option(
        name: .customLong("plot-from"),
        help: "With --plot: where the plot starts, in seconds into the recording (default: just before the first character).")
    var plotFromSeconds: Double?

    @Option(
        name: .customLong("plot-seconds"), help: "With --plot: how many seconds it shows, 1 to 120 (default 8; widened so that no letter is cut).")
    var plotSeconds: Double = DecodeRendering.defaultSpanSeconds

    @Option(
        name: .customLong("expect"),
        help: ArgumentHelp(
            "The characters the recording holds, such as an exercise's (prosigns as <AR>): read as readily as letters, and every other character as rarer.",
            valueName: "characters"))
    var expectedCharacters: String?

    @Option(
        name: .customLong("stations"),
        help: ArgumentHelp(
            "How many stations the recording holds: 1, or 2 for a QSO (each over labelled with its station, pitch, speed and time).",
            valueName: "count"))
    var stationCount = 1

    /// The decode asked for, as the library takes it.
    var request: RecordingDecodeRequest {
        var request = RecordingDecodeRequest(path: file)
        request.toneHz = toneHz
        request.speedWPM = speedWPM
        request.expectedCharacters = expectedCharacters
        request.stationCount = stationCount
        request.plotPath = plotPath
        request.plotFromSeconds = plotFromSeconds
        request.plotSeconds = plotSeconds == DecodeRendering.defaultSpanSeconds ? nil : plotSeconds
        return request
    }

    func validate() throws {
        if let conflict = request.conflict { throw ValidationError(DecodeConflictText.message(conflict)) }
    }

    func run() throws {
        let request = request
        let outcome: RecordingDecodeRequest.Outcome
        do {
            outcome = try request.decode()
        } catch DecoderError.sampleRateTooLow(let rate) {
            throw ValidationError("\(file) is sampled at \(rate) Hz; decoding needs \(CWDecoder.lowestSampleRate) Hz or more.")
        }
        switch outcome {
        case .oneStation(let result): try show(result, plotSpanSeconds: request.plotSpanSeconds)
        case .stations(let stations): show(stations)
        }
    }

    /// One station's reading: its text or JSON, its warnings, and its plot.
    private func show(_ result: DecodeResult, plotSpanSeconds: Double) throws {
        if json {
            print(DecodeRendering.json(result, file: file))
        } else if !result.text.isEmpty {
            print(result.text)
        }
        for warning in result.warnings { printError(warning.message(in: file)) }
        if let plotPath {
            try AtomicFile.write(DecodeRendering.svg(result, fromSeconds: plotFromSeconds, spanSeconds: plotSpanSeconds), to: plotPath)
        }
    }

    /// `--stations 2`: each over on a line, or the single-station reading and why.
    private func show(_ outcome: StationSeparation.Outcome) {
        if json { print(StationsRendering.json(outcome, file: file)) }
        switch outcome {
        case .twoStations(let stations, let overs, _):
            if !json {
                for over in overs { print(StationsRendering.line(over)) }
            }
            for station in stations {
                for warning in station.result.warnings { printError(warning.message(in: "\(file) (station \(station.station))")) }
            }
        case .oneStation(let result), .notToldApart(let result):
            if !json, !result.text.isEmpty { print(result.text) }
            if let caution = outcome.caution { printError("\(file): \(caution)") }
            for warning in result.warnings { printError(warning.message(in: file)) }
        }
    }

    private func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
