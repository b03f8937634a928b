/// Which audio files a lesson is written as.
public enum AudioFormat: String, CaseIterable, Sendable {
    case mp3, wav, both, none

    public var writesMP3: Bool { self == .mp3 || self == .both }
    public var writesWAV: Bool { self == .wav || self == .both }
}
