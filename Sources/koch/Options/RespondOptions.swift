import ArgumentParser
import KochCore

/// A QSO lesson as a contact to answer: the other station's overs, and pauses to key one's own;
/// `LessonRequest.check` refuses what one cannot be made with.
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
}
