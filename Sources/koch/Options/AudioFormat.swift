import ArgumentParser

/// Which audio files a lesson is written as.
enum AudioFormat: String, ExpressibleByArgument, CaseIterable {
    case mp3, wav, both, none

    var writesMP3: Bool { self == .mp3 || self == .both }
    var writesWAV: Bool { self == .wav || self == .both }
}
