import KochCore
import KochDecoding
import KochIO

/// One lesson's return to grade and record (`Grader`), as a front end takes it from the
/// learner: the command line's options, a page's form, a live session's reading.
///
/// It says what was given, not which grader takes it: that depends on the key (a contact to
/// answer, or any other lesson), which `Grader` reads. What is given together that cannot be
/// is refused before anything is read (`conflict`).
public struct GradeRequest: Sendable {
    /// Where the answer key is.
    public enum Key: Sendable {
        /// A key file (`NAME.key.json`): the keys beside it are the other lessons a copy could be of.
        case file(String)
        /// A key already read (a live session's), kept at `path`.
        case given(AnswerKey, path: String)
    }

    /// Where a typed copy is.
    public enum Copy: Sendable, Hashable {
        /// The copy's text, already read (a live session's typing).
        case text(String)
        /// The copy's bytes as they came (a page's upload): UTF-8, no longer than a lesson's copy can be.
        case bytes([UInt8])
        /// A text file of it.
        case file(String)
        /// Standard input, piped in.
        case standardInput
    }

    /// What a live session read as it went, graded on that reading rather than read again.
    public enum Reading: Sendable {
        /// A lesson's return already read: a keying read live, a log of key events, a recording kept.
        case lesson(LessonReturn)
        /// A contact's overs read live, one text per over of the learner's (empty for one not read),
        /// and the copy typed of the other station, if one was.
        case overs([String], copy: String?)
    }

    public var key: Key
    /// A typed copy: of a lesson, or of the other station of a contact answered.
    public var copy: Copy?
    /// A recording of the learner's keying: of a send exercise, or of a contact answered aloud.
    public var recordingPath: String?
    /// A log of the learner's paddle or straight-key events, read with `keyMapping`.
    public var eventsPath: String?
    /// A spoken lesson's count of items got right, by the learner's own reckoning.
    public var heard: Int?
    /// What a live session read; given alone.
    public var reading: Reading?
    /// The sidetone of a recording, when the decoder's search picks the wrong one.
    public var toneHz: Double?
    /// A recording's speed, or a paddle log's keyer speed.
    public var speedWPM: Double?
    /// A paddle log's iambic mode (Curtis B when nil), and which of its keys are the paddles (the usual when nil).
    public var mode: IambicMode?
    public var keyMapping: PaddleLog.KeyMapping?

    /// The learner's progress file, where the grade is recorded.
    public var progress: any ProgressRecords
    /// When the grade is given, on the learner's clock (the caller's clock: a library reads none).
    public var gradedAt: LocalTimestamp
    /// When the lesson was done; nil: when it is graded.
    public var done: LocalTimestamp?
    /// Whether `done` was given with a time of day (true) or as a day alone (false); nil when
    /// it was not given, and so needs no check against the lesson's date.
    public var doneGivenWithTime: Bool?
    /// Where the learner stopped the lesson, in seconds from its start (`LessonGrading.stoppedAtSeconds`).
    public var stoppedAtSeconds: Double?
    /// The other lessons a copy could be of; nil: the keys beside a key file (`AnswerKeyFile.siblings`).
    public var otherKeys: [AnswerKey]?
    /// Take a copy of under a quarter of the lesson as a partial copy.
    public var partial = false
    /// Take a copy even though it does not look like one of this lesson.
    public var force = false
    /// Grade a lesson graded before again, replacing the earlier result.
    public var replace = false
    /// Score only: record nothing.
    public var dryRun = false
    /// The lesson was done live at the computer (`koch practice`).
    public var live = false

    public init(key: Key, progress: any ProgressRecords, gradedAt: LocalTimestamp) {
        self.key = key
        self.progress = progress
        self.gradedAt = gradedAt
    }

    /// Whether a keying (a recording or a log of key events) was given.
    var keyingGiven: Bool { recordingPath != nil || eventsPath != nil }
}
