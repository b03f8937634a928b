/// A recording open for reading a block at a time, whichever library reads it.
public protocol RecordingReader: AnyObject {
    var path: String { get }
    var sampleRate: Int { get }
    var channelCount: Int { get }
    /// The next block of up to `maximumFrames` frames, one array per channel; empty arrays at the end.
    func read(maximumFrames: Int) throws(AudioError) -> [[Float]]
}

extension AudioFileReader: RecordingReader {}
