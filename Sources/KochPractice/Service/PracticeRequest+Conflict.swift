import KochCore
import KochLessons

extension PracticeRequest {
    /// What is asked together that live practice cannot do, or asked out of range: refused before
    /// anything is read or played, so that a front end can refuse it as it takes the request (the
    /// command line, as it parses its options) and a server refuses the same things.
    public enum Conflict: Error, Sendable, Hashable {
        /// The lesson cannot be made as asked: its length, its level outside the course, or a drill beside chosen characters or another kind.
        case lesson(LessonRequest.Refusal)
        /// A character drill's count outside `characterCountRange`.
        case characterCount(Int)
        /// A count given for another exercise than a character drill, which alone counts what is keyed.
        case countWithoutCharacters
        /// A QSO keyed as a send exercise or a character drill: live, a QSO is a contact to answer.
        case contactNotKeyedAlone
        /// A key device or the microphone given for a lesson to copy, which is typed.
        case keyingForCopy
        /// A key given for a character drill, which draws its own characters.
        case keyForCharacters
        /// Speeds given with a key, whose settings make its lesson: at another speed it would be
        /// another one. `direction`: the key's exercise, to make one at another speed.
        case speedsOfKey(keyPath: String, direction: Direction)
        /// A drill asked for a character drill or with a key: it makes a lesson or exercise of its own.
        case drillOfCharactersOrKey
        /// A key device and the microphone both given: the keying comes from one.
        case keyDeviceAndMicrophone
        /// The oscillator's pitch outside `pitchRangeHz`.
        case pitchHz(Double)
        /// A pitch given without the microphone it is heard by.
        case pitchWithoutMicrophone
    }

    /// How many characters a character drill can be asked to count.
    public static let characterCountRange: ClosedRange<Int> = 1...999
    /// The pitches the microphone's search can be told of, in hertz.
    public static let pitchRangeHz: ClosedRange<Double> = 100...3000

    /// The first thing asked that cannot be, in the order a learner is best told of it; nil when
    /// the request can be practised as far as can be told before anything is read. The test tone
    /// takes none of an exercise's options, and so meets none of these.
    public var conflict: Conflict? {
        guard exercise != .testSound else { return nil }
        do {
            try LessonRequest.check(minutes: lesson.minutes)
        } catch {
            return .lesson(error)
        }
        // A level outside the course would make a lesson of characters the course has not got to:
        // refused as `koch lesson` refuses it.
        if let level = lesson.level {
            do throws(LevelOutsideCourse) {
                try lesson.lessonCourse.check(level: level)
            } catch {
                return .lesson(.level(error))
            }
        }
        if let count, !Self.characterCountRange.contains(count) { return .characterCount(count) }
        if count != nil, exercise != .characters { return .countWithoutCharacters }
        if lesson.kind == .qso, exercise == .send || exercise == .characters { return .contactNotKeyedAlone }
        if exercise == .receive, microphone != nil || keyDevice != nil { return .keyingForCopy }
        if exercise == .characters, keyPath != nil { return .keyForCharacters }
        if let keyPath, lesson.sound.speedsGiven {
            return .speedsOfKey(keyPath: keyPath, direction: exercise == .send ? .send : .receive)
        }
        do {
            try lesson.checkDrill()
        } catch {
            return .lesson(error)
        }
        if lesson.drill != nil, exercise == .characters || keyPath != nil { return .drillOfCharactersOrKey }
        return Self.deviceConflict(keyDevice: keyDevice, microphone: microphone, pitchHz: pitchHz)
    }

    /// What the devices asked cannot be: both a key device and the microphone, or a pitch out of
    /// range or without the microphone.
    public static func deviceConflict(keyDevice: String?, microphone: String?, pitchHz: Double?) -> Conflict? {
        if keyDevice != nil, microphone != nil { return .keyDeviceAndMicrophone }
        if let pitchHz, !pitchRangeHz.contains(pitchHz) { return .pitchHz(pitchHz) }
        if pitchHz != nil, microphone == nil { return .pitchWithoutMicrophone }
        return nil
    }
}

extension PracticeRequest.Conflict: CustomStringConvertible {
    /// The conflict in plain words, for a front end that has none of its own (the command line
    /// words each in its options', `PracticeConflictText`).
    public var description: String {
        switch self {
        case .lesson(let refusal): "The lesson cannot be made as asked: \(refusal)."
        case .characterCount(let count):
            "A character drill counts \(PracticeRequest.characterCountRange.lowerBound) to \(PracticeRequest.characterCountRange.upperBound) characters, not \(count)."
        case .countWithoutCharacters: "A count of characters is for a character drill."
        case .contactNotKeyedAlone: "A QSO practised live is a contact to answer, not a send exercise or a character drill."
        case .keyingForCopy: "A lesson to copy is typed: a key device or the microphone is for keying."
        case .keyForCharacters: "A character drill draws its own characters: it is not practised from a key."
        case .speedsOfKey(let keyPath, _): "\(keyPath) sets the speeds of its lesson or exercise: they cannot be changed."
        case .drillOfCharactersOrKey: "A confusion drill makes a lesson to copy or an exercise to key of its own."
        case .keyDeviceAndMicrophone: "The keying comes from a key device or the microphone, not both."
        case .pitchHz(let pitchHz):
            "The pitch must be \(PracticeRequest.pitchRangeHz.lowerBound.formatted) to \(PracticeRequest.pitchRangeHz.upperBound.formatted) Hz, not \(pitchHz.formatted)."
        case .pitchWithoutMicrophone: "A pitch is for keying into the microphone."
        }
    }
}
