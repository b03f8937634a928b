import ArgumentParser
import KochCore

/// A QSO lesson as a contact to answer: the other station's overs, and pauses to key one's own.
struct RespondOptions: ParsableArguments {
    @Flag(
        name: .customLong("respond"),
        help:
            "With --kind qso: one whole contact to answer. The other station calls; after each of its overs a pause in which you key yours (the sheet, NAME.sheet.txt, says what). --minutes does not cut a contact."
    )
    var isOn = false

    @Option(
        name: .customLong("send-wpm"),
        help: ArgumentHelp(
            "With --respond: the speed you key your overs at, which the pauses are timed for, \(LessonSettings.Limits.characterSpeedWPM.lowerBound.formatted) to \(LessonSettings.Limits.characterSpeedWPM.upperBound.formatted) WPM. Default: the lesson's --wpm.",
            valueName: "wpm"))
    var sendSpeedWPM: Double?

    /// Refuses what a contact to answer cannot be made with.
    func check(kind: LessonKind, direction: Direction, speaks: Bool) throws {
        if let sendSpeedWPM {
            guard isOn else { throw ValidationError("--send-wpm is the speed of your overs in a contact to answer: give it with --respond.") }
            let speeds = LessonSettings.Limits.characterSpeedWPM
            guard speeds.contains(sendSpeedWPM) else {
                throw ValidationError(
                    "--send-wpm must be \(speeds.lowerBound.formatted) to \(speeds.upperBound.formatted), not \(sendSpeedWPM.formatted).")
            }
        }
        guard isOn else { return }
        guard kind == .qso else { throw ValidationError("--respond makes a contact to answer: give it with --kind qso.") }
        guard direction == .receive else {
            throw ValidationError("--respond is a contact you hear and answer: give it without --direction send (your overs are graded as sent).")
        }
        if speaks { throw ValidationError("--speak is not for a contact to answer: its pauses are yours to key in.") }
    }
}
