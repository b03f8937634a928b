import KochAudio
import KochCore
import KochDecoding
import KochRecordings

/// Reads a recording of a send exercise against its key, and says whether the reading can be
/// graded: something was decoded, and it is a plausible reading of the exercise. A reading koch is
/// not sure of is refused, so that no grade is recorded from it.
public enum KeyingCheck {
    /// Why a recording is not graded.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public enum Reason: Sendable, Hashable {
            /// Nothing decodable: silence, no tone, no marks.
            case nothingDecoded
            /// Decoded, but not a plausible reading of the exercise.
            case implausible
            /// Sampled too slowly to decode.
            case sampleRateTooLow
            /// A log of key events in which nothing sounds.
            case noKeyDown
        }

        public let reason: Reason
        /// The whole message: what was found, that nothing was recorded, what to try.
        public let description: String
        /// One line for a list of returns not graded.
        public let summary: String
    }

    /// Decodes the recording at `path` as `koch decode` does (a second reading at the exercise's
    /// speed when the first fits badly) and checks it. Throws `Refusal` when the reading cannot be
    /// graded, and the reader's errors when the file cannot be read or is koch's own lesson audio.
    public static func read(
        _ path: String, key: AnswerKey, toneHz: Double? = nil, speedWPM: Double? = nil, warn: (String) -> Void = { _ in }
    ) throws -> KeyingRecording {
        // koch's own audio of a lesson decodes perfectly: it must never pass for the learner's keying.
        if let lesson = LessonAudio.lessonID(ofFile: path) { throw AudioError.lessonAudio(path: path, lesson: lesson) }
        let reading = try KeyingReading.read(key: key, givenSpeedWPM: speedWPM) { speed in
            do {
                return try DecodeSession.decode(file: path, toneHz: toneHz, speedWPM: speed, expecting: expected(by: key))
            } catch DecoderError.sampleRateTooLow(let rate) {
                let why = "sampled at \(rate) Hz; decoding needs \(CWDecoder.lowestSampleRate) Hz or more"
                throw Refusal(reason: .sampleRateTooLow, description: "\(path) is \(why). Record at a higher rate.", summary: why)
            }
        }
        var recording = try checked(
            reading.result, copy: reading.copy, of: key, path: path, speedHintWPM: reading.speedHintWPM, toneGiven: toneHz != nil, warn: warn)
        recording.stop = reading.stop
        return recording
    }

    /// What a recording of `key`'s exercise holds: the characters of its groups.
    static func expected(by key: AnswerKey) -> CharacterPrior {
        CharacterPrior(expecting: key.sentText)
    }

    /// A decode of a send exercise, refused unless it can be graded: something decoded, and plausible.
    /// `warn` is told of each stretch where the key seemed stuck down.
    public static func checked(
        _ result: DecodeResult, copy: KeyedCopy, of key: AnswerKey, path: String, speedHintWPM: Double?, toneGiven: Bool,
        isLog: Bool = false, keyerMade: Bool = false, warn: (String) -> Void = { _ in }
    ) throws(Refusal) -> KeyingRecording {
        for stuck in result.output.stuckKeys { warn(stuck.warning(in: path)) }
        guard !result.output.characters.isEmpty else {
            let reason = result.nothingToDecode?.description ?? "Nothing to decode."
            throw Refusal(
                reason: .nothingDecoded, description: "\(path): \(reason) There is nothing to grade; nothing was recorded.",
                summary: "nothing decoded: " + reason)
        }
        let implausible = ImplausibleDecode.found(in: result, expectedCharacters: copy.score.sent, matchAccuracy: copy.score.accuracy)
        guard implausible.isEmpty else {
            let what = implausible.map(\.description).joined(separator: "; ")
            throw Refusal(
                reason: .implausible,
                description: isLog
                    ? logRefusal(path: path, result: result, implausible: implausible)
                    : refusal(path: path, result: result, implausible: implausible, toneGiven: toneGiven),
                summary: "the decode is not a plausible reading of the exercise: \(what)")
        }
        let measured = FistReport(output: result.output, copy: copy, exercise: key.settings.timing)
        let fist = keyerMade ? measured?.keyerMade() : measured
        return KeyingRecording(file: path, result: result, copy: copy, fist: fist, speedHintWPM: speedHintWPM)
    }

    /// Why the reading of a log of key events is not graded, and what to try instead: no pitch or
    /// room to blame, only the keying and how it is read.
    static func logRefusal(path: String, result: DecodeResult, implausible: [ImplausibleDecode]) -> String {
        """
        \(path): the keying is not a plausible reading of this exercise: \(implausible.map(\.description).joined(separator: "; ")). \
        It read "\(String(result.text.prefix(60)))\(result.text.count > 60 ? "…" : "")". Nothing was recorded. \
        To try again: key the sheet's groups in order, at least \(KeyingStop.minimumCharacters) characters of them; \
        check that --paddle-keys names your dit and dah keys, and --mode the keyer you key with.
        """
    }

    /// Why a decode is not graded, and what to try instead.
    public static func refusal(path: String, result: DecodeResult, implausible: [ImplausibleDecode], toneGiven: Bool) -> String {
        let tone = result.toneHz.map { " at \(Int($0.rounded())) Hz" } ?? ""
        var advice: [String] = []
        let others = result.otherTonesHeardHz
        if toneGiven {
            advice.append("check --tone: the tones heard were " + (result.toneCandidatesHz.isEmpty ? "none" : DayText.hertz(result.toneCandidatesHz)))
        } else if !others.isEmpty {
            advice.append("give your sidetone's pitch with --tone HZ (other tones heard: \(DayText.hertz(others)))")
        } else {
            advice.append("give your sidetone's pitch with --tone HZ if you know it")
        }
        advice.append("record in a quieter room (no talk, television or music) with the phone near the speaker")
        advice.append("give --wpm N if you keyed far from the sheet's speed")
        return """
            \(path): the decode\(tone) is not a plausible reading of this exercise: \(implausible.map(\.description).joined(separator: "; ")). \
            It read "\(String(result.text.prefix(60)))\(result.text.count > 60 ? "…" : "")". Nothing was recorded. \
            To try again: \(advice.joined(separator: "; ")).
            """
    }

}
