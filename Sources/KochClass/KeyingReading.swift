import KochCore
import KochDecoding

/// How a recording of a send exercise is read against its key.
///
/// With few dits (K and M are mostly dahs) and an uneven hand, the decoder
/// can settle on a third of the speed and read every dah as a dit. The speed
/// the exercise asks for is a second opinion: when no speed was given and the
/// first reading fits the key poorly, the recording is read again at the
/// exercise's speed, and the reading that fits the key better is kept (speed
/// is one figure for the whole recording, so this cannot pick characters one
/// by one). A recording that was hard to read (`DecodeResult.isHardToRead`) is
/// graded only from a reading that matches `ImplausibleDecode.poorMatchBelowAccuracy`
/// of the key, so there a reading under that is tried again too. Each reading is a copy of
/// the groups keyed, up to where the keying stopped (`KeyingStop`).
public struct KeyingReading: Sendable {
    public let result: DecodeResult
    public let copy: KeyedCopy
    /// Where the keying stopped before the sheet's end; nil when it is graded against the whole sheet.
    public let stop: KeyingStop?
    /// The exercise's speed, when the second opinion at it was kept.
    public let speedHintWPM: Double?

    /// A first reading under this accuracy is tried again at the exercise's speed.
    public static let secondOpinionBelowAccuracy = 0.8

    /// The reading of a recording of `key`'s exercise; `decode(speedWPM)` reads the
    /// recording, at that speed or (nil) at the speed it learns. `givenSpeedWPM`: the
    /// speed the learner gave, which is never second-guessed.
    public static func read(key: AnswerKey, givenSpeedWPM: Double?, decode: (_ speedWPM: Double?) throws -> DecodeResult) throws -> KeyingReading {
        let result = try decode(givenSpeedWPM)
        let (copy, stop) = KeyingStop.copy(of: result.output.characters, key: key)
        let first = KeyingReading(result: result, copy: copy, stop: stop, speedHintWPM: nil)
        let poor = result.isHardToRead ? max(secondOpinionBelowAccuracy, ImplausibleDecode.poorMatchBelowAccuracy) : secondOpinionBelowAccuracy
        guard givenSpeedWPM == nil, copy.score.accuracy < poor else { return first }
        let hint = key.settings.characterSpeedWPM
        let second = try decode(hint)
        let (secondCopy, secondStop) = KeyingStop.copy(of: second.output.characters, key: key)
        let other = KeyingReading(result: second, copy: secondCopy, stop: secondStop, speedHintWPM: hint)
        return other.fitsBetter(than: first) ? other : first
    }

    /// Whether this reading fits the sheet better than `other`: the higher accuracy over the same
    /// groups; over different groups (one stopped earlier), more characters right, so that a reading
    /// cut short cannot win by grading less.
    func fitsBetter(than other: KeyingReading) -> Bool {
        if stop?.groupsKeyed == other.stop?.groupsKeyed { return copy.score.accuracy > other.copy.score.accuracy }
        return copy.score.correct > other.copy.score.correct
    }
}
