import Foundation
import KochAudio
import KochCore

extension MP3Tags {
    /// The artist of every file koch writes.
    public static let artist = "koch"

    /// The tags of a file koch writes on its own rather than as a lesson of a series: koch as the
    /// artist, track 1 of 1.
    public static func single(title: String, album: String, comment: String) -> MP3Tags {
        MP3Tags(title: title, album: album, artist: artist, track: 1, trackCount: 1, comment: comment)
    }

    /// A text sent as Morse (`koch render`) into `path`: titled as asked, else by the file's name;
    /// the comment says the speeds and the tone.
    public static func rendered(title: String?, path: String, timing: Timing, toneHz: Double) -> MP3Tags {
        single(
            title: title ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, album: "koch",
            comment: "\(timing.characterSpeedWPM.formatted)/\(timing.effectiveSpeedWPM.formatted) WPM, \(toneHz.formatted) Hz")
    }

    /// The sidetone of a log of key events (`koch keyer`), titled by the log's file name.
    public static func keyed(fromLog path: String) -> MP3Tags {
        single(title: "Keyed from \(URL(fileURLWithPath: path).lastPathComponent)", album: "koch keyer", comment: "koch keyer")
    }
}
