import Foundation

/// Why live sound could not play or record, said so that a learner can act on it: the device
/// named, and what to try (`--list-sound-devices`, `--sound-device null`).
public enum SoundError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The device is there but would not open or start.
    case cannotStart(device: String, reason: String)
    /// No device has that name; `available` are the names there are.
    case noSuchDevice(name: String, available: [String])
    /// More than one device's name contains the name given.
    case ambiguousName(name: String, matches: [String])
    /// The device stopped working while it played or recorded (unplugged, its server gone).
    case lost(device: String, reason: String)
    /// The computer has no sound device for the direction asked (`input`: a microphone).
    case noDevices(input: Bool)
    /// No device was found because the sound server they go through does not answer.
    case serverDown(SoundServer, input: Bool)
    /// The sound stopped because the sound server went away.
    case serverGone(device: String, server: SoundServer)

    public var description: String {
        switch self {
        case let .cannotStart(device, reason):
            return "The sound device \(device) cannot start: \(Self.sentence(reason)) "
                + "Choose another with --sound-device (koch practice --list-sound-devices lists them), or practise without sound: --sound-device null."
        case let .noSuchDevice(name, available):
            let names = available.isEmpty ? "there are none" : "there are " + available.joined(separator: ", ")
            return "There is no sound device \(name) (\(names)). "
                + "koch practice --list-sound-devices lists them; --sound-device null practises without sound."
        case let .ambiguousName(name, matches):
            return "More than one sound device has \(name) in its name (\(matches.joined(separator: ", "))): "
                + "give more of the name, as koch practice --list-sound-devices prints it."
        case let .lost(device, reason):
            return "The sound device \(device) stopped working: \(Self.sentence(reason)) "
                + "Check that it is plugged in and its sound server runs, then start again."
        case let .serverDown(server, input):
            let what = input ? "no microphone to record from" : "no sound device to play through"
            return "No sound server answered: \(server.name) is installed, but nothing listens at \(server.socketPath), so koch found \(what). "
                + "Start it with \(server.startCommand), then try again\(input ? "." : "; or practise without sound: --sound-device null.")"
        case let .serverGone(device, server):
            return "The sound on \(device) stopped: the sound server (\(server.name)) no longer answers at \(server.socketPath). "
                + "Start it again with \(server.startCommand), then start again."
        case let .noDevices(input):
            return input
                ? "This computer has no microphone koch can record from. Plug one in, or give a recording (a WAV file) instead."
                : "This computer has no sound device koch can play through. Practise without sound: --sound-device null."
        }
    }

    /// PortAudio's reasons are phrases; ours become sentences.
    private static func sentence(_ reason: String) -> String {
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first else { return "no reason was given." }
        let capitalised = first.uppercased() + trimmed.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}

extension SoundError {
    /// Why a device that was working stopped: its sound server gone, when that is so; else what
    /// the device's failure says.
    static func stopped(device: String, reason: String, server: SoundServer?) -> SoundError {
        server.map { .serverGone(device: device, server: $0) } ?? .lost(device: device, reason: reason)
    }

    /// `.noDevices` told as a sound server that is down, when that is why.
    func explained(by server: SoundServer?) -> SoundError {
        guard case let .noDevices(input) = self, let server else { return self }
        return .serverDown(server, input: input)
    }
}
