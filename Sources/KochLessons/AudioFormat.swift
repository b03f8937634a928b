import KochCore

/// Which audio files a lesson is written as.
public enum AudioFormat: String, CaseIterable, Sendable {
    case mp3, wav, both, none

    public var writesMP3: Bool { self == .mp3 || self == .both }
    public var writesWAV: Bool { self == .wav || self == .both }

    /// The audio written when none is asked for: none for a send exercise, which is keyed
    /// from a printed sheet and whose audio is only a model to imitate; else MP3.
    public static func standard(for direction: Direction) -> AudioFormat {
        direction == .send ? .none : .mp3
    }
}
