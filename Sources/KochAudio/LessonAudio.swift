/// Knows the audio koch wrote for a lesson or exercise by its tags: koch as the artist and a comment
/// that opens with the lesson's ID (an MP3's ID3 tag, a WAV's INFO chunk).
public enum LessonAudio {
    /// The ID of the lesson whose audio the file at `path` is, or nil when it is none of koch's lessons.
    public static func lessonID(ofFile path: String) -> String? {
        guard let head = try? RecordingFile.head(of: path, byteCount: 1 << 16) else { return nil }
        if let frames = ID3TextFrames(head) {
            return lessonID(artist: frames.texts["TPE1"], comment: frames.texts["COMM"])
        }
        guard FileSniffer.starts(head, "RIFF"), FileSniffer.has(head, "WAVE", at: 8), let reader = try? AudioFileReader(path: path) else {
            return nil
        }
        let tags = reader.tags
        return lessonID(artist: tags.artist, comment: tags.comment)
    }

    /// The lesson ID in tags as `LessonWriter.tags(for:)` writes them: "lesson ID, 20/12 WPM, ...".
    static func lessonID(artist: String?, comment: String?) -> String? {
        guard artist == "koch", let comment, comment.hasPrefix("lesson ") else { return nil }
        let identifier = comment.dropFirst("lesson ".count).prefix { $0 != "," && $0 != " " }
        return identifier.isEmpty ? nil : String(identifier)
    }
}
