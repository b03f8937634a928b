import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochSound

/// A paddle or straight key on a Linux input device, keyed through the iambic keyer in real time
/// with a sidetone. One thread reads the device; another makes the sidetone a small block at a
/// time, so that a key event is heard within a block of sound (`PracticeTimings.keyerLatency`).
public final class PaddleInput: LiveKeyingInput, @unchecked Sendable {
    public let source: String
    private let device: KeyDevice
    private let roles: KeyRoles
    private let output: SoundOutput
    private let mode: IambicMode
    private let speedWPM: Double
    private let timings: PracticeTimings?
    private let lock = NSLock()
    private var keying: LiveKeying
    private var sidetone: Sidetone
    private var queued: [KeyEvent] = []
    private var endingSeen: KeyingInputEnding?
    private var stopping = false
    private var startSeconds = 0.0
    private let threadsDone = DispatchGroup()
    /// Signalled by each key event read, so that the sidetone makes its next block at once.
    private let eventRead = DispatchSemaphore(value: 0)
    /// Frames of sidetone made at a time: 64 at 48 kHz is 1.3 ms.
    static let blockFrames = 64

    public init(
        device: KeyDevice, roles: KeyRoles, output: SoundOutput, sampleRateHz: Int, toneHz: Double, speedWPM: Double, mode: IambicMode,
        timings: PracticeTimings?
    ) {
        self.device = device
        self.roles = roles
        self.output = output
        self.mode = mode
        self.speedWPM = speedWPM
        self.timings = timings
        source = "the key on \(device.path)"
        keying = LiveKeying(wpm: speedWPM, mode: mode)
        sidetone = Sidetone(frequencyHz: toneHz, sampleRateHz: sampleRateHz, amplitude: 0.5)
    }

    public var ending: KeyingInputEnding? { lock.withLock { endingSeen } }

    public var keysKeyed: KeyingDescription? {
        lock.withLock {
            KeyingDescription(roles: roles, mode: mode, keyedPaddles: keying.hasKeyedPaddles, keyedStraightKey: keying.hasKeyedStraightKey)
        }
    }

    public func start(sessionStartSeconds: Double) {
        startSeconds = sessionStartSeconds
        threadsDone.enter()
        Thread.detachNewThread { [self] in
            readDevice()
            threadsDone.leave()
        }
        threadsDone.enter()
        Thread.detachNewThread { [self] in
            soundSidetone()
            threadsDone.leave()
        }
    }

    public func stop() {
        lock.withLock { stopping = true }
        threadsDone.wait()
        output.close()
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func readDevice() {
        while !isStopping {
            do {
                guard let event = try device.next(timeoutSeconds: 0.05) else { continue }
                guard roles.input(for: event.code) != nil else { continue }
                lock.withLock { queued.append(event) }
                eventRead.signal()
            } catch {
                let end: KeyingInputEnding = if case .notInputEvents = error { .notInputEvents("\(error)") } else { .keyDeviceEnded("\(error)") }
                lock.withLock { endingSeen = endingSeen ?? end }
                return
            }
        }
    }

    /// Makes the sidetone a block at a time, each once the device has room for it and another, from
    /// the keyer as it is then: the block's samples follow the keyer from that moment on, so a key
    /// event is in the next block made, made the moment the event is read (into the room kept). The
    /// keyer runs on the clock, never ahead of the key events.
    private func soundSidetone() {
        var block = [Float](repeating: 0, count: Self.blockFrames)
        while !isStopping {
            output.waitForRoom(frames: Self.blockFrames, headroomFrames: Self.blockFrames, wake: eventRead)
            let now = MonotonicClock.seconds() - startSeconds
            let applied: [KeyEvent] = lock.withLock {
                let events = applyDueEvents(upTo: now)
                let state = keying
                block.withUnsafeMutableBufferPointer { buffer in
                    sidetone.render(into: buffer, startSeconds: now) { state.toneOn(atSeconds: $0) }
                }
                return events
            }
            do {
                try block.withUnsafeBufferPointer { try output.write($0) }
            } catch {
                let lost = error as? SoundError ?? .lost(device: output.deviceName, reason: "\(error)")
                lock.withLock { endingSeen = endingSeen ?? .soundLost(lost) }
                return
            }
            let queuedAt = MonotonicClock.seconds()
            for event in applied { timings?.keyerLatency(queuedAt - event.seconds) }
        }
    }

    /// Gives the keyer the events that have happened by `seconds` (a file of records hands them out
    /// at once, timed ahead: each applies at its time), at their own times, and moves it on to
    /// `seconds`; returns them. Under the lock.
    private func applyDueEvents(upTo seconds: Double) -> [KeyEvent] {
        let due = queued.prefix { $0.seconds - startSeconds <= seconds }
        let events = Array(due)
        queued.removeFirst(due.count)
        for event in events {
            if let input = roles.input(for: event.code) {
                keying.press(input, isDown: event.isDown, atSeconds: event.seconds - startSeconds)
            }
        }
        keying.advance(to: seconds)
        return events
    }

    public var restingSinceSeconds: Double? {
        let now = MonotonicClock.seconds()
        return lock.withLock {
            _ = applyDueEvents(upTo: now - startSeconds)
            return keying.restingSinceSeconds
        }
    }

    public func takeCharacters() -> [ShownCharacter] {
        let now = MonotonicClock.seconds()
        let ended = lock.withLock {
            _ = applyDueEvents(upTo: now - startSeconds)
            return keying.endedCharacters(atSeconds: now - startSeconds)
        }
        for character in ended { timings?.displayDelay(now - (startSeconds + character.endSeconds)) }
        return ended.map {
            ShownCharacter(text: $0.text, pattern: $0.pattern, marks: $0.elements, wordSpaceBefore: $0.wordSpaceBefore)
        }
    }

    public func lessonReturn(keptIn folder: String, baseName: String) throws -> (LessonReturn, String) {
        let log: PaddleLog
        do {
            log = try lock.withLock { () throws(PaddleLog.Problem) -> PaddleLog in try keying.log }
        } catch {
            throw KeyingInputRefusal.nothingKeyed(source)
        }
        let path = folder + "/" + baseName + ".keying.txt"
        try AtomicFile.write(log.text, to: path)
        return (.events(log, path: path, speedWPM: speedWPM, mode: mode), path)
    }
}
