import CPortAudio

/// The sound devices PortAudio finds, and the one a `--sound-device` name means.
public enum SoundDevices {
    /// Every device, in PortAudio's order.
    public static func list() throws(SoundError) -> [SoundDevice] {
        try PortAudioLibrary.using { () throws(SoundError) -> [SoundDevice] in
            indexedList().map(\.device)
        }
    }

    /// The device `name` means for playing (`forOutput`) or recording: nil the default device;
    /// `null` no device at all (nil returned); the device of exactly that name; else the one
    /// device whose name contains it, ignoring case.
    public static func find(_ name: String?, forOutput: Bool) throws(SoundError) -> SoundDevice? {
        if name == SoundDevice.nullName { return nil }
        return try PortAudioLibrary.using { () throws(SoundError) -> SoundDevice? in
            try indexedFind(name, forOutput: forOutput).device
        }
    }

    /// The chosen device with its PortAudio index, valid while PortAudio stays started (call
    /// between `PortAudioLibrary.acquire` and `release`).
    static func indexedFind(_ name: String?, forOutput: Bool) throws(SoundError) -> (device: SoundDevice, index: PaDeviceIndex) {
        let listed = indexedList()
        do {
            return listed[try choose(name, forOutput: forOutput, among: listed.map(\.device))]
        } catch .noDevices {
            throw SoundError.noDevices(input: !forOutput).explained(by: SoundServer.down())
        }
    }

    /// Which of `devices` (its position) `name` means, as `find` says.
    public static func choose(_ name: String?, forOutput: Bool, among devices: [SoundDevice]) throws(SoundError) -> Int {
        let candidates = devices.indices.filter { devices[$0].serves(output: forOutput) }
        guard let name else {
            let isDefault = { (index: Int) in forOutput ? devices[index].isDefaultOutput : devices[index].isDefaultInput }
            guard let chosen = candidates.first(where: isDefault) ?? candidates.first else { throw .noDevices(input: !forOutput) }
            return chosen
        }
        if let exact = candidates.first(where: { devices[$0].name == name }) { return exact }
        let matches = candidates.filter { devices[$0].name.lowercased().contains(name.lowercased()) }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw .noSuchDevice(name: name, available: candidates.map { devices[$0].name })
        default: throw .ambiguousName(name: name, matches: matches.map { devices[$0].name })
        }
    }

    /// Called with PortAudio started.
    private static func indexedList() -> [(device: SoundDevice, index: PaDeviceIndex)] {
        let count = Pa_GetDeviceCount()
        guard count > 0 else { return [] }
        let defaultOutput = Pa_GetDefaultOutputDevice()
        let defaultInput = Pa_GetDefaultInputDevice()
        return (0..<count).compactMap { index in
            guard let info = Pa_GetDeviceInfo(index)?.pointee else { return nil }
            let hostAPI = Pa_GetHostApiInfo(info.hostApi).flatMap { $0.pointee.name.map { String(cString: $0) } } ?? "unknown"
            let device = SoundDevice(
                name: info.name.map { String(cString: $0) } ?? "device \(index)", hostAPI: hostAPI,
                outputChannels: Int(info.maxOutputChannels), inputChannels: Int(info.maxInputChannels),
                defaultSampleRateHz: info.defaultSampleRate, isDefaultOutput: index == defaultOutput, isDefaultInput: index == defaultInput)
            return (device, index)
        }
    }
}
