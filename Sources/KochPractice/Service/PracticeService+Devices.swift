import Foundation
import KochAudio
import KochCore
import KochSound

extension PracticeService {
    /// The sound device, opened; tells which and its latency, unless `announced` already.
    func soundOutput(sampleRateHz: Int, announced: Bool = false) throws(PracticeRefusal) -> SoundOutput {
        do {
            let output = try SoundOutput(deviceName: request.soundDevice, sampleRateHz: sampleRateHz)
            if !announced { emit(.soundOpened(deviceName: output.deviceName, outputLatencySeconds: output.outputLatencySeconds)) }
            return output
        } catch {
            throw .sound(error)
        }
    }

    /// Where the keying comes from: the microphone (or a recording read at its pace), or a key device.
    /// `soundAnnounced`: the sound device was opened and named before (a contact's other station),
    /// so the sidetone's opening of it is not named again.
    func keyingInput(speedWPM: Double, timings: PracticeTimings, soundAnnounced: Bool = false) throws -> LiveKeyingInput {
        if let microphone = request.microphone { return try microphoneInput(microphone, speedWPM: speedWPM, timings: timings) }
        let roles = try roles()
        guard let path = request.keyDevice else { throw PracticeRefusal.noKeying(listing: keyDeviceListing(roles)) }
        guard FileManager.default.fileExists(atPath: path) else { throw PracticeRefusal.keyDevice(.notFound(path)) }
        // The sound first, which may take seconds to open: key events that came meanwhile would
        // be read all at once from a FIFO, at the moment of reading.
        let output = try soundOutput(sampleRateHz: Self.liveSampleRateHz, announced: soundAnnounced)
        let device: KeyDevice
        do {
            device = try KeyDevice(path: path, codes: roles.codes)
        } catch {
            output.close()
            throw PracticeRefusal.keyDevice(error)
        }
        timings.outputLatencySeconds = output.outputLatencySeconds
        timings.unitSeconds = Timing.unitSeconds(wpm: speedWPM)
        let keys = KeyingDescription(roles: roles, mode: request.mode, deviceCodes: device.codes)
        emit(.keying(device: device.name ?? path, speedWPM: speedWPM, keys: keys))
        return PaddleInput(
            device: device, roles: roles, output: output, sampleRateHz: Self.liveSampleRateHz, toneHz: request.lesson.sound.toneHz,
            speedWPM: speedWPM, mode: request.mode, timings: timings)
    }

    /// The microphone, or the recording its value names (`MicrophoneChoice`), heard into `practice/` as it comes.
    private func microphoneInput(_ microphone: String, speedWPM: Double, timings: PracticeTimings) throws -> LiveKeyingInput {
        let source: LiveSampleSource
        do {
            switch MicrophoneChoice(microphone) {
            case .recording(let path): source = try PacedRecording(path: path)
            case .device(let name): source = try SoundInput(deviceName: name, sampleRateHz: Self.liveSampleRateHz)
            }
        } catch let error as SoundError {
            throw PracticeRefusal.sound(error)
        }
        try folder.prepare()
        let input = try MicrophoneInput(
            microphone: source, toneHz: request.pitchHz, speedWPM: speedWPM, timings: timings, recordingIn: folder.path)
        emit(.listening(source: source.name))
        return input
    }

    /// A second of the tone through the sound device.
    func testSound() throws -> PracticeOutcome {
        let output = try soundOutput(sampleRateHz: Self.liveSampleRateHz)
        let toneHz = request.lesson.sound.toneHz
        let synthesizer = ToneSynthesizer(frequencyHz: toneHz, sampleRate: Self.liveSampleRateHz)
        let tone = synthesizer.render(
            [KeyedElement(element: nil, startSeconds: Self.testToneLeadSeconds, durationSeconds: Self.testToneSeconds)],
            durationSeconds: Self.testToneLeadSeconds * 2 + Self.testToneSeconds)
        do {
            try tone.withUnsafeBufferPointer { try output.write($0) }
        } catch {
            throw PracticeRefusal.soundTest("\(error)")
        }
        output.close()
        return .toneTested(toneHz: toneHz)
    }

    /// Refuses a keyed session given neither a key device nor the microphone, listing the devices that have the keys.
    func requireKeying() throws(PracticeRefusal) {
        guard request.keyDevice == nil, request.microphone == nil else { return }
        throw .noKeying(listing: keyDeviceListing(try roles()))
    }

    func roles() throws(PracticeRefusal) -> KeyRoles {
        do {
            return try KeyRoles(mapping: request.keyMapping)
        } catch {
            throw .paddleKeys(error)
        }
    }

    private func keyDeviceListing(_ roles: KeyRoles) -> String {
        KeyDevices.text(KeyDevices.list(having: roles.codes), codes: roles.codes)
    }

    /// Refuses, before anything plays, a session whose copy would come from standard input that is no terminal.
    func requireCopyTerminal() throws(PracticeRefusal) {
        do {
            try CopyTerminal.check(descriptor: terminalEdge.inputDescriptor, keyPath: request.keyPath)
        } catch {
            throw .copyTerminal(error)
        }
    }

    func terminalInput() throws(PracticeRefusal) -> TerminalInput {
        do {
            return try TerminalInput(descriptor: terminalEdge.inputDescriptor)
        } catch {
            throw .terminal(error)
        }
    }
}
