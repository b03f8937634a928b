import Foundation
import Hummingbird
import KochCore
import KochIO
import NIOCore

extension ClassServer {
    /// The JSON API (`/api/v1`), described by its OpenAPI document: what the pages do, for scripts and apps.
    func addAPIRoutes(to router: Router<Context>) {
        router.get("/api/v1/openapi.json") { _, _ in
            await answer(api: true) { Reply.json(try ServerFiles.text("openapi.json")) }
        }
        router.get("/api/v1/learners/:token") { _, context in
            await answer(api: true) {
                let learner = try learner(context)
                return Reply.json(try ClassService.json(try service.status(of: learner)))
            }
        }
        router.get("/api/v1/learners/:token/lessons/next") { request, context in
            await answer(api: true) {
                let learner = try learner(context)
                let query = request.uri.queryParameters
                let direction = try Self.direction(query.get("direction"))
                let spoken = try Self.flag(query.get("spoken"), name: "spoken")
                let lesson = try await Offload.run { try service.nextLesson(for: learner, direction: direction, spoken: spoken) }
                return Reply.json(try ClassService.json(NextLesson(lesson, learner: learner, links: links)))
            }
        }
        router.post("/api/v1/learners/:token/lessons/:id/copy") { request, context in
            await answer(api: true) {
                let learner = try learner(context)
                let body = try await Self.body(request, limit: service.limits.copyBytes)
                let stoppedAt = try StopMoment.seconds(request.uri.queryParameters.get("stoppedAt"))
                let submission: Submission = stoppedAt == nil ? .copy(body) : .copyStopped(body, stoppedAtSeconds: stoppedAt)
                return Reply.json(try await grade(submission, context: context, learner: learner).reportJSON)
            }
        }
        router.post("/api/v1/learners/:token/lessons/:id/recording") { request, context in
            await answer(api: true) {
                let learner = try learner(context)
                let body = try await Self.body(request, limit: service.limits.recordingBytes)
                return Reply.json(try await grade(.recording(body), context: context, learner: learner).reportJSON)
            }
        }
        router.post("/api/v1/learners/:token/lessons/:id/heard") { request, context in
            await answer(api: true) {
                let learner = try learner(context)
                let heard = try HeardBody.decode(try await Self.body(request, limit: 4096))
                let submission = Submission.heard(heard.heard, stoppedAtSeconds: try StopMoment.seconds(heard.stoppedAt))
                return Reply.json(try await grade(submission, context: context, learner: learner).reportJSON)
            }
        }
        router.get("/api/v1/learners/:token/progress") { _, context in
            await answer(api: true) {
                let learner = try learner(context)
                return Reply.json(try ProgressStore.encode(try service.database.progress(of: learner)))
            }
        }
        router.put("/api/v1/learners/:token/progress") { request, context in
            await answer(api: true) {
                let learner = try learner(context)
                try service.replaceProgress(of: learner, with: try await Self.body(request, limit: service.limits.progressBytes))
                return Reply.json(try ProgressStore.encode(try service.database.progress(of: learner)))
            }
        }
        addLiveAPIRoutes(to: router)
    }

    /// The live exercises' routes: a copy typed as the lesson played, a keying on the screen, and
    /// the keying read character by character as it goes.
    func addLiveAPIRoutes(to router: Router<Context>) {
        for kind in ["typing", "keying"] {
            router.post("/api/v1/learners/:token/lessons/:id/\(kind)") { request, context in
                await answer(api: true) {
                    let learner = try learner(context)
                    let submission = try await liveSubmission(kind, request: request)
                    return Reply.json(try await grade(submission, context: context, learner: learner).reportJSON)
                }
            }
        }
        router.post("/api/v1/learners/:token/lessons/:id/keying/read") { request, context in
            await answer(api: true) {
                let learner = try learner(context)
                let id = try lessonID(context)
                if let wait = readLimiter.admit(learner.linkToken.digest, now: service.now()) {
                    throw ServerRefusal.tooMany(retryAfterSeconds: wait)
                }
                let body = try await Self.body(request, limit: service.limits.liveBytes)
                return Reply.json(try ClassService.json(try await Offload.run { try service.readKeying(body, lessonID: id, of: learner) }))
            }
        }
    }

    static func direction(_ given: String?) throws -> Direction {
        guard let given else { return .receive }
        guard let direction = Direction(rawValue: given) else {
            throw ServerRefusal.badRequest("direction is receive or send, not \"\(given.prefix(20))\".")
        }
        return direction
    }

    static func flag(_ given: String?, name: String) throws -> Bool {
        switch given {
        case nil, "false", "0": return false
        case "true", "1": return true
        case let other?: throw ServerRefusal.badRequest("\(name) is true or false, not \"\(other.prefix(20))\".")
        }
    }
}

/// The body of `POST …/heard`: `{"heard": 28, "stoppedAt": "3:10"}` (`stoppedAt` may be left out).
struct HeardBody: Decodable {
    let heard: Int
    let stoppedAt: String?

    static func decode(_ bytes: [UInt8]) throws -> HeardBody {
        do {
            return try JSONDecoder().decode(HeardBody.self, from: Data(bytes))
        } catch {
            throw ServerRefusal.badRequest(
                "Send how many you heard as JSON, like {\"heard\": 28, \"stoppedAt\": \"3:10\"} (stoppedAt may be left out).")
        }
    }
}

/// The answer of `GET …/lessons/next`: the lesson's ID, its audio, its page and its settings.
struct NextLesson: Encodable {
    let id: String
    let direction: Direction
    let level: Int
    let title: String
    let spoken: Bool
    let audioURL: String
    let pageURL: String
    let durationSeconds: Double
    let text: String?
    let settings: LessonSettings

    init(_ lesson: LessonRow, learner: LearnerRow, links: Links) {
        id = lesson.id.text
        direction = lesson.direction
        level = lesson.level
        title = lesson.title
        spoken = lesson.spoken
        audioURL = links.learnerURL(learner) + "/audio/" + lesson.id.text + ".mp3"
        pageURL = links.lessonURL(learner, lesson: lesson)
        durationSeconds = lesson.durationSeconds
        text = lesson.direction == .send ? lesson.key.sentText : nil
        settings = lesson.key.settings
    }
}

/// The server's files built into the program from `data/server/`: the API's OpenAPI document and
/// the live exercises' script.
enum ServerFiles {
    static func text(_ name: String) throws -> String {
        let set = try ShippedFileSet(builtIn: "data", overrides: [])
        guard let file = set.files["server/" + name] else { throw ServerRefusal.unknown }
        return String(decoding: file.bytes, as: UTF8.self)
    }
}
