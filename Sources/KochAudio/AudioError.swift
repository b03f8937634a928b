/// A failure to read or write audio, naming the file and what the library said.
public enum AudioError: Error, CustomStringConvertible, Equatable {
    case cannotOpen(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case unsupportedFormat(path: String, reason: String)
    /// A file that is something else: `what` names it ("a JPEG image").
    case notARecording(path: String, what: String)
    /// The audio koch wrote for a lesson or exercise (`lesson`: its ID), given where a recording of the learner belongs.
    case lessonAudio(path: String, lesson: String)
    case encoder(path: String, reason: String)
    case truncated(path: String, promisedSeconds: Double, heldSeconds: Double)
    case invalidSetting(String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "Cannot open \(path): \(reason)."
        case let .cannotRead(path, reason):
            return "Cannot read \(path): \(reason)."
        case let .cannotWrite(path, reason):
            return "Cannot write \(path): \(reason)."
        case let .unsupportedFormat(path, reason):
            // libsndfile's reasons end with a period of their own; ours do not.
            let sentence = reason.hasSuffix(".") ? reason : reason + "."
            return "Cannot read \(path): \(sentence) koch reads WAV, FLAC, Ogg (Vorbis, Opus), MP3, M4A (AAC), 3GP (AMR), "
                + "WebM and the other audio FFmpeg reads; this file is none of them, or is damaged."
        case let .notARecording(path, what):
            return "\(path): this is \(what), not a recording."
        case let .lessonAudio(path, lesson):
            return "\(path): this is the audio koch made for lesson \(lesson), not a recording of your keying. "
                + "Record yourself keying the exercise's sheet, and grade that recording."
        case let .truncated(path, promisedSeconds, heldSeconds):
            return "\(path) is cut short: its header promises \(Self.seconds(promisedSeconds)) of audio, but the file holds only "
                + "\(Self.seconds(heldSeconds)) (a recording stopped early, or a copy that did not finish). Record or copy it again."
        case let .encoder(path, reason):
            return "MP3 encoding of \(path) failed: \(reason)."
        case let .invalidSetting(message):
            return message
        }
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.1f s", value)
    }
}
