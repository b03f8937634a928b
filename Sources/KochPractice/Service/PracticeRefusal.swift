import KochAudio
import KochClass
import KochCore

/// Why live practice did not do what was asked: refused before anything played (a key that
/// makes no lesson, a device missing) or after (nothing to grade). Nothing is recorded in either
/// case. Every description is a sentence to act on; a front end may word the grading refusals
/// (`lessonNotGraded`, `notRecorded`, `contactNotGraded`, `contactNotRecorded`) in its own terms.
public enum PracticeRefusal: Error, CustomStringConvertible {
    /// What was asked together cannot be (`PracticeRequest.conflict`).
    case conflict(PracticeRequest.Conflict)
    /// A spoken lesson's key: it is for listening away from the computer.
    case spokenKey(path: String)
    /// A key whose groups and settings do not make the lesson it names.
    case keyNotReproducible(path: String, lessonID: String)
    /// A key of the other direction than the exercise's (nil path: no key was given).
    case keyOfOtherDirection(path: String?, keyDirection: Direction)
    /// A confusion drill asked for, with nothing confused lately in that direction.
    case nothingConfused(ConfusedPairs, course: KochCourse)
    /// A contact asked for from a key: it makes a contact of its own.
    case contactFromKey
    /// A contact's template that renders no script.
    case contactTemplate(origin: String, problem: String)
    /// A copy would be read from standard input that is no terminal.
    case copyTerminal(CopyTerminal.Refusal)
    case terminal(TerminalError)
    case sound(SoundError)
    /// The test tone could not be played.
    case soundTest(String)
    /// A keyed session given neither a key device nor the microphone; `listing` names the devices that have the keys.
    case noKeying(listing: String)
    case keyDevice(KeyDeviceError)
    case paddleKeys(KeyRoles.Refusal)
    /// The key device's file or FIFO held no input events.
    case notInputEvents(String, progressFile: String)
    /// Nothing of the keying can be graded (not a key went down).
    case keyingNotGradable(KeyingInputRefusal, progressFile: String)
    /// A contact with nothing to grade.
    case contactNotGradable(QSOSessionGrading.Refusal, progressFile: String)
    /// A contact of which nothing the learner keyed was read; its files are kept.
    case contactUnread(QSOSessionGrading.Refusal, progressFile: String)
    /// The grading pipeline refused what the session returned.
    case lessonNotGraded(LessonGrading.Refusal, files: PracticeKeptFiles)
    /// The grade could not be recorded (graded before, another course).
    case notRecorded(SessionRecording.Refusal, session: GradedSession, files: PracticeKeptFiles)
    /// The contact's grading refused it (its copy, most often); its overs can be recorded alone from `overs`.
    case contactNotGraded(QSOGrading.Refusal, files: PracticeKeptFiles, overs: PracticeContactOvers)
    case contactNotRecorded(SessionRecording.Refusal, session: GradedSession, files: PracticeKeptFiles)

    public var description: String {
        switch self {
        case .conflict(let conflict): conflict.description
        case .spokenKey(let path):
            "\(path): a spoken lesson is for listening away from the computer; grade it with koch grade --heard."
        case let .keyNotReproducible(path, lessonID):
            "\(path): its groups and settings do not make the lesson it names (\(lessonID)); was it edited? Make a new one with koch lesson."
        case let .keyOfOtherDirection(path, direction) where direction == .send:
            "\(path ?? "The key") is a send exercise's: practise it with koch practice send."
        case let .keyOfOtherDirection(path, _):
            "\(path ?? "The key") is a lesson to copy: practise it with koch practice (receive)."
        case let .nothingConfused(confusions, _):
            "Nothing confused in your last \(confusions.sessionCount) \(confusions.direction.rawValue) sessions: no drill to make."
        case .contactFromKey:
            "--key is for a lesson or exercise: koch practice --kind qso makes a contact of its own."
        case let .contactTemplate(origin, problem): "\(origin): \(problem)"
        case .copyTerminal(let refusal): refusal.description
        case .terminal(let error): "\(error)"
        case .sound(let error): error.description
        case .soundTest(let problem): problem
        case .noKeying(let listing):
            "Give the paddle adapter or key with --key-device PATH, or --microphone default to key into the microphone.\n" + listing
        case .keyDevice(let error): error.description
        case .paddleKeys(let refusal): "--paddle-keys: \(refusal)"
        case let .notInputEvents(reason, progressFile): "\(reason) Nothing was recorded: \(progressFile) was not changed."
        case let .keyingNotGradable(refusal, progressFile): "\(refusal) \(progressFile) was not changed."
        case let .contactNotGradable(refusal, progressFile): "\(refusal) Nothing was recorded: \(progressFile) was not changed."
        case let .contactUnread(refusal, progressFile): "\(refusal) \(progressFile) was not changed."
        case let .lessonNotGraded(refusal, files): "\(refusal) Nothing was recorded: \(files.progressFile) was not changed."
        case let .notRecorded(refusal, _, files): "\(refusal) Nothing was recorded: \(files.progressFile) was not changed."
        case let .contactNotGraded(refusal, files, _): "\(refusal) Nothing was recorded: \(files.progressFile) was not changed."
        case let .contactNotRecorded(refusal, _, files): "\(refusal) Nothing was recorded: \(files.progressFile) was not changed."
        }
    }
}

/// The files a refused session was kept in, to name in the ways to grade it otherwise.
public struct PracticeKeptFiles: Sendable {
    public let keyPath: String
    public let lessonID: String
    public let progressFile: String
    /// The copy typed, or the keying's log or recording; empty where a contact kept no copy.
    public let sourcePath: String
}

/// What a refused contact kept of the learner's overs, to record them alone with `koch grade`.
public struct PracticeContactOvers: Sendable {
    /// The keying as the grader takes it (a log of key events, or a recording).
    public let returned: LessonReturn
    /// The file it was kept in.
    public let keptPath: String
    /// When the contact was done, so that the overs are recorded on that day.
    public let done: LocalTimestamp
}
