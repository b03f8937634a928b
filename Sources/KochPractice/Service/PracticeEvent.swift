import KochAudio
import KochClass
import KochCore

/// What a practice session tells its screen as it goes, in order: the lesson, the devices, why it
/// stopped early, the grade and the files kept. A front end shows each as it comes; the session's
/// own drawing while it runs goes to the terminal (`TerminalScreen`).
public enum PracticeEvent {
    /// Where the lesson or exercise came from.
    public enum Origin: Sendable, Hashable {
        /// Made now at the learner's level, from the settings' seed.
        case made
        /// Read from the key at this path.
        case key(String)
        /// A contact in this style (a template in `templates/qso/`), from the settings' seed.
        case contact(style: String)
    }

    /// The lesson or exercise to practise (for characters, the drill's settings).
    case lesson(LessonSettings, origin: Origin)
    /// A line of what the lesson was made of (`PreparedLesson.notes`): what came from the progress
    /// file (the level, the weak characters), each pair a confusion drill sets against the other.
    case planNote(String)
    /// A warning for the side (standard error): a progress file read without its weak characters, a grading note.
    case warning(String)
    /// The sound device opened, and its output latency.
    case soundOpened(deviceName: String, outputLatencySeconds: Double)
    /// The microphone (or a recording read at its pace) is listened to.
    case listening(source: String)
    /// The key device read, at the speed its keyer runs, and which keys do what.
    case keying(device: String, speedWPM: Double, keys: KeyingDescription)
    /// How to work a receive session: pause, stop.
    case hint(String)
    /// A contact is about to start: they call, the learner answers.
    case contactBegins
    /// A receive session lost its sound device; what was sent before is graded.
    case soundLost(SoundError)
    /// The keying stopped coming in before the session ended it; what was keyed before is graded.
    case keyingEnded(KeyingInputEnding, source: String)
    /// A contact ended before its script did (stopped, sound lost, nothing keyed for a while).
    case contactEnded(QSOSession.Ending)
    /// A character drill's count of characters keyed right.
    case charactersKeyed(right: Int, of: Int)
    /// The lesson's grade, recorded (a copy's or a keying's).
    case graded(RecordedGrade, copy: GradedCopy)
    /// The files a session was kept in, in `folder`.
    case sessionKept(folder: String, files: [String])
    /// A contact's grade, both halves, and the queries the other station made.
    case contactGraded(QSOContactGrade, queries: [QSOLiveContact.Query])
    /// The files a contact was kept in, in `folder`.
    case contactKept(folder: String, files: [String])
    /// A contact's halves recorded in the progress file.
    case contactRecorded(QSOGrade)
}
