/// The devices as `koch practice --list-sound-devices` prints them: a name a line with its
/// channels and which are the defaults, and `null` last, for practice without sound.
public enum SoundDeviceList {
    public static func text(_ devices: [SoundDevice]) -> String {
        let nameWidth = max(devices.map(\.name.count).max() ?? 0, SoundDevice.nullName.count)
        var lines = ["Sound devices (--sound-device NAME; a part of a name that only one has will do):"]
        for device in devices {
            let channels = "out \(device.outputChannels), in \(device.inputChannels)"
            var marks: [String] = []
            if device.isDefaultOutput { marks.append("default output") }
            if device.isDefaultInput { marks.append("default input") }
            let columns = [pad(device.name, nameWidth), pad(channels, 16), device.hostAPI] + (marks.isEmpty ? [] : [marks.joined(separator: ", ")])
            lines.append("  " + columns.joined(separator: "  "))
        }
        if devices.isEmpty { lines.append("  (PortAudio found no sound device)") }
        lines.append("  " + pad(SoundDevice.nullName, nameWidth) + "  no sound (practice paced by the clock, silent)")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
