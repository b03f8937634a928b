import Testing

@testable import KochAudio

@Suite struct SoundDeviceListTests {
    static let devices = [
        SoundDevice(
            name: "HDA Intel PCH: ALC892 Analog (hw:0,0)", hostAPI: "ALSA", outputChannels: 2, inputChannels: 2, defaultSampleRateHz: 44100,
            isDefaultOutput: false, isDefaultInput: false),
        SoundDevice(
            name: "USB Audio: Headset (hw:1,0)", hostAPI: "ALSA", outputChannels: 2, inputChannels: 1, defaultSampleRateHz: 48000,
            isDefaultOutput: false, isDefaultInput: true),
        SoundDevice(
            name: "pulse", hostAPI: "ALSA", outputChannels: 32, inputChannels: 32, defaultSampleRateHz: 44100, isDefaultOutput: true,
            isDefaultInput: false),
        SoundDevice(
            name: "HDMI 0 (hw:0,3)", hostAPI: "ALSA", outputChannels: 8, inputChannels: 0, defaultSampleRateHz: 44100, isDefaultOutput: false,
            isDefaultInput: false),
    ]

    @Test func everyDeviceIsListedWithItsChannelsAndNullLast() {
        let lines = SoundDeviceList.text(Self.devices).split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[3].hasPrefix("  pulse ") && lines[3].contains("out 32, in 32") && lines[3].hasSuffix("default output"))
        #expect(lines[2].contains("out 2, in 1") && lines[2].hasSuffix("default input"))
        #expect(lines[5].hasPrefix("  null ") && lines[5].contains("no sound"))
    }

    @Test func withNoDevicesNullIsStillListed() {
        let text = SoundDeviceList.text([])
        #expect(text.contains("no sound device") && text.contains("null"))
    }

    @Test func noNameMeansTheDefaultDeviceForTheDirection() throws {
        #expect(try SoundDevices.choose(nil, forOutput: true, among: Self.devices) == 2)
        #expect(try SoundDevices.choose(nil, forOutput: false, among: Self.devices) == 1)
    }

    @Test func anExactNameOrTheOnePartOfANameChooses() throws {
        #expect(try SoundDevices.choose("pulse", forOutput: true, among: Self.devices) == 2)
        #expect(try SoundDevices.choose("headset", forOutput: false, among: Self.devices) == 1)
        #expect(try SoundDevices.choose("hdmi", forOutput: true, among: Self.devices) == 3)
    }

    @Test func aNameOfSeveralOrNoneIsAnError() {
        #expect(throws: SoundError.ambiguousName(name: "hw:0", matches: ["HDA Intel PCH: ALC892 Analog (hw:0,0)", "HDMI 0 (hw:0,3)"])) {
            try SoundDevices.choose("hw:0", forOutput: true, among: Self.devices)
        }
        // HDMI plays but records nothing: no microphone of that name.
        #expect(throws: SoundError.noSuchDevice(name: "hdmi", available: Self.devices.dropLast().map(\.name))) {
            try SoundDevices.choose("hdmi", forOutput: false, among: Self.devices)
        }
    }

    @Test func messagesNameTheDeviceAndWhatToDo() {
        let unknown = SoundError.noSuchDevice(name: "usb", available: ["pulse", "default"]).description
        #expect(unknown.contains("usb") && unknown.contains("pulse, default") && unknown.contains("--list-sound-devices"))
        let lost = SoundError.lost(device: "pulse", reason: "broken pipe").description
        #expect(lost.contains("pulse") && lost.contains("Broken pipe."))
        #expect(SoundError.noDevices(input: false).description.contains("--sound-device null"))
    }
}
