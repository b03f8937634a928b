import Foundation
import KochAudio

/// Plays a lesson's sound through a sound output on a thread of its own, block by block, so that
/// pausing takes effect within a block: while paused it plays silence and keeps its place.
/// The output paces it (`SoundOutput.write`); a device that goes away stops it and is kept in `lost`.
final class LessonPlayer: @unchecked Sendable {
    private let sound: SampleSource
    private let output: SoundOutput
    private let blockFrames: Int
    private let lock = NSLock()
    private var paused = false
    private var stopping = false
    private var lostError: SoundError?
    private var playedSamples = 0
    private let done = DispatchSemaphore(value: 0)

    init(sound: SampleSource, output: SoundOutput, blockFrames: Int = 256) {
        self.sound = sound
        self.output = output
        self.blockFrames = blockFrames
    }

    /// The sound device's failure, once it has gone away.
    var lost: SoundError? { lock.withLock { lostError } }

    /// How far into the lesson's sound has been handed to the device, in samples.
    var positionSamples: Int { lock.withLock { playedSamples } }

    func setPaused(_ isPaused: Bool) { lock.withLock { paused = isPaused } }

    func start() {
        Thread.detachNewThread { [self] in
            play()
            done.signal()
        }
    }

    /// Stops after the block being played, and waits for the thread to end.
    func stop() {
        lock.withLock { stopping = true }
        done.wait()
    }

    private func play() {
        var block = [Float](repeating: 0, count: blockFrames)
        while true {
            let (isPaused, position, isStopping) = lock.withLock { (paused, playedSamples, stopping) }
            if isStopping { return }
            let count = isPaused ? blockFrames : min(blockFrames, sound.count - position)
            if count <= 0 {
                // The lesson has all been played: silence keeps the device running until the session ends.
                block.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            } else if !isPaused {
                block.withUnsafeMutableBufferPointer { buffer in
                    buffer.update(repeating: 0)
                    sound.read(position..<(position + count), into: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
                }
            } else {
                block.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            }
            do {
                try block.withUnsafeBufferPointer { try output.write($0) }
            } catch {
                let lost = error as? SoundError ?? .lost(device: output.deviceName, reason: "\(error)")
                lock.withLock { lostError = lost }
                return
            }
            if !isPaused, count > 0 { lock.withLock { playedSamples += count } }
        }
    }
}
