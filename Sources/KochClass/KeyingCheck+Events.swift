import KochCore
import KochDecoding
import KochLessons

extension KeyingCheck {
    /// Reads a log of paddle or straight-key events of a send exercise against its key: paddles
    /// through the keyer in `mode` at `speedWPM`, else at the exercise's speed (`KeyerSpeed`), a
    /// straight key as keyed; then checked as a recording is. Throws `Refusal` (`noKeyDown`) when
    /// nothing in the log sounds, and as `checked` does.
    public static func read(
        events log: PaddleLog, path: String, key: AnswerKey, speedWPM: Double?, mode: IambicMode, warn: (String) -> Void = { _ in }
    ) throws -> KeyingRecording {
        let keying = log.keying(at: KeyerSpeed(givenWPM: speedWPM, exerciseWPM: key.settings.characterSpeedWPM), mode: mode)
        let elements = keying.elements
        guard !elements.isEmpty else {
            throw Refusal(
                reason: .noKeyDown, description: "\(path): the log holds no key-down long enough to sound; there is nothing to grade.",
                summary: "no key-down long enough to sound")
        }
        let result = try KeyedElementsReader.decode(elements, speedWPM: keying.readingSpeedWPM, expecting: expected(by: key))
        let (copy, stop) = KeyingStop.copy(of: result.output.characters, key: key)
        // A paddle's dits and dahs are the keyer's: the fist report judges the gaps alone.
        var recording = try checked(
            result, copy: copy, of: key, path: path, speedHintWPM: nil, toneGiven: false, isLog: true, keyerMade: !log.isStraightKey, warn: warn)
        recording.eventLog = describe(log, mode: mode, speedsWPM: keying.speedsWPM)
        recording.stop = stop
        return recording
    }

    /// What keyed a log: `straight key`, or `paddles, Mode B, 18 WPM` (`18 then 20 WPM` when the log changes the speed).
    public static func describe(_ log: PaddleLog, mode: IambicMode, speedsWPM: [Double]) -> String {
        log.isStraightKey
            ? "straight key" : "paddles, Mode \(mode.rawValue.uppercased()), \(speedsWPM.map(\.formatted).joined(separator: " then ")) WPM"
    }
}
