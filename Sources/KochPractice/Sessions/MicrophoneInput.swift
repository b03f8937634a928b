import Foundation
import KochAudio
import KochClass
import KochCore
import KochDecoding
import KochIO

/// The learner's own oscillator or a transceiver's sidetone, heard through the microphone (or a
/// recording read at its own pace) and read by the live decoder as it sounds. What was heard is
/// written as it comes into a WAV file in the folder where it is kept (`WAVStream`, under a
/// temporary name: none of it is held in memory), which is put in place under the session's name
/// at the end and graded by the ordinary decoder with its plausibility guard, as
/// `koch grade --audio` grades a recording. A session that keeps nothing removes it. In a contact it reads only the learner's turns
/// (`readsKeying(_:fromSeconds:)`): what it hears in the other station's is kept and read as silence.
public final class MicrophoneInput: LiveKeyingInput, @unchecked Sendable {
    public let source: String
    private let microphone: LiveSampleSource
    private let toneHz: Double?
    private let lock = NSLock()
    private var decoder: LiveDecoder
    /// What was heard, written as it comes; the samples heard so far are `heardFrames`.
    private let recording: WAVStream
    private var heardFrames = 0
    private var pending: [ShownCharacter] = []
    private var endingSeen: KeyingInputEnding?
    private var turns = KeyingTurns()
    private var startSeconds = 0.0
    /// The session's time of the stream's start: where the latest sample read was heard, less the
    /// stream's length (a sample is heard at the latest as it is read).
    private var streamStartSeconds = 0.0
    private var stopping = false
    /// Whether the recording has been put in place under the session's name.
    private var kept = false
    private let timings: PracticeTimings?
    private let done = DispatchSemaphore(value: 0)
    /// The longest stretch kept, a bound on the recording's size on disk: the recording ends
    /// there, and what was keyed before it is graded as a keying stopped early.
    static let longestSeconds = 30 * 60.0

    /// Listens to `microphone`; what it hears is written into `folder` (which must exist) as it comes.
    public init(microphone: LiveSampleSource, toneHz: Double?, speedWPM: Double?, timings: PracticeTimings?, recordingIn folder: String) throws {
        self.microphone = microphone
        self.toneHz = toneHz
        self.timings = timings
        source = microphone.name
        decoder = try LiveDecoder(sampleRateHz: microphone.sampleRateHz, toneHz: toneHz, speedWPM: speedWPM)
        let path = folder + "/.microphone-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial.wav"
        recording = try WAVStream(path: path, sampleRate: microphone.sampleRateHz)
    }

    /// A recording never kept (the session recorded nothing) is removed.
    deinit {
        if !kept {
            try? recording.close()
            unlink(recording.path)
        }
    }

    public var ending: KeyingInputEnding? { lock.withLock { endingSeen } }

    public func start(sessionStartSeconds: Double) {
        startSeconds = sessionStartSeconds
        Thread.detachNewThread { [self] in
            listen()
            done.signal()
        }
    }

    public func stop() {
        lock.withLock { stopping = true }
        done.wait()
    }

    private func listen() {
        let rate = Double(microphone.sampleRateHz)
        var block = [Float](repeating: 0, count: max(1, microphone.sampleRateHz / 50))
        while !lock.withLock({ stopping }) {
            let count: Int
            do {
                count = try block.withUnsafeMutableBufferPointer { try microphone.read(into: $0) }
            } catch {
                lock.withLock { endingSeen = .soundLost(error as? SoundError ?? .lost(device: source, reason: "\(error)")) }
                return
            }
            guard count > 0 else {
                lock.withLock { endingSeen = .recordingEnded }
                return
            }
            let readAt = MonotonicClock.seconds()
            lock.withLock {
                streamStartSeconds = readAt - startSeconds - Double(heardFrames + count) / rate
                block.withUnsafeMutableBufferPointer { buffer in
                    turns.silenceOthersTurns(
                        in: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]),
                        firstSeconds: streamStartSeconds + Double(heardFrames) / rate, sampleRateHz: microphone.sampleRateHz)
                }
                heardFrames += count
                let characters = block.withUnsafeBufferPointer { decoder.process(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                let heardSeconds = Double(heardFrames) / rate
                for character in characters {
                    // The character ended `heardSeconds - endSeconds` before the samples just read.
                    timings?.displayDelay(heardSeconds - character.endSeconds + (MonotonicClock.seconds() - readAt))
                    pending.append(Self.shown(character))
                }
                if heardSeconds > Self.longestSeconds { endingSeen = .recordingEnded }
            }
            // Written outside the lock: the session reads the characters meanwhile. A failure is
            // kept by the stream and thrown when the recording is to be kept.
            block.withUnsafeBufferPointer { try? recording.append(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            if ending != nil { return }
        }
    }

    static func shown(_ character: LiveCharacter) -> ShownCharacter {
        ShownCharacter(
            text: character.text, pattern: character.pattern,
            marks: character.elements.map { KeyedElement(element: $0.element, startSeconds: $0.startSeconds, durationSeconds: $0.durationSeconds) },
            wordSpaceBefore: character.wordSpaceBefore)
    }

    /// The end of the last mark heard, on the session's clock; nil while the tone sounds, and
    /// the distant past before any mark is heard.
    public var restingSinceSeconds: Double? {
        lock.withLock {
            guard !decoder.isMarkOn else { return nil }
            return decoder.lastMarkEndSeconds.map { $0 + streamStartSeconds } ?? -Double.infinity
        }
    }

    public func readsKeying(_ readsKeying: Bool, fromSeconds seconds: Double) {
        lock.withLock { turns.set(readsKeying: readsKeying, fromSeconds: seconds) }
    }

    public func takeCharacters() -> [ShownCharacter] {
        lock.withLock {
            let taken = pending
            pending.removeAll()
            return taken
        }
    }

    /// Keeps what was heard under `baseName` in `folder`, the folder it was written in. Called
    /// once the input has stopped.
    public func lessonReturn(keptIn folder: String, baseName: String) throws -> (LessonReturn, String) {
        lock.withLock { pending += decoder.finish().map(Self.shown) }
        let path = folder + "/" + baseName + ".keying.wav"
        try recording.close()
        try AtomicFile.moveIntoPlace(recording.path, to: path)
        kept = true
        return (.recording(path: path, toneHz: toneHz, speedWPM: nil), path)
    }
}
