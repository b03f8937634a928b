import Foundation

extension PodcastFeed {
    /// One lesson as a podcast episode: its audio file, and notes that link to the page where it is graded.
    public struct Episode: Sendable, Hashable {
        /// Names the episode for good, so that an app never downloads it twice: not a URL.
        public var guid: String
        /// The episode's title, such as "Lesson 12: K M R S".
        public var title: String
        /// What the lesson is, as plain text (paragraphs apart by blank lines).
        public var notes: String
        /// The page where the learner grades the lesson, linked from the notes.
        public var gradingPageURL: String
        /// When the episode was published.
        public var publishedAt: Date
        /// The audio file's URL.
        public var audioURL: String
        /// The audio file's size, as the enclosure's `length` declares it.
        public var audioLengthBytes: Int
        /// The audio file's media type.
        public var audioMediaType: String
        /// How long the audio plays.
        public var durationSeconds: Int
        /// The episode's number, when the lessons are numbered.
        public var episodeNumber: Int?

        public init(
            guid: String, title: String, notes: String, gradingPageURL: String, publishedAt: Date, audioURL: String,
            audioLengthBytes: Int, audioMediaType: String = "audio/mpeg", durationSeconds: Int, episodeNumber: Int? = nil
        ) {
            self.guid = guid
            self.title = title
            self.notes = notes
            self.gradingPageURL = gradingPageURL
            self.publishedAt = publishedAt
            self.audioURL = audioURL
            self.audioLengthBytes = audioLengthBytes
            self.audioMediaType = audioMediaType
            self.durationSeconds = durationSeconds
            self.episodeNumber = episodeNumber
        }

        /// The words before the grading page's link in the notes.
        static let gradeLinkText = "Grade this lesson"

        /// The notes as plain text, the grading page's link last.
        public var plainNotes: String {
            "\(notes)\n\n\(Self.gradeLinkText): \(gradingPageURL)"
        }

        /// The notes as HTML: a paragraph for each of the notes' paragraphs, then the grading page's link.
        public var htmlNotes: String {
            let paragraphs = notes.replacing("\r\n", with: "\n").split(separator: "\n\n").map { paragraph in
                "<p>" + XMLText.escaped(String(paragraph)).replacing("\n", with: "<br>") + "</p>"
            }
            let link = #"<p><a href="\#(XMLText.escaped(gradingPageURL))">\#(Self.gradeLinkText)</a></p>"#
            return (paragraphs + [link]).joined(separator: "\n")
        }

        /// The duration as `itunes:duration` writes it: H:MM:SS.
        public var durationText: String {
            let seconds = max(0, durationSeconds)
            return String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        }

        /// The episode's `<item>`, line by line.
        func itemLines(dates: RFC822Date) -> [String] {
            let enclosure = [
                "<enclosure", #"url="\#(XMLText.escaped(audioURL))""#, #"length="\#(max(0, audioLengthBytes))""#,
                #"type="\#(XMLText.escaped(audioMediaType))"/>"#,
            ]
            var lines = [
                "<item>",
                #"<guid isPermaLink="false">\#(XMLText.escaped(guid))</guid>"#,
                XMLText.element("title", title),
                XMLText.element("link", gradingPageURL),
                XMLText.element("description", plainNotes),
                XMLText.element("itunes:summary", plainNotes),
                "<content:encoded>\(XMLText.cdata(htmlNotes))</content:encoded>",
                XMLText.element("pubDate", dates.string(from: publishedAt)),
                enclosure.joined(separator: " "),
                XMLText.element("itunes:duration", durationText),
                XMLText.element("itunes:episodeType", "full"),
            ]
            if let episodeNumber { lines.append(XMLText.element("itunes:episode", String(episodeNumber))) }
            lines.append("</item>")
            return lines
        }
    }
}
