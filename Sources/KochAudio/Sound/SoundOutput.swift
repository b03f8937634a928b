import CPortAudio
import Foundation

/// One mono stream of Float32 samples to a sound device, written a block at a time by one
/// writer: `write` returns once the samples are queued, blocking while the device's buffer is
/// full and, for a sink that takes audio faster than it plays (ALSA's `file` plugin, or `null`,
/// no device at all), while they would run more than `leadSeconds` ahead of the clock
/// (`OutputPacer`). Opened with the device's low latency, for a sidetone that follows the key.
///
/// `close()` may come from another thread (a session stopped by Ctrl-C): a write under way stops
/// at its next block, and writes after it are dropped.
public final class SoundOutput: @unchecked Sendable {
    /// The device's name as PortAudio has it, or `null`.
    public let deviceName: String
    public let sampleRateHz: Int
    public let blockFrames: Int
    /// How long the device takes from a sample queued to a sample heard, as PortAudio reports it; 0 for `null`.
    public let outputLatencySeconds: Double

    /// Held by a write under way and by `close`.
    private let writing = NSLock()
    /// Guards `pacer`'s settings and counts read from other threads, and `closeRequested`.
    private let state = NSLock()
    private var pacer: OutputPacer
    private var closeRequested = false
    /// Set when a wake ended `waitForRoom`'s wait on the clock: the next block is written at once.
    private var paceWaived = false
    private var closed = false
    private var lostReason: String?
    private let stream: UnsafeMutableRawPointer?

    /// Opens `deviceName` (nil the default output; `null` none) for mono audio at `sampleRateHz`.
    public init(deviceName: String?, sampleRateHz: Int, blockFrames: Int = 64) throws(SoundError) {
        precondition(sampleRateHz > 0 && blockFrames > 0)
        self.sampleRateHz = sampleRateHz
        self.blockFrames = blockFrames
        pacer = OutputPacer(sampleRateHz: sampleRateHz, leadSeconds: 0.03)
        guard deviceName != SoundDevice.nullName else {
            self.deviceName = SoundDevice.nullName
            stream = nil
            outputLatencySeconds = 0
            return
        }
        try PortAudioLibrary.acquire()
        do {
            let opened = try Self.open(deviceName, sampleRateHz: sampleRateHz, blockFrames: blockFrames)
            self.deviceName = opened.name
            stream = opened.stream
            outputLatencySeconds = opened.latencySeconds
        } catch {
            PortAudioLibrary.release()
            throw error
        }
    }

    deinit {
        close()
    }

    /// How far beyond the clock queued audio may run (0.03 s unless set).
    public var leadSeconds: Double {
        get { state.withLock { pacer.leadSeconds } }
        set { state.withLock { pacer.leadSeconds = max(0, newValue) } }
    }

    /// Frames queued since the stream opened.
    public var framesWritten: Int {
        state.withLock { pacer.framesWritten }
    }

    /// Queues `samples`, blocking as the device and the clock require. A device that stops
    /// working throws `.lost` (a late block, an underflow, is no error: the device played silence).
    public func write(_ samples: UnsafeBufferPointer<Float>) throws(SoundError) {
        writing.lock()
        defer { writing.unlock() }
        if let lostReason { throw .lost(device: deviceName, reason: lostReason) }
        guard let base = samples.baseAddress else { return }
        var offset = 0
        while offset < samples.count {
            let frames = min(blockFrames, samples.count - offset)
            let wait: Double? = state.withLock {
                defer { paceWaived = false }
                return closeRequested ? nil : paceWaived ? 0 : pacer.delay(beforeWriting: frames, nowSeconds: MonotonicClock.seconds())
            }
            guard let wait else { return }
            if wait > 0 { Self.sleep(seconds: wait) }
            if let stream { try writeToDevice(stream, base + offset, frames: frames) }
            state.withLock { pacer.wrote(frames) }
            offset += frames
        }
    }

    /// Waits until `frames` more frames can be written without blocking: by the clock's reckoning
    /// and, on a device, until its buffer has room (at most 0.1 s). A writer that makes its
    /// samples after this (a sidetone following a key) hands them over the moment they are made.
    ///
    /// `wake`, signalled when something new is to be sounded (a key event), ends the wait at once
    /// wherever room for `frames` is. `headroomFrames` more than `frames` are waited for on a
    /// device, so that such room is there when the wake comes: a device that gives room back a
    /// period at a time would otherwise hold a key event until its next period.
    public func waitForRoom(frames: Int, headroomFrames: Int = 0, wake: DispatchSemaphore? = nil) {
        writing.lock()
        defer { writing.unlock() }
        let wait: Double? = state.withLock {
            closeRequested ? nil : pacer.delay(beforeWriting: frames, nowSeconds: MonotonicClock.seconds())
        }
        guard let wait else { return }
        if wait > 0 {
            if let wake {
                if wake.wait(timeout: .now() + wait) == .success {
                    // Written a block beyond the lead, once: the clock's pace takes it back after.
                    state.withLock { paceWaived = true }
                    return
                }
            } else {
                Self.sleep(seconds: wait)
            }
        }
        guard let stream, lostReason == nil else { return }
        let deadline = MonotonicClock.seconds() + 0.1
        var woken = false
        while MonotonicClock.seconds() < deadline {
            let available = Pa_GetStreamWriteAvailable(stream)
            if available < 0 || available >= frames + (woken ? 0 : headroomFrames) { return }
            if let wake {
                woken = woken || wake.wait(timeout: .now() + 0.0002) == .success
            } else {
                Self.sleep(seconds: 0.0002)
            }
        }
    }

    /// Lets queued audio play out and closes the device; again, nothing. A write under way on
    /// another thread stops at its next block first.
    public func close() {
        state.withLock { closeRequested = true }
        writing.lock()
        defer { writing.unlock() }
        guard !closed else { return }
        closed = true
        guard let stream else {
            let remaining = state.withLock { pacer.remainingSeconds(nowSeconds: MonotonicClock.seconds()) }
            if remaining > 0 { Self.sleep(seconds: remaining) }
            return
        }
        StandardErrorSilence.during {
            // Stopping drains the buffer; a device gone has nothing to drain and may not answer.
            _ = lostReason == nil ? Pa_StopStream(stream) : Pa_AbortStream(stream)
            _ = Pa_CloseStream(stream)
        }
        PortAudioLibrary.release()
    }

    private func writeToDevice(_ stream: UnsafeMutableRawPointer, _ samples: UnsafePointer<Float>, frames: Int) throws(SoundError) {
        // Space for fewer frames than these means the write blocks: the device is pacing.
        let deviceFull = Pa_GetStreamWriteAvailable(stream) < frames
        let status = Pa_WriteStream(stream, samples, UInt(frames))
        guard status == paNoError.rawValue || status == paOutputUnderflowed.rawValue else {
            let reason = PortAudioLibrary.errorText(status)
            lostReason = reason
            throw SoundError.stopped(device: deviceName, reason: reason, server: SoundServer.down())
        }
        if deviceFull { state.withLock { pacer.devicePaced(nowSeconds: MonotonicClock.seconds()) } }
    }

    /// Writes `frames` of silence as the stream starts: a sound server may hold a new stream
    /// before it plays (PulseAudio through ALSA's plugin, for up to two seconds), and the wait
    /// is then the opening's, not the first notes'. A sink of files records this silence first.
    private static func prime(_ stream: UnsafeMutableRawPointer, frames: Int, blockFrames: Int, device: String) throws(SoundError) {
        let silence = [Float](repeating: 0, count: blockFrames)
        for _ in 0..<(frames + blockFrames - 1) / blockFrames {
            let status = Pa_WriteStream(stream, silence, UInt(blockFrames))
            guard status == paNoError.rawValue || status == paOutputUnderflowed.rawValue else {
                throw .cannotStart(device: device, reason: PortAudioLibrary.errorText(status))
            }
        }
    }

    /// Opens, starts and primes the stream, PortAudio started; the device's name as PortAudio has it.
    private static func open(_ name: String?, sampleRateHz: Int, blockFrames: Int) throws(SoundError) -> (
        stream: UnsafeMutableRawPointer, name: String, latencySeconds: Double
    ) {
        let found = try SoundDevices.indexedFind(name, forOutput: true)
        let latency = Pa_GetDeviceInfo(found.index)?.pointee.defaultLowOutputLatency ?? 0.02
        var parameters = PaStreamParameters(
            device: found.index, channelCount: 1, sampleFormat: paFloat32, suggestedLatency: latency, hostApiSpecificStreamInfo: nil)
        var stream: UnsafeMutableRawPointer?
        let status = StandardErrorSilence.during { () -> PaError in
            let opened = Pa_OpenStream(&stream, nil, &parameters, Double(sampleRateHz), UInt(blockFrames), paNoFlag, nil, nil)
            guard opened == paNoError.rawValue, let stream else { return opened }
            let started = Pa_StartStream(stream)
            if started != paNoError.rawValue { _ = Pa_CloseStream(stream) }
            return started
        }
        guard status == paNoError.rawValue, let stream else {
            throw .cannotStart(device: found.device.name, reason: PortAudioLibrary.errorText(status))
        }
        let latencySeconds = Pa_GetStreamInfo(stream)?.pointee.outputLatency ?? 0
        do {
            try prime(
                stream, frames: Int(latencySeconds * Double(sampleRateHz)) * 2 + blockFrames * 2, blockFrames: blockFrames, device: found.device.name)
        } catch {
            StandardErrorSilence.during {
                _ = Pa_AbortStream(stream)
                _ = Pa_CloseStream(stream)
            }
            throw error
        }
        return (stream, found.device.name, latencySeconds)
    }

    static func sleep(seconds: Double) {
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        // A signal (Ctrl-C handled elsewhere) cuts a sleep short: sleep the rest.
        while nanosleep(&time, &remaining) == -1 && errno == EINTR { time = remaining }
    }
}
