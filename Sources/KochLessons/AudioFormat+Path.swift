import Foundation

extension AudioFormat {
    /// The format a file is written in, told by its name's extension in any case (`cq.MP3` is an
    /// MP3); nil for a name that ends in neither `.mp3` nor `.wav`.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "mp3": self = .mp3
        case "wav": self = .wav
        default: return nil
        }
    }
}
