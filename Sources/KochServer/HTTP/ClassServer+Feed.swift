import Foundation
import Hummingbird
import KochCore
import NIOCore

extension ClassServer {
    /// How many lessons a learner's feed holds: the next ones at their level, made ahead.
    static let feedEpisodeCount = 3

    /// The learner's podcast feed and its audio, opened by the feed's own token (nothing else is),
    /// and the feed's artwork.
    func addFeedRoutes(to router: Router<Context>) {
        router.get("/f/:token/feed.xml") { _, context in
            await answer(api: false) {
                let learner = try learner(context, kind: .feed)
                let lessons = try await Offload.run {
                    try service.nextLessons(
                        for: learner, direction: .receive, spoken: learner.spokenFeed, count: Self.feedEpisodeCount)
                }
                var response = Reply.text(feed(of: learner, lessons: lessons).xml, type: PodcastFeed.mediaType)
                response.headers[.cacheControl] = "private, no-cache"
                return response
            }
        }
        router.get("/f/:token/audio/:id") { request, context in
            await answer(api: false) {
                let learner = try learner(context, kind: .feed)
                guard let lesson = try service.database.lesson(try lessonID(context), of: learner) else { throw ServerRefusal.unknown }
                return try audioResponse(lesson, request: request)
            }
        }
        router.get("/artwork.png") { _, _ in
            var response = Reply.bytes(FeedArtwork.png, type: "image/png")
            response.headers[.cacheControl] = "public, max-age=86400"
            return response
        }
    }

    /// The feed: each lesson an episode whose notes link to its page, where it is graded. The feed's token
    /// is its own and podcast services hold it, so nothing in the feed is the learner's link: an episode
    /// links to `/lessons/ID`, which the learner's phone turns into their page of it (`addEpisodeLinkRoute`).
    func feed(of learner: LearnerRow, lessons: [LessonRow]) -> PodcastFeed {
        let episodes = lessons.map { lesson in
            PodcastFeed.Episode(
                guid: "koch-lesson-" + lesson.id.text, title: lesson.title,
                notes: "Copy the groups as they come, then type your copy (or, heard in the car, how many you got right) on the lesson's page.",
                gradingPageURL: links.episodeURL(lesson), publishedAt: lesson.createdAt,
                audioURL: links.feedAudioURL(learner, lesson: lesson), audioLengthBytes: lesson.audioBytes,
                durationSeconds: Int(lesson.durationSeconds.rounded()))
        }
        return PodcastFeed(
            title: "koch: \(learner.name)'s Morse lessons", description: "The next Koch-method lessons at \(learner.name)'s level.",
            pageURL: links.publicURL + "/", artworkURL: links.publicURL + "/artwork.png", author: "koch", episodes: episodes)
    }

    /// A lesson's MP3, with byte ranges; its ETag is the lesson's ID, as its audio never changes.
    func audioResponse(_ lesson: LessonRow, request: Request) throws -> Response {
        try AudioResponse(file: service.audioPath(of: lesson), lengthBytes: lesson.audioBytes, entityTag: lesson.id.text).response(to: request)
    }
}

/// The feed's artwork, drawn once.
enum FeedArtwork {
    static let png = Artwork.png(sizePixels: 1400)
}
