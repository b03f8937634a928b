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
