import Foundation
import KochAudio

/// Plays a lesson's sound through a sound output on a thread of its own, block by block, so that
/// a pause takes effect within a block of the element sounding's end (`LessonPlayback`: faded, no
/// click); while paused it plays silence and keeps its place. The output paces it
/// (`SoundOutput.write`); a device that goes away stops it and is kept in `lost`.
final class LessonPlayer: @unchecked Sendable {
    private let output: SoundOutput
    private let blockFrames: Int
    private let lock = NSLock()
    private var playback: LessonPlayback
    private var stopping = false
    private var lostError: SoundError?
    private var handedSamples = 0
    private let done = DispatchSemaphore(value: 0)
    /// How long a pause's fade lasts: as long as a tone's shaped edge.
    static let fadeSeconds = 0.005

    /// `toneSpans`: where the tone sounds, in samples (`PracticeLesson.toneSpans`); a pause waits for
    /// the end of the one sounding. Without them a pause fades out where it is asked for.
    init(sound: SampleSource, output: SoundOutput, toneSpans: [Range<Int>] = [], blockFrames: Int = 256) {
        self.output = output
        self.blockFrames = blockFrames
        playback = LessonPlayback(
            sound: sound, toneSpans: toneSpans, fadeFrames: Int((Self.fadeSeconds * Double(output.sampleRateHz)).rounded()))
    }

    /// The sound device's failure, once it has gone away.
    var lost: SoundError? { lock.withLock { lostError } }

    /// How far into the lesson's sound has been handed to the device, in samples.
    var positionSamples: Int { lock.withLock { handedSamples } }

    /// Pauses at the end of the element sounding; returns the seconds of sound still to play
    /// before the pause takes effect, for the lesson's clock to stop then too.
    func pause() -> Double {
        let frames = lock.withLock { playback.pause() }
        return Double(frames) / Double(output.sampleRateHz)
    }

    func resume() { lock.withLock { playback.resume() } }

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
            // Once the lesson has all been played, silence keeps the device running until the session ends.
            let isStopping = lock.withLock {
                if !stopping { block.withUnsafeMutableBufferPointer { playback.fill($0) } }
                return stopping
            }
            if isStopping { return }
            do {
                try block.withUnsafeBufferPointer { try output.write($0) }
            } catch {
                let lost = error as? SoundError ?? .lost(device: output.deviceName, reason: "\(error)")
                lock.withLock { lostError = lost }
                return
            }
            lock.withLock { handedSamples = playback.positionSamples }
        }
    }
}
