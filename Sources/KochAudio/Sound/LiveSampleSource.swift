/// Mono samples that arrive as they are heard: a microphone, or a recording handed out no
/// faster than it plays, for scripts and tests.
public protocol LiveSampleSource: AnyObject {
    var sampleRateHz: Int { get }
    /// The device or file, for messages.
    var name: String { get }
    /// Fills the start of `buffer`, blocking until some samples have come, and returns how many;
    /// 0 at the end (a recording's; a microphone has none).
    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws -> Int
}
