import Foundation

/// A learner's lessons as a podcast: an RSS 2.0 document with Apple's `itunes:` tags, which podcast apps
/// subscribe to, download the lessons of, and play offline.
///
/// The feed is private (its URL carries a token only the learner has), so it asks directories not to list
/// it (`itunes:block`). Every text is escaped (`XMLText`), since the names in it are typed by people.
public struct PodcastFeed: Sendable, Hashable {
    /// The podcast's title, such as "Morse lessons for Ada".
    public var title: String
    /// What the podcast is, in a sentence or two.
    public var description: String
    /// The learner's page.
    public var pageURL: String
    /// The podcast's artwork (a square PNG).
    public var artworkURL: String
    /// Who makes the lessons: the class or its teacher.
    public var author: String
    /// The language of the titles and notes.
    public var language: String
    /// The episodes, in the order they are listed.
    public var episodes: [Episode]

    public init(
        title: String, description: String, pageURL: String, artworkURL: String, author: String, language: String = "en",
        episodes: [Episode]
    ) {
        self.title = title
        self.description = description
        self.pageURL = pageURL
        self.artworkURL = artworkURL
        self.author = author
        self.language = language
        self.episodes = episodes
    }

    /// The media type to serve the document with.
    public static let mediaType = "application/rss+xml; charset=utf-8"

    /// The feed as an RSS 2.0 document.
    public var xml: String {
        let dates = RFC822Date()
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/">"#,
            "<channel>",
            XMLText.element("title", title),
            XMLText.element("link", pageURL),
            XMLText.element("description", description),
            XMLText.element("language", language),
            "<image>",
            XMLText.element("url", artworkURL),
            XMLText.element("title", title),
            XMLText.element("link", pageURL),
            "</image>",
            XMLText.element("itunes:author", author),
            XMLText.element("itunes:summary", description),
            #"<itunes:image href="\#(XMLText.escaped(artworkURL))"/>"#,
            #"<itunes:category text="Education"/>"#,
            XMLText.element("itunes:explicit", "false"),
            XMLText.element("itunes:type", "episodic"),
            XMLText.element("itunes:block", "Yes"),
        ]
        lines += episodes.flatMap { $0.itemLines(dates: dates) }
        lines += ["</channel>", "</rss>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
