import Foundation
import KochAudio
import KochClass
import KochCore

/// A character read from the learner's keying as it ended, to show.
public struct ShownCharacter: Sendable, Hashable {
    /// What it reads as; nil for a pattern that is no character.
    public let text: String?
    /// Its dits and dahs, `.-.`.
    public let pattern: String
    /// Its marks, in seconds from the session's start (a straight key's and a microphone's marks
    /// are read as dits or dahs by the reading; `element` is what the keyer or reader made of each).
    public let marks: [KeyedElement]
    /// Whether a word's space came before it.
    public let wordSpaceBefore: Bool

    public init(text: String?, pattern: String, marks: [KeyedElement], wordSpaceBefore: Bool) {
        self.text = text
        self.pattern = pattern
        self.marks = marks
        self.wordSpaceBefore = wordSpaceBefore
    }
}

/// Why the learner's keying stopped coming in before the session ended it.
public enum KeyingInputEnding: Sendable {
    /// The key device was unplugged, or the file or pipe of its events ended.
    case keyDeviceEnded(String)
    /// The sound device (the microphone, or the sidetone's output) went away.
    case soundLost(SoundError)
    /// A recording read as the microphone came to its end.
    case recordingEnded
    /// The key device's file or FIFO turned out to hold no input events: nothing of it is keying.
    case notInputEvents(String)
}

/// Where a live session's keying comes from: a paddle or straight key through the keyer, or the
/// microphone through the live decoder. Each reads on threads of its own from `start` to `stop`.
public protocol LiveKeyingInput: AnyObject {
    /// "the paddle on /dev/input/event5", for messages.
    var source: String { get }
    /// Starts reading; times count from `sessionStartSeconds` on the monotonic clock.
    func start(sessionStartSeconds: Double)
    /// The characters that have ended since the last call.
    func takeCharacters() -> [ShownCharacter]
    /// Since when the key has been at rest, in seconds from the session's start: nil while it is
    /// keyed (the microphone: the end of the last mark it heard, nil while the tone sounds).
    var restingSinceSeconds: Double? { get }
    /// Whether what comes in from `seconds` (session seconds) on is the learner's keying: in a
    /// contact, not while the other station sends. The microphone hears the other station too,
    /// and reads only the learner's turns; a key device's keying is the learner's in any turn.
    func readsKeying(_ readsKeying: Bool, fromSeconds seconds: Double)
    /// Set once the keying has stopped coming in.
    var ending: KeyingInputEnding? { get }
    /// The keys of a key device keyed so far (a straight key is no keyer); nil before any, and for the microphone.
    var keysKeyed: KeyingDescription? { get }
    /// Stops reading and closes the devices.
    func stop()
    /// What was keyed, as the grading pipeline takes it; its file (the log or the recording) kept
    /// in `folder` under `baseName`, so that the session can be looked at again. Returns the return
    /// and the file kept.
    func lessonReturn(keptIn folder: String, baseName: String) throws -> (LessonReturn, String)
}

extension LiveKeyingInput {
    public func readsKeying(_ readsKeying: Bool, fromSeconds seconds: Double) {}
    public var keysKeyed: KeyingDescription? { nil }
}

/// A session's keying that cannot be graded at all.
public enum KeyingInputRefusal: Error, Sendable, CustomStringConvertible {
    /// Not a key went down.
    case nothingKeyed(String)

    public var description: String {
        switch self {
        case .nothingKeyed(let source): "Nothing was keyed on \(source), so nothing is recorded."
        }
    }
}
