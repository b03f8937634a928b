import ArgumentParser
import KochAudio

struct PracticeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "practice",
        abstract: "Practise live at the computer: the lesson played through the sound card as you copy or key it.",
        discussion: """
            Sound plays through PortAudio: ALSA, and PulseAudio or PipeWire through it. \
            --sound-device takes a name --list-sound-devices prints, or a part of one that \
            only one device has; without it, the default device plays. --sound-device null \
            plays nothing: practice goes on, paced by the clock, silent.

            Examples:
              koch practice --list-sound-devices
              koch practice --sound-device pulse
            """
    )

    @Flag(name: .customLong("list-sound-devices"), help: "List the sound devices koch can play through, and exit.")
    var listSoundDevices = false

    @Option(
        name: .customLong("sound-device"),
        help: ArgumentHelp("The sound device to play through (see --list-sound-devices); null for no sound.", valueName: "name"))
    var soundDevice: String?

    func run() throws {
        if listSoundDevices {
            print(SoundDeviceList.text(try SoundDevices.list()), terminator: "")
            return
        }
        guard let device = try SoundDevices.find(soundDevice, forOutput: true) else {
            print("Sound: none (null); practice is paced by the clock.")
            return
        }
        print("Sound: \(device.name) (\(device.hostAPI))")
    }
}
