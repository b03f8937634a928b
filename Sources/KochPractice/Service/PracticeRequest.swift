import KochCore
import KochLessons

/// What a front end asks of live practice, as plain values: the command line maps its options to
/// one, a server its form. `PracticeService` decides the rest (the level, the devices, the files).
public struct PracticeRequest: Sendable {
    /// What is practised.
    public enum Exercise: Sendable, Hashable {
        /// Copy a lesson as it plays.
        case receive
        /// Key a send exercise.
        case send
        /// Key one character at a time.
        case characters
        /// A contact: the other station heard, the learner's overs keyed.
        case contact
        /// A second of the tone through the sound device.
        case testSound
    }

    public var exercise: Exercise
    /// The lesson as asked (content, level, minutes, sound, band conditions, seed, drill): the
    /// service sets its direction by the exercise and builds it as `koch lesson` does (`LessonRequest.prepared`).
    public var lesson: LessonRequest
    /// The key of a lesson or send exercise made before, to practise again.
    public var keyPath: String?
    /// For characters: how many to key, instead of the minutes.
    public var count: Int?
    public var show: ShowSent = .afterGroup
    /// The sound device as given: a name (or part of one), `null` for none; nil the default output.
    public var soundDevice: String?
    /// The paddle adapter or key as given: an input device, or a file or FIFO of its records.
    public var keyDevice: String?
    /// The microphone as given: `default`, a device's name, or a recording to read at its pace.
    public var microphone: String?
    /// The pitch of the learner's oscillator, where the microphone's search would pick another.
    public var pitchHz: Double?
    public var keyMapping: PaddleLog.KeyMapping = .usual
    public var mode: IambicMode = .b
    /// The learner's progress file; the session's files are kept in `practice/` beside it.
    public var progressFile: String
    /// Where to write what the session measured of itself, if anywhere.
    public var timingsPath: String?

    public init(exercise: Exercise, lesson: LessonRequest, progressFile: String) {
        self.exercise = exercise
        self.lesson = lesson
        self.progressFile = progressFile
    }
}
