import KochAudio
import KochCore
import KochDecoding

/// A recording of a contact to answer (`koch lesson --kind qso --respond`, played aloud while
/// the learner keys their overs into its pauses), read: the lesson found in it by its own
/// station's keying, and each of the learner's overs read from its pause.
///
/// The recording may begin anywhere, its clock may run a little fast or slow, and it holds the
/// room's noise and echo. The lesson's station is known from the key, so it is looked for
/// (`KeyingAlignment`) rather than read, and where it is found says where each pause is. The
/// learner's sidetone may be at the lesson's pitch or another: the learner is told apart by
/// time. The pauses are decoded together, joined with the room's quiet between them
/// (`StretchSplice`), and each character goes to the pause it falls in, but those far fainter
/// than the learner's others (`FaintCharacters`: the room's noise, read in a long pause); where the learner's pitch is another, the lesson's
/// tone is taken out instead and the pauses widened, so that keying begun before the other
/// station ended, or still going when it began again, is read too.
public struct QSORecordingReading: Sendable {
    /// What was read of each of the learner's overs, in order; "" for an over not keyed.
    public let readTexts: [String]
    /// Where the lesson was found in the recording.
    public let alignment: KeyingAlignment
    /// The decode the overs were read from.
    public let result: DecodeResult

    /// The learner's pitch, as heard in the pauses.
    public var learnerToneHz: Double? { result.toneHz }
    /// What the decoder doubts about the learner's keying as keying.
    public var doubts: [DoubtfulReading] { result.doubts }

    /// Why a recording of a contact is not read.
    public enum Refusal: Error, Sendable, Hashable {
        /// The lesson's own station was not found: not a recording of this lesson, or it cannot be heard.
        case lessonNotFound
        /// Nothing was keyed (or nothing could be read) in any of the pauses.
        case noKeyingInPauses
        /// Sampled too slowly to decode.
        case sampleRateTooLow(Int)

        /// The whole message, naming the recording.
        public func description(file: String) -> String {
            switch self {
            case .lessonNotFound:
                "the lesson's own station was not found in \(file): is it the recording of this lesson? "
                    + "The lesson must be heard in the recording (played aloud near the phone), at the pitch it was made with. Nothing was recorded."
            case .noKeyingInPauses:
                "\(file): the lesson was found, but no keying in the pauses, where your overs belong. "
                    + "Key each of your overs after the other station's, loud enough for the phone to hear. Nothing was recorded."
            case let .sampleRateTooLow(rate):
                "\(file) is sampled at \(rate) Hz; decoding needs \(CWDecoder.lowestSampleRate) Hz or more. Record at a higher rate."
            }
        }
    }

    /// Reads `samples` (mono, at `sampleRate`) as a recording of the contact `qso` of `key`.
    public static func read(samples: [Float], sampleRate: Int, key: AnswerKey, qso: QSOKey) throws -> QSORecordingReading {
        guard sampleRate >= CWDecoder.lowestSampleRate else { throw Refusal.sampleRateTooLow(sampleRate) }
        let envelope = ToneEnvelope(samples: samples, sampleRate: sampleRate, frequencyHz: key.settings.toneHz)
        guard let keying = try? knownKeying(key: key, qso: qso), let alignment = KeyingAlignment.find(keying, in: envelope) else {
            throw Refusal.lessonNotFound
        }
        let pauses = Pauses(qso: qso, alignment: alignment)
        let expected = CharacterPrior(expecting: qso.learnerOvers.map(\.text).joined(separator: " "))
        let splice = StretchSplice(pauses.inside, of: samples, sampleRate: sampleRate)
        let result = try DecodeSession.decode(channels: [splice.samples], sampleRate: sampleRate, expecting: expected)
        let texts = Self.texts(of: result, in: splice, key: key)
        guard texts.contains(where: { !$0.isEmpty }) else { throw Refusal.noKeyingInPauses }
        let lessonPitchHz = key.settings.toneHz / alignment.rate
        guard let learnerHz = result.toneHz, abs(learnerHz - lessonPitchHz) >= distinctPitchHz else {
            return QSORecordingReading(readTexts: texts, alignment: alignment, result: result)
        }
        // At another pitch than the lesson's, the learner is read into the other station's
        // overs too, the lesson's tone taken out: keying begun early or ended late is kept. An
        // over that nothing was read of in its pause was not keyed, whatever the edges hold.
        let notch = NotchFilter(frequencyHz: lessonPitchHz, bandwidthHz: notchBandwidthHz, sampleRate: sampleRate)
        let widened = StretchSplice(pauses.widened, of: notch.filtered(notch.filtered(samples)), sampleRate: sampleRate)
        let second = try DecodeSession.decode(channels: [widened.samples], sampleRate: sampleRate, toneHz: learnerHz, expecting: expected)
        let wideTexts = Self.texts(of: second, in: widened, key: key)
        guard wideTexts.contains(where: { !$0.isEmpty }) else { return QSORecordingReading(readTexts: texts, alignment: alignment, result: result) }
        return QSORecordingReading(readTexts: zip(texts, wideTexts).map { $0.isEmpty ? "" : $1 }, alignment: alignment, result: second)
    }

    /// What `result`, a decode of `splice`, read in each of its pauses, faint characters left out.
    static func texts(of result: DecodeResult, in splice: StretchSplice, key: AnswerKey) -> [String] {
        guard let toneHz = result.toneHz else { return splice.pieces.map { _ in "" } }
        let envelope = ToneEnvelope(samples: splice.samples, sampleRate: splice.sampleRate, frequencyHz: toneHz)
        let keyed = FaintCharacters.removed(from: result.output.characters, envelope: envelope)
        return Pauses.texts(of: keyed, in: splice, alphabet: WrittenTokens.Alphabet(key.characterTokens))
    }

    /// Reads the whole of `reader`, its channels mixed, as `read(samples:...)` does.
    public static func read(_ reader: any RecordingReader, key: AnswerKey, qso: QSOKey) throws -> QSORecordingReading {
        guard reader.sampleRate >= CWDecoder.lowestSampleRate else { throw Refusal.sampleRateTooLow(reader.sampleRate) }
        var samples: [Float] = []
        while true {
            let block = try reader.read(maximumFrames: 1 << 15)
            guard let first = block.first, !first.isEmpty else { break }
            let scale = 1 / Float(block.count)
            samples += first.indices.map { index in block.reduce(0) { $0 + $1[index] } * scale }
        }
        return try read(samples: samples, sampleRate: reader.sampleRate, key: key, qso: qso)
    }

    /// The other station's keying as the key gives it: its words (the key's groups) keyed at
    /// the lesson's timing from where each begins, compared over its overs.
    static func knownKeying(key: AnswerKey, qso: QSOKey) throws -> KnownKeying {
        let placed = try key.groups.map { group in
            (word: try MorseText(parsing: group.text).words.flatMap { $0 }, startSeconds: group.startSeconds)
        }
        let timeline = Timeline(placed: placed, timing: key.settings.timing, durationSeconds: key.durationSeconds)
        return KnownKeying(
            marks: timeline.marks.map { $0.startSeconds...$0.endSeconds },
            spans: qso.otherOvers.map { $0.startSeconds...max($0.startSeconds, $0.endSeconds) })
    }

    /// A learner's pitch this far from the lesson's is told apart by pitch as well as by time.
    static let distinctPitchHz = 60.0
    /// The notch that takes the lesson's tone out: narrow enough to leave a pitch `distinctPitchHz` away.
    static let notchBandwidthHz = 20.0
}
