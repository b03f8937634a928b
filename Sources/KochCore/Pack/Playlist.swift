/// An extended M3U playlist: the lessons in order, each with its length and
/// title, paths relative to the playlist's folder.
public enum Playlist {
    public struct Entry: Sendable, Hashable {
        public let path: String
        public let title: String
        public let durationSeconds: Double

        public init(path: String, title: String, durationSeconds: Double) {
            self.path = path
            self.title = title
            self.durationSeconds = durationSeconds
        }
    }

    public static func m3u(_ entries: [Entry]) -> String {
        var text = "#EXTM3U\n"
        for entry in entries {
            text += "#EXTINF:\(Int(entry.durationSeconds.rounded())),\(entry.title)\n\(entry.path)\n"
        }
        return text
    }
}
