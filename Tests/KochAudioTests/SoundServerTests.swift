import CPortAudio
import Foundation
import Testing

@testable import KochAudio

/// Sound that fails because the sound server is down is said so, with the command that starts
/// the server koch finds installed; PortAudio's own words never reach the learner.
@Suite struct SoundServerTests {
    static func find(_ environment: [String: String], installed: Set<String>, answering: Set<String> = []) -> SoundServer? {
        SoundServer.find(environment: environment, userID: 1000, isInstalled: installed.contains, answers: answering.contains)
    }

    @Test func theInstalledServerIsFoundWhereItsClientsLook() {
        let pulse = Self.find(["XDG_RUNTIME_DIR": "/run/user/1000"], installed: ["pulseaudio"])
        #expect(pulse == SoundServer(kind: .pulseAudio, socketPath: "/run/user/1000/pulse/native", isAnswering: false))
        #expect(pulse?.startCommand == "pulseaudio --start")
        let pipeWire = Self.find([:], installed: ["pulseaudio", "pipewire-pulse"], answering: ["/run/user/1000/pulse/native"])
        #expect(pipeWire == SoundServer(kind: .pipeWire, socketPath: "/run/user/1000/pulse/native", isAnswering: true))
        #expect(pipeWire?.startCommand == "systemctl --user start pipewire pipewire-pulse")
        #expect(Self.find(["PULSE_SERVER": "unix:/tmp/s/native"], installed: ["pulseaudio"])?.socketPath == "/tmp/s/native")
    }

    @Test func noServerInstalledOrOneElsewhereIsNotClaimedDown() {
        #expect(Self.find(["XDG_RUNTIME_DIR": "/run/user/1000"], installed: []) == nil)
        #expect(Self.find(["PULSE_SERVER": "tcp:192.0.2.1"], installed: ["pulseaudio"]) == nil)
    }

    @Test func noDeviceWithTheServerDownSaysToStartIt() {
        let server = SoundServer(kind: .pulseAudio, socketPath: "/run/user/1000/pulse/native", isAnswering: false)
        let error = SoundError.noDevices(input: false).explained(by: server)
        #expect(error == .serverDown(server, input: false))
        #expect(error.description.hasPrefix("No sound server answered: PulseAudio is installed, but nothing listens at /run/user/1000/pulse/native"))
        #expect(error.description.contains("Start it with pulseaudio --start"))
        #expect(!error.description.contains("has no sound device"))
        #expect(SoundError.noDevices(input: false).explained(by: nil) == .noDevices(input: false))
    }

    @Test func aSocketNobodyListensOnDoesNotAnswer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-socket-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(!SoundServer.acceptsConnection(folder + "/native"))
    }

    @Test func portAudiosErrorsAreToldInTheLearnersWords() {
        for status in [paDeviceUnavailable, paTimedOut, paInvalidSampleRate, paInternalError, paNotInitialized] {
            let text = PortAudioLibrary.errorText(status.rawValue)
            #expect(text != String(cString: Pa_GetErrorText(status.rawValue)), "\(text)")
        }
        #expect(!PortAudioLibrary.errorText(paUnanticipatedHostError.rawValue).contains("Unanticipated"))
    }
}
