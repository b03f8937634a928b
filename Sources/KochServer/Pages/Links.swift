/// The server's addresses as a learner's phone or a podcast service reaches them: the public URL
/// (`--url`, or `http://HOST:PORT` of `--listen`), a learner's link and feed under it.
public struct Links: Sendable {
    /// `https://koch.school.example` (no slash at the end).
    public let publicURL: String

    public init(publicURL: String) {
        var url = publicURL
        while url.hasSuffix("/") { url.removeLast() }
        self.publicURL = url
    }

    /// `/l/TOKEN`: the learner's page, relative to the server.
    public func learnerPath(_ learner: LearnerRow) -> String { "/l/" + learner.linkToken.text }

    /// The learner's link, to give them.
    public func learnerURL(_ learner: LearnerRow) -> String { publicURL + learnerPath(learner) }

    /// The learner's feed, for their podcast app.
    public func feedURL(_ learner: LearnerRow) -> String { publicURL + "/f/" + learner.feedToken.text + "/feed.xml" }

    /// An episode's audio in the feed.
    public func feedAudioURL(_ learner: LearnerRow, lesson: LessonRow) -> String {
        publicURL + "/f/" + learner.feedToken.text + "/audio/" + lesson.id.text + ".mp3"
    }

    /// An episode's link in the feed: no token in it (`/lessons/ID`).
    public func episodeURL(_ lesson: LessonRow) -> String { publicURL + "/lessons/" + lesson.id.text }

    /// A lesson's page, where it is graded.
    public func lessonURL(_ learner: LearnerRow, lesson: LessonRow) -> String {
        learnerURL(learner) + "/lessons/" + lesson.id.text
    }
}
