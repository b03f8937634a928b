import KochCore
import KochDecoding

/// A log of the learner's paddles (or straight key) through a contact to answer, read as one
/// keying and split into their overs by time: a character that starts inside the pause left for
/// one of their overs (the key's learner overs, timed from the lesson's start) is of that over.
/// The log is read as `koch grade --events` reads a send exercise's: through the keyer, then by
/// the same decoder as a recording, which alone decides where characters and words end.
public struct QSOKeying: Sendable {
    /// The whole log as read, its copy (every character keyed) against the learner's half of
    /// the contact, and their fist.
    public let recording: KeyingRecording
    /// What was read in each of the learner's overs, in order; empty where nothing was keyed.
    public let readTexts: [String]
    /// Characters keyed outside every pause (while the other station sent, or after the contact).
    public let charactersOutside: Int

    /// Reads `log` (from `path`) against the learner's half of the contact (`sendKey`, as
    /// `AnswerKey.learnerHalf` makes it); paddles through the keyer in `mode` at `speedWPM`, else
    /// at the speed the pauses were timed for. Throws `KeyingCheck.Refusal` when nothing in the
    /// log sounds, or its reading is not one of a keying (`DoubtfulReading`).
    public static func read(
        events log: PaddleLog, path: String, qso: QSOKey, sendKey: AnswerKey, speedWPM: Double?, mode: IambicMode,
        warn: (String) -> Void = { _ in }
    ) throws -> QSOKeying {
        let keying = log.keying(at: KeyerSpeed(givenWPM: speedWPM, exerciseWPM: qso.learnerSpeedWPM), mode: mode)
        guard let first = keying.elements.first else {
            throw KeyingCheck.Refusal(
                reason: .noKeyDown, description: "\(path): the log holds no key-down long enough to sound; there is nothing to grade.",
                summary: "no key-down long enough to sound")
        }
        let result = try KeyedElementsReader.decode(
            keying.elements, speedWPM: keying.readingSpeedWPM, expecting: CharacterPrior(expecting: sendKey.sentText))
        for stuck in result.output.stuckKeys { warn(stuck.warning(in: path)) }
        let doubts = result.implausibilities()
        guard doubts.isEmpty else {
            let what = doubts.map(\.description).joined(separator: "; ")
            throw KeyingCheck.Refusal(
                reason: .implausible,
                description: """
                    \(path): the keying is not a plausible reading of your overs: \(what). Nothing was recorded. \
                    Check that --paddle-keys names your dit and dah keys, and --mode the keyer you key with.
                    """,
                summary: "the keying is not a plausible reading of the overs: \(what)")
        }
        // The reader sounds the log from its first element, after a margin of silence.
        let offsetSeconds = first.startSeconds - KeyedElementsReader.marginSeconds
        let split = split(
            result.output.characters, offsetSeconds: offsetSeconds, overs: qso.learnerOvers,
            alphabet: WrittenTokens.Alphabet(Set(WrittenTokens.split(sendKey.sentText))))
        // The fist report reads every character keyed against what it was meant to be, so its copy is of them all.
        let copy = KeyedCopy(key: sendKey, characters: result.output.characters)
        let learnerTiming = Timing(characterSpeedWPM: qso.learnerSpeedWPM, effectiveSpeedWPM: qso.learnerSpeedWPM)
        // A paddle's dits and dahs are the keyer's: the fist report judges the gaps alone.
        let fist = FistReport(output: result.output, copy: copy, exercise: learnerTiming)
        var recording = KeyingRecording(
            file: path, result: result, copy: copy, fist: log.isStraightKey ? fist : fist?.keyerMade(), speedHintWPM: nil)
        recording.eventLog = KeyingCheck.describe(log, mode: mode, speedsWPM: keying.speedsWPM)
        return QSOKeying(recording: recording, readTexts: split.texts, charactersOutside: result.output.characters.count - split.inside.count)
    }

    /// `characters` (timed from the reading's start, `offsetSeconds` after the log's) as the text
    /// of each over they start in, each read as the over's own sign where one code has two
    /// (`=` keyed where the over has `<BT>`); `inside`, the characters of some over.
    static func split(_ characters: [DecodedCharacter], offsetSeconds: Double, overs: [QSOKey.Over], alphabet: WrittenTokens.Alphabet)
        -> (texts: [String], inside: [DecodedCharacter])
    {
        var texts = Array(repeating: "", count: overs.count)
        var inside: [DecodedCharacter] = []
        for character in characters {
            let seconds = character.startSeconds + offsetSeconds
            guard let index = overs.firstIndex(where: { $0.startSeconds <= seconds && seconds < $0.endSeconds }) else { continue }
            let pattern = String(character.elements.map(\.rawValue))
            if character.startsWord, !texts[index].isEmpty { texts[index] += " " }
            texts[index] += alphabet.token(pattern: pattern) ?? character.text.uppercased()
            inside.append(character)
        }
        return (texts, inside)
    }
}
