import CPortAudio
import Foundation

/// The microphone: one mono stream of Float32 samples from a sound device, read as they come.
public final class SoundInput: LiveSampleSource, @unchecked Sendable {
    /// The device's name as PortAudio has it.
    public let name: String
    public let sampleRateHz: Int
    /// How long the device takes from a sound to its samples read, as PortAudio reports it.
    public let inputLatencySeconds: Double
    /// Frames a read waits for when none are there yet: 10 ms at 48 kHz.
    private static let blockFrames = 480
    private let lock = NSLock()
    private var stream: UnsafeMutableRawPointer?
    private var lostReason: String?

    /// Opens `deviceName` (nil the default input) for mono audio at `sampleRateHz`.
    public init(deviceName: String?, sampleRateHz: Int = 48000) throws(SoundError) {
        precondition(sampleRateHz > 0)
        guard deviceName != SoundDevice.nullName else {
            throw .cannotStart(device: SoundDevice.nullName, reason: "null plays no sound and records none; name a microphone")
        }
        self.sampleRateHz = sampleRateHz
        try PortAudioLibrary.acquire()
        do {
            let found = try SoundDevices.indexedFind(deviceName, forOutput: false)
            name = found.device.name
            let stream = try Self.open(found, sampleRateHz: sampleRateHz)
            self.stream = stream
            inputLatencySeconds = Pa_GetStreamInfo(stream)?.pointee.inputLatency ?? 0
        } catch {
            PortAudioLibrary.release()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Samples as they come: what the device holds, or else a block once it has come. Samples
    /// dropped because the reader fell behind (an overflow) are no error; a device that stops
    /// working throws `.lost`. After `close`, 0.
    public func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(SoundError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let lostReason { throw .lost(device: name, reason: lostReason) }
        guard let stream, let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        let available = Pa_GetStreamReadAvailable(stream)
        let frames = min(buffer.count, available > 0 ? available : Self.blockFrames)
        let status = Pa_ReadStream(stream, base, UInt(frames))
        guard status == paNoError.rawValue || status == paInputOverflowed.rawValue else {
            let reason = PortAudioLibrary.errorText(status)
            lostReason = reason
            throw SoundError.stopped(device: name, reason: reason, server: SoundServer.down())
        }
        return frames
    }

    /// Stops recording and closes the device; again, nothing.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard let stream else { return }
        self.stream = nil
        StandardErrorSilence.during {
            _ = Pa_AbortStream(stream)
            _ = Pa_CloseStream(stream)
        }
        PortAudioLibrary.release()
    }

    /// Opens and starts the stream with the device's high input latency: a decoder reading it
    /// needs no haste, and a deeper buffer loses nothing when the machine is busy.
    private static func open(_ found: (device: SoundDevice, index: PaDeviceIndex), sampleRateHz: Int) throws(SoundError)
        -> UnsafeMutableRawPointer
    {
        let latency = Pa_GetDeviceInfo(found.index)?.pointee.defaultHighInputLatency ?? 0.05
        var parameters = PaStreamParameters(
            device: found.index, channelCount: 1, sampleFormat: paFloat32, suggestedLatency: latency, hostApiSpecificStreamInfo: nil)
        var stream: UnsafeMutableRawPointer?
        let status = StandardErrorSilence.during { () -> PaError in
            let opened = Pa_OpenStream(&stream, &parameters, nil, Double(sampleRateHz), UInt(blockFrames), paNoFlag, nil, nil)
            guard opened == paNoError.rawValue, let stream else { return opened }
            let started = Pa_StartStream(stream)
            if started != paNoError.rawValue { _ = Pa_CloseStream(stream) }
            return started
        }
        guard status == paNoError.rawValue, let stream else {
            throw .cannotStart(device: found.device.name, reason: PortAudioLibrary.errorText(status))
        }
        return stream
    }
}
