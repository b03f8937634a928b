/// The ID3v2 tags a phone or car stereo shows for a lesson.
public struct MP3Tags: Sendable, Hashable {
    public var title: String
    public var album: String
    public var artist: String
    /// Track number and total, shown as n/N.
    public var track: Int
    public var trackCount: Int
    public var comment: String
    public var year: String?

    public init(title: String, album: String, artist: String, track: Int, trackCount: Int, comment: String, year: String? = nil) {
        self.title = title
        self.album = album
        self.artist = artist
        self.track = track
        self.trackCount = trackCount
        self.comment = comment
        self.year = year
    }
}
