import ArgumentParser
import Foundation
import KochAudio
import KochCore
import KochPractice

/// `--sound-device`, `--key-device`, `--microphone` and their lists: where live practice's sound
/// goes and its keying comes from.
struct PracticeDeviceOptions: ParsableArguments {
    @Option(
        name: .customLong("sound-device"),
        help: ArgumentHelp(
            "Where the sound goes: a name from --list-sound-devices (or a part of one), or null for no sound. Default: the system's default output.",
            valueName: "name"))
    var soundDevice: String?

    @Flag(name: .customLong("list-sound-devices"), help: "List the sound devices koch can play through and record from, and stop.")
    var listSoundDevices = false

    @Flag(
        name: .customLong("test-sound"),
        help: "Play the tone for a second through the sound device, say which device it is and its latency, and stop.")
    var testSound = false

    @Option(
        name: .customLong("key-device"),
        help: ArgumentHelp(
            "The paddle adapter or key: an input device (/dev/input/eventN, or its stable name under /dev/input/by-id), or a file or pipe of its event records.",
            valueName: "path"))
    var keyDevice: String?

    @Flag(
        name: .customLong("list-key-devices"), help: "List the input devices that have the paddle keys (--paddle-keys) or the straight key, and stop."
    )
    var listKeyDevices = false

    @Option(
        help: ArgumentHelp(
            "Key into the microphone instead: default (the system's input), a device's name from --list-sound-devices, or a WAV or other recording, read at its own pace.",
            valueName: "name"))
    var microphone: String?

    @Option(help: ArgumentHelp("With --microphone: the pitch of your oscillator in Hz, if koch's search picks another.", valueName: "Hz"))
    var pitch: Double?

    func validate() throws {
        if let conflict = PracticeRequest.deviceConflict(keyDevice: keyDevice, microphone: microphone, pitchHz: pitch) {
            throw ValidationError(PracticeConflictText.message(conflict))
        }
    }

    func soundDeviceList() throws -> String {
        do {
            return SoundDeviceList.text(try SoundDevices.list())
        } catch {
            throw CommandFailure(description: error.description)
        }
    }

    /// The devices that have the keys, and how to give one (`--key-device`).
    func keyDeviceList(mapping: PaddleLog.KeyMapping) throws -> String {
        let roles = try Self.roles(mapping)
        return KeyDevices.text(KeyDevices.list(having: roles.codes), codes: roles.codes)
    }

    static func roles(_ mapping: PaddleLog.KeyMapping) throws -> KeyRoles {
        do {
            return try KeyRoles(mapping: mapping)
        } catch {
            throw CommandFailure(description: "--paddle-keys: \(error)")
        }
    }
}
