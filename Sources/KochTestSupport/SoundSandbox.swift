import Foundation

/// Sound devices for tests on a machine without a sound card (CI has none).
///
/// `alsaFile(folder:)` gives ALSA devices made of files: `koch_out` records what it is given
/// (not paced: a second of audio goes in a few milliseconds), `koch_mic` plays a file the test
/// writes as if it were heard. `pulse()` (`PulseSandbox`) runs a PulseAudio server with a null
/// sink: paced like a card, its monitor recordable, and it can be killed mid-session.
public enum SoundSandbox {
    /// The devices' sample rate and the files' format: mono, 48 kHz.
    public static let sampleRateHz = 48000

    /// Writes `folder/.asoundrc` with `koch_out` and `koch_mic`, and a silent microphone (a
    /// device whose file is missing does not list as a microphone).
    public static func alsaFile(folder: String) throws -> AlsaFileSandbox {
        let sandbox = AlsaFileSandbox(folder: folder)
        try sandbox.configuration.write(toFile: folder + "/.asoundrc", atomically: true, encoding: .utf8)
        try sandbox.setMicrophone([Float](repeating: 0, count: sampleRateHz / 10))
        return sandbox
    }

    /// Starts a PulseAudio server with a null sink `koch` in `folder` (a new one if nil, removed
    /// when the server stops).
    public static func pulse(folder: String? = nil) throws -> PulseSandbox {
        try PulseSandbox(folder: folder ?? temporaryFolder("pulse"), removingFolder: folder == nil)
    }

    static func temporaryFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-sound-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Little-endian Float32 samples, as a raw recording holds them.
    static func floats(fromRaw data: Data) -> [Float] {
        let count = data.count / 4
        var samples = [Float](repeating: 0, count: count)
        samples.withUnsafeMutableBytes { _ = data.copyBytes(to: $0, count: count * 4) }
        return samples.map { Float(bitPattern: UInt32(littleEndian: $0.bitPattern)) }
    }
}

/// ALSA devices of files, set up in one folder that is `HOME` for the koch that uses them.
///
/// ALSA reads its configuration once in a process, from `HOME` as it is then: run koch with
/// `environment` (a test process cannot move to another sandbox).
public struct AlsaFileSandbox: Sendable {
    public let folder: String
    public static let outputDevice = "koch_out"
    public static let microphoneDevice = "koch_mic"

    /// `HOME` the folder, and no PulseAudio server to be found (the machine's default device
    /// may be PulseAudio's), so that the devices are these alone.
    public var environment: [String: String] {
        ["HOME": folder, "PULSE_SERVER": "unix:" + folder + "/no-pulseaudio-here"]
    }

    /// What `koch_out` was given: Float32 little-endian, mono, 48 kHz (converted to that by ALSA),
    /// beginning with the few milliseconds of silence `SoundOutput` starts a device with.
    public var playedPath: String { folder + "/played.raw" }
    /// What `koch_mic` hears: S16_LE, mono, 48 kHz, once through, then silence. The device's
    /// start passes over the first few tens of milliseconds (45 ms here): begin with silence.
    public var microphonePath: String { folder + "/microphone.raw" }

    /// What was played, the file empty or missing when nothing was.
    public func played() -> [Float] {
        guard let data = FileManager.default.contents(atPath: playedPath) else { return [] }
        return SoundSandbox.floats(fromRaw: data)
    }

    /// Makes `samples` (full scale ±1, 48 kHz) what the microphone hears.
    public func setMicrophone(_ samples: [Float]) throws {
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            let value = Int16(max(-32767, min(32767, (sample * 32767).rounded())))
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        try data.write(to: URL(fileURLWithPath: microphonePath))
    }

    var configuration: String {
        let rate = SoundSandbox.sampleRateHz
        return """
            # Sound devices for koch's tests: a plug converts whatever is played to one format.
            pcm.\(Self.outputDevice) {
                type plug
                slave {
                    pcm { type file; slave.pcm "null"; file "\(playedPath)"; format "raw" }
                    format FLOAT_LE
                    channels 1
                    rate \(rate)
                }
                hint { show on description "koch test output, recorded to \(playedPath)" }
            }
            pcm.\(Self.microphoneDevice) {
                type plug
                slave {
                    pcm { type file; slave.pcm "null"; file "/dev/null"; infile "\(microphonePath)"; format "raw" }
                    format S16_LE
                    channels 1
                    rate \(rate)
                }
                hint { show on description "koch test microphone, playing \(microphonePath)" }
            }

            """
    }
}
