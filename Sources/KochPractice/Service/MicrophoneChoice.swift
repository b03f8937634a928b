import Foundation

/// What a `--microphone` value names: a recording to read at its own pace where a file of that
/// name exists (to practise with, or to test with), else a sound device (`default` the system's input).
public enum MicrophoneChoice: Sendable, Hashable {
    case recording(path: String)
    /// A sound device by name (or a part of one); nil the system's default input.
    case device(name: String?)

    public init(_ value: String, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        if fileExists(value) {
            self = .recording(path: value)
        } else {
            self = .device(name: value == "default" ? nil : value)
        }
    }
}
