import ArgumentParser
import KochCore
import KochLessons

/// A lesson request's refusal told in the options' words: `--minutes must be 0.5 to 60, not 90.`
enum LessonRefusalText {
    private typealias Limits = LessonSettings.Limits

    static func message(_ refusal: LessonRequest.Refusal) -> String {
        switch refusal {
        case .characters(.empty):
            "--chars is empty."
        case .characters(.noMorseCode(let character, let position)):
            "--chars: '\(character)' (character \(position)) has no Morse code."
        case .characters(.fewerThanTwoDifferent):
            "--chars needs at least two different characters."
        case .textFile(.textNeedsFile):
            "--kind text needs the text: --file book.txt."
        case .textFile(.fileIsOnlyForText):
            "--file is for --kind text."
        case .qsoStyleWithoutQSO:
            "--qso-style is for --kind qso."
        case .sound(let refusal):
            SoundOptions.message(refusal)
        case .level(let error):
            "--level must be \(error.levels.lowerBound) to \(error.levels.upperBound), not \(error.level)\(ContentOptions.courseClause(error))."
        case .minutes(let minutes):
            "--minutes must be \(Limits.minutes.lowerBound.formatted) to \(Limits.minutes.upperBound.formatted), not \(minutes.formatted)."
        case .count(let count):
            "--count must be \(Limits.lessonCount.lowerBound) to \(Limits.lessonCount.upperBound), not \(count)."
        case .drillWithCharacters:
            "--drill confusions draws its own pairs: leave out --chars (or --drill, to drill the characters you chose)."
        case .drillWithKind(let kind):
            "--drill confusions makes groups: leave out --kind \(kind.rawValue)."
        case .respondSpeedWithoutRespond:
            "--send-wpm is the speed of your overs in a contact to answer: give it with --respond."
        case .respondSpeedWPM(let speed):
            "--send-wpm must be \(Limits.characterSpeedWPM.lowerBound.formatted) to \(Limits.characterSpeedWPM.upperBound.formatted), not \(speed.formatted)."
        case .respondWithoutQSO:
            "--respond makes a contact to answer: give it with --kind qso."
        case .respondInSend:
            "--respond is a contact you hear and answer: give it without --direction send (your overs are graded as sent)."
        case .respondSpoken:
            "--speak is not for a contact to answer: its pauses are yours to key in."
        case .spokenSendExercise:
            "--speak is for lessons to copy: a send exercise is keyed from its sheet."
        }
    }

    /// Checks `request`, refusing as a usage error in the options' words.
    static func check(_ request: LessonRequest) throws {
        do {
            try request.check()
        } catch {
            throw ValidationError(message(error))
        }
    }
}
