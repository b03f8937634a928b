import KochCore
import KochLessons
import KochPractice

/// What `koch practice` says of options given together that cannot be (`PracticeRequest.Conflict`), in the options' words.
enum PracticeConflictText {
    static func message(_ conflict: PracticeRequest.Conflict) -> String {
        switch conflict {
        case .lesson(let refusal):
            return LessonRefusalText.message(refusal)
        case .characterCount(let count):
            let range = PracticeRequest.characterCountRange
            return "--count must be \(range.lowerBound) to \(range.upperBound), not \(count)."
        case .countWithoutCharacters:
            return "--count is for koch practice characters."
        case .contactNotKeyedAlone:
            return "--kind qso is a contact to answer: koch practice --kind qso, without send or characters."
        case .keyingForCopy:
            return "--microphone and --key-device are for keying: koch practice send, or koch practice characters."
        case .keyForCharacters:
            return "--key is for a lesson or exercise: koch practice characters draws its own characters."
        case let .speedsOfKey(keyPath, direction):
            // A key's settings make its lesson or exercise; at another speed it would be another one.
            let remake = direction == .send ? "koch lesson --direction send --wpm N" : "koch lesson --wpm N"
            return
                "--wpm and --effective cannot change a lesson or exercise made before: \(keyPath) sets its speeds, so that it stays the exercise its key grades. Practise it without them, or make one at another speed (\(remake))."
        case .drillOfCharactersOrKey:
            return "--drill confusions makes a lesson to copy or an exercise to key: koch practice (or send) --drill confusions, without --key."
        case .keyDeviceAndMicrophone:
            return "Give --key-device or --microphone, not both."
        case .pitchHz(let pitchHz):
            let range = PracticeRequest.pitchRangeHz
            return "--pitch must be \(range.lowerBound.formatted) to \(range.upperBound.formatted) Hz, not \(pitchHz.formatted)."
        case .pitchWithoutMicrophone:
            return "--pitch is for --microphone."
        }
    }
}
