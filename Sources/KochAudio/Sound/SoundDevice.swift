/// A device PortAudio can play through or record from, as `--list-sound-devices` shows it.
public struct SoundDevice: Sendable, Hashable {
    /// The name `--sound-device` takes (PortAudio's, e.g. "HDA Intel PCH: ALC892 Analog (hw:0,0)", "pulse").
    public let name: String
    /// The system it is reached through: "ALSA", "JACK Audio Connection Kit", "OSS".
    public let hostAPI: String
    public let outputChannels: Int
    public let inputChannels: Int
    public let defaultSampleRateHz: Double
    public let isDefaultOutput: Bool
    public let isDefaultInput: Bool

    public init(
        name: String, hostAPI: String, outputChannels: Int, inputChannels: Int, defaultSampleRateHz: Double, isDefaultOutput: Bool,
        isDefaultInput: Bool
    ) {
        self.name = name
        self.hostAPI = hostAPI
        self.outputChannels = outputChannels
        self.inputChannels = inputChannels
        self.defaultSampleRateHz = defaultSampleRateHz
        self.isDefaultOutput = isDefaultOutput
        self.isDefaultInput = isDefaultInput
    }

    /// The name that means no device at all: practice paced by the clock, silent.
    public static let nullName = "null"

    /// Whether it plays (`forOutput`) or records.
    public func serves(output: Bool) -> Bool {
        output ? outputChannels > 0 : inputChannels > 0
    }
}
