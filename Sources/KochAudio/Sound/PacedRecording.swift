import Foundation

/// A recording heard as if through a microphone: its samples (channels mixed to mono) handed
/// out no faster than they play, each block once the clock has passed its end. A script's or a
/// test's microphone.
public final class PacedRecording: LiveSampleSource, @unchecked Sendable {
    public let name: String
    public let sampleRateHz: Int
    /// Frames handed out at most at once: 10 ms at 48 kHz, as a microphone's blocks come.
    public let blockFrames: Int
    private let reader: any RecordingReader
    private let lock = NSLock()
    /// Read from the file but not yet handed out.
    private var pending: [Float] = []
    private var pendingStart = 0
    private var framesHandedOut = 0
    private var startSeconds: Double?
    private var ended = false

    public init(path: String) throws(AudioError) {
        reader = try RecordingFile.open(path)
        name = path
        sampleRateHz = reader.sampleRate
        blockFrames = max(1, reader.sampleRate / 100)
    }

    /// The next block, once it has played by the clock since the first read; 0 at the end.
    public func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard !buffer.isEmpty else { return 0 }
        if pendingStart == pending.count { try refill() }
        let frames = min(buffer.count, blockFrames, pending.count - pendingStart)
        guard frames > 0 else { return 0 }
        let start = startSeconds ?? MonotonicClock.seconds()
        startSeconds = start
        let dueSeconds = start + Double(framesHandedOut + frames) / Double(sampleRateHz)
        let wait = dueSeconds - MonotonicClock.seconds()
        if wait > 0 { SoundOutput.sleep(seconds: wait) }
        pending.withUnsafeBufferPointer { all in
            _ = buffer.update(fromContentsOf: UnsafeBufferPointer(rebasing: all[pendingStart..<pendingStart + frames]))
        }
        pendingStart += frames
        framesHandedOut += frames
        return frames
    }

    /// Reads the next stretch of the file, mixed to mono; nothing at its end.
    private func refill() throws(AudioError) {
        guard !ended else { return }
        let channels = try reader.read(maximumFrames: 1 << 14)
        pending = Self.mono(channels)
        pendingStart = 0
        if pending.isEmpty { ended = true }
    }

    static func mono(_ channels: [[Float]]) -> [Float] {
        guard let first = channels.first else { return [] }
        guard channels.count > 1 else { return first }
        let scale = 1 / Float(channels.count)
        return first.indices.map { index in channels.reduce(0) { $0 + $1[index] } * scale }
    }
}
