import Foundation
import KochTestSupport
import Testing

/// `koch practice --list-sound-devices` and `--sound-device`, with ALSA devices made of files
/// (`SoundSandbox.alsaFile`): what a learner sees of the sound devices, on a machine with no card.
@Suite struct SoundDeviceTests {
    func sandbox(_ name: String = #function) throws -> AlsaFileSandbox {
        try SoundSandbox.alsaFile(folder: try KochBinary.scratchFolder(name))
    }

    @Test func theSandboxDevicesAreListedAndNullLast() throws {
        let sandbox = try sandbox()
        let result = try KochBinary.run(["practice", "--list-sound-devices"], environment: sandbox.environment)
        #expect(result.succeeded, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  koch_out ") && $0.contains("default output") })
        #expect(lines.contains { $0.hasPrefix("  koch_mic ") && $0.contains("in ") })
        #expect(lines.last?.hasPrefix("  null ") == true && lines.last?.contains("no sound") == true)
        // What ALSA and JACK say while PortAudio looks for devices is kept from the learner.
        #expect(!result.standardError.contains("ALSA lib") && !result.standardError.contains("jack"), "\(result.standardError)")
    }

    @Test func anUnknownSoundDeviceIsAnErrorNamingItAndTheDevices() throws {
        let sandbox = try sandbox()
        let result = try KochBinary.run(["practice", "--test-sound", "--sound-device", "speakers"], environment: sandbox.environment)
        #expect(!result.succeeded)
        #expect(result.standardError.contains("no sound device speakers"), "\(result.standardError)")
        #expect(result.standardError.contains("koch_out") && result.standardError.contains("--list-sound-devices"))
        #expect(!result.standardError.contains("ALSA lib"))
    }

    @Test func aPartOfOneDevicesNameChoosesIt() throws {
        let sandbox = try sandbox()
        let result = try KochBinary.run(["practice", "--test-sound", "--sound-device", "OUT"], environment: sandbox.environment)
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Sound: koch_out"))
    }

    @Test func aPartOfSeveralDevicesNamesIsAnError() throws {
        let sandbox = try sandbox()
        let result = try KochBinary.run(["practice", "--test-sound", "--sound-device", "koch"], environment: sandbox.environment)
        #expect(!result.succeeded)
        #expect(result.standardError.contains("koch_out, koch_mic"), "\(result.standardError)")
    }

    @Test func nullIsNoSound() throws {
        let sandbox = try sandbox()
        let result = try KochBinary.run(["practice", "--test-sound", "--sound-device", "null"], environment: sandbox.environment)
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Sound: null"), "\(result.standardOutput)")
    }
}
