import Foundation
import Hummingbird
import KochCore
import KochIO
import NIOCore

extension ClassServer {
    /// The learner's pages: their page, a lesson's, the report, the progress file down and back up, the feed's choice.
    func addLearnerRoutes(to router: Router<Context>) {
        router.get("/l/:token") { _, context in
            await answer(api: false) {
                let learner = try learner(context)
                let (receive, send) = try await Offload.run {
                    (
                        try service.nextLesson(for: learner, direction: .receive, spoken: false),
                        try service.nextLesson(for: learner, direction: .send, spoken: false)
                    )
                }
                let status = try service.status(of: learner)
                var response = Reply.html(
                    try pages.learner(learner, status: status, receive: receive, send: send, links: links, csrf: csrf(for: learner)))
                response.setCookie(learnerCookie(learner))
                return response
            }
        }
        router.get("/l/:token/lessons/:id") { _, context in
            await answer(api: false) {
                let learner = try learner(context)
                guard let lesson = try service.database.lesson(try lessonID(context), of: learner) else { throw ServerRefusal.unknown }
                let graded = try service.database.submission(of: lesson.id)
                return Reply.html(try pages.lesson(lesson, of: learner, graded: graded, links: links, csrf: csrf(for: learner)))
            }
        }
        router.get("/l/:token/report") { _, context in
            await answer(api: false) {
                let learner = try learner(context)
                return Reply.html(try service.reportPage(of: learner))
            }
        }
        router.get("/l/:token/audio/:id") { request, context in
            await answer(api: false) {
                let learner = try learner(context)
                guard let lesson = try service.database.lesson(try lessonID(context), of: learner) else { throw ServerRefusal.unknown }
                return try audioResponse(lesson, request: request)
            }
        }
    }

    /// The learner's progress file, downloaded and brought back, and their feed's choice.
    func addProgressRoutes(to router: Router<Context>) {
        router.get("/l/:token/progress.json") { _, context in
            await answer(api: false) {
                let learner = try learner(context)
                var response = Reply.text(try ProgressStore.encode(try service.database.progress(of: learner)), type: "application/json")
                response.headers[.contentDisposition] = "attachment; filename=\"progress.json\""
                return response
            }
        }
        router.post("/l/:token/progress") { request, context in
            await answer(api: false) {
                let learner = try learner(context)
                let form = try await Self.form(request, limit: service.limits.progressBytes * 3)
                try checkCSRF(form["csrf"], for: learner)
                try service.replaceProgress(of: learner, with: Array((form["progress"] ?? "").utf8))
                return Reply.seeOther(links.learnerPath(learner))
            }
        }
        router.post("/l/:token/feed") { request, context in
            await answer(api: false) {
                let learner = try learner(context)
                let form = try await Self.form(request, limit: 4096)
                try checkCSRF(form["csrf"], for: learner)
                try service.database.setSpokenFeed(of: learner, form["spoken"] == "on")
                return Reply.seeOther(links.learnerPath(learner))
            }
        }
    }

    /// The cookie that lets the feed's episode links (`/lessons/ID`, no token in them) find the learner's
    /// lesson page on the phone that opened the learner's link: HttpOnly, sent on a link followed from
    /// another app (Lax), kept a year.
    func learnerCookie(_ learner: LearnerRow) -> Cookie {
        Cookie(
            name: Self.learnerCookieName, value: learner.linkToken.text, maxAge: 365 * 24 * 3600, path: "/",
            secure: links.publicURL.hasPrefix("https:"), httpOnly: true, sameSite: .lax)
    }

    static let learnerCookieName = "koch_learner"

    /// An episode's link from the feed: the learner's own page of the lesson when this phone opened their
    /// link before (the cookie), else a page saying how; the feed, which podcast services hold, carries
    /// no learner's link.
    func addEpisodeLinkRoute(to router: Router<Context>) {
        router.get("/lessons/:id") { request, context in
            await answer(api: false) {
                guard let value = request.cookies[Self.learnerCookieName]?.value, let token = AccessToken(given: value),
                    let learner = try service.database.learner(token: token, kind: .link),
                    let lesson = try service.database.lesson(try lessonID(context), of: learner)
                else {
                    return Reply.html(
                        try pages.message(
                            title: "Open your link first",
                            words: "Open the personal link your teacher gave you once on this phone, in this browser: "
                                + "then the links in your podcast app open your lessons' pages."),
                        status: .notFound)
                }
                return Reply.seeOther(links.learnerPath(learner) + "/lessons/" + lesson.id.text)
            }
        }
    }

    /// A form's fields, from a body of at most `limit` bytes.
    static func form(_ request: Request, limit: Int) async throws -> FormFields {
        var request = request
        let body = try await request.collectBody(upTo: limit)
        return FormFields(String(buffer: body))
    }
}
