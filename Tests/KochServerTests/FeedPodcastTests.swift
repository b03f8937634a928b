import Foundation
import KochServer
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `PodcastFeed` writes an RSS 2.0 document with Apple's tags that an XML parser reads back whole,
/// whatever characters the names in it hold.
@Suite struct FeedPodcastTests {
    /// 2025-06-03 09:30:00 UTC.
    static let publishedAt = Date(timeIntervalSince1970: 1_748_943_000)

    static func episode(
        number: Int? = 12, title: String = "Lesson 12: K M R S", notes: String = "Receive at 20 WPM.\n\nCopy what you hear."
    ) -> PodcastFeed.Episode {
        PodcastFeed.Episode(
            guid: "koch-lesson-0123", title: title, notes: notes,
            gradingPageURL: "https://class.example/l/token/lessons/0123?a=1&b=2", publishedAt: publishedAt,
            audioURL: "https://class.example/f/feed/audio/0123.mp3", audioLengthBytes: 1_234_567, durationSeconds: 3725,
            episodeNumber: number)
    }

    static func feed(learner: String = "Ada", episodes: [PodcastFeed.Episode] = [episode()]) -> PodcastFeed {
        PodcastFeed(
            title: "Morse lessons for \(learner)", description: "\(learner)'s lessons, one a day.",
            pageURL: "https://class.example/l/token", artworkURL: "https://class.example/artwork.png", author: "The class",
            episodes: episodes)
    }

    @Test func theDocumentParsesAndHoldsTheChannelsElements() throws {
        let document = try ParsedFeed(Self.feed().xml)
        #expect(document.namespaces["itunes"] == "http://www.itunes.com/dtds/podcast-1.0.dtd")
        #expect(document.namespaces["content"] == "http://purl.org/rss/1.0/modules/content/")
        #expect(document.attributes["rss"]?["version"] == "2.0")
        #expect(document.channel["title"] == "Morse lessons for Ada")
        #expect(document.channel["link"] == "https://class.example/l/token")
        #expect(document.channel["language"] == "en")
        #expect(document.channel["itunes:author"] == "The class")
        #expect(document.channel["itunes:explicit"] == "false")
        #expect(document.channel["itunes:type"] == "episodic")
        #expect(document.channel["itunes:block"] == "Yes")
        #expect(document.attributes["itunes:image"]?["href"] == "https://class.example/artwork.png")
        #expect(document.attributes["itunes:category"]?["text"] == "Education")
    }

    @Test func anEpisodeHoldsItsGUIDEnclosureDateAndDuration() throws {
        let document = try ParsedFeed(Self.feed().xml)
        let item = try #require(document.items.first)
        #expect(document.items.count == 1)
        #expect(item["guid"] == "koch-lesson-0123")
        #expect(document.attributes["guid"]?["isPermaLink"] == "false")
        #expect(item["title"] == "Lesson 12: K M R S")
        #expect(item["pubDate"] == "Tue, 03 Jun 2025 09:30:00 GMT")
        #expect(item["itunes:duration"] == "1:02:05")
        #expect(item["itunes:episode"] == "12")
        let enclosure = try #require(document.attributes["enclosure"])
        #expect(enclosure["url"] == "https://class.example/f/feed/audio/0123.mp3")
        #expect(enclosure["length"] == "1234567")
        #expect(enclosure["type"] == "audio/mpeg")
    }

    @Test func theNotesLinkToTheGradingPage() throws {
        let item = try #require(try ParsedFeed(Self.feed().xml).items.first)
        let url = "https://class.example/l/token/lessons/0123?a=1&b=2"
        #expect(item["description"] == "Receive at 20 WPM.\n\nCopy what you hear.\n\nGrade this lesson: \(url)")
        #expect(item["itunes:summary"] == item["description"])
        let html = try #require(item["content:encoded"])
        #expect(html.contains(#"<a href="https://class.example/l/token/lessons/0123?a=1&amp;b=2">Grade this lesson</a>"#))
        #expect(html.contains("<p>Receive at 20 WPM.</p>"))
    }

    @Test func theEpisodeNumberIsLeftOutWhenThereIsNone() throws {
        let item = try #require(try ParsedFeed(Self.feed(episodes: [Self.episode(number: nil)]).xml).items.first)
        #expect(item["itunes:episode"] == nil)
    }

    @Test func markupInANameIsEscapedAndReadBackAsText() throws {
        let name = #"<script>alert("x")</script> & Bob's ]]> kid"#
        let feed = Self.feed(learner: name, episodes: [Self.episode(title: name, notes: "For \(name).")])
        #expect(!feed.xml.contains("<script>"))
        let document = try ParsedFeed(feed.xml)
        #expect(document.channel["title"] == "Morse lessons for \(name)")
        #expect(document.channel["description"] == "\(name)'s lessons, one a day.")
        let item = try #require(document.items.first)
        #expect(item["title"] == name)
        #expect(item["description"]?.hasPrefix("For \(name).\n\n") == true)
        let html = try #require(item["content:encoded"])
        #expect(html.hasPrefix("<p>For &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Bob&apos;s ]]&gt; kid.</p>"))
    }

    @Test func charactersXMLForbidsAreLeftOut() throws {
        let document = try ParsedFeed(Self.feed(learner: "A\u{0}d\u{1B}a\u{FFFF}").xml)
        #expect(document.channel["title"] == "Morse lessons for Ada")
    }

    @Test func durationsAreWrittenAsHoursMinutesAndSeconds() {
        let durations = [0: "0:00:00", 59: "0:00:59", 61: "0:01:01", 600: "0:10:00", 3600: "1:00:00", 36_000: "10:00:00", -5: "0:00:00"]
        for (seconds, text) in durations {
            var episode = Self.episode()
            episode.durationSeconds = seconds
            #expect(episode.durationText == text, "\(seconds) s")
        }
    }

    @Test func aFeedWithoutEpisodesParses() throws {
        let document = try ParsedFeed(Self.feed(episodes: []).xml)
        #expect(document.items.isEmpty)
        #expect(document.channel["title"] == "Morse lessons for Ada")
    }
}

/// A podcast feed read back with Foundation's `XMLParser`: the channel's and each item's elements' text
/// by qualified name, the last attributes seen on each element name, and the namespaces declared.
struct ParsedFeed {
    /// The feed did not parse; `description` is the parser's error.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var channel: [String: String] = [:]
    var items: [[String: String]] = []
    var attributes: [String: [String: String]] = [:]
    var namespaces: [String: String] = [:]

    init(_ xml: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else {
            throw Failure(description: "\(parser.parserError.map { "\($0)" } ?? "unknown error") at line \(parser.lineNumber)")
        }
        self = reader.feed
    }

    /// Gathers the text of each element of the channel and of its items.
    private final class Reader: NSObject, XMLParserDelegate {
        var feed = ParsedFeed()
        var text = ""
        var inItem = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            text = ""
            if name == "rss" {
                for (key, value) in attributes where key.hasPrefix("xmlns:") { feed.namespaces[String(key.dropFirst(6))] = value }
            }
            feed.attributes[name] = attributes
            if name == "item" {
                inItem = true
                feed.items.append([:])
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "item" {
                inItem = false
            } else if inItem, !feed.items.isEmpty {
                feed.items[feed.items.count - 1][name] = text
            } else if feed.channel[name] == nil {
                feed.channel[name] = text
            }
            text = ""
        }
    }

    private init() {}
}
