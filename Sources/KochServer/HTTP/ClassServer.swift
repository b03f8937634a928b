import Foundation
import Hummingbird
import KochIO
import Logging
import NIOCore

/// The class server: the service, its pages and the addresses it gives, behind Hummingbird's
/// router. `router()` is what a test drives in memory; `run(host:port:)` serves it.
public struct ClassServer: Sendable {
    public let service: ClassService
    public let pages: Pages
    public let links: Links
    let limiter: RateLimiter
    /// Readings of a keying on the screen: one a character as the learner keys (a minute's keying
    /// at 40 WPM is 200 characters), none recorded; more than that is a script.
    let readLimiter = RateLimiter(limit: 300, windowSeconds: 60)
    /// The key of the learners' forms' CSRF tokens (kept in the database, made once).
    let formSecret: String
    /// How long a teacher stays logged in.
    static let sessionSeconds = 12.0 * 3600

    /// Where failures the server did not expect are told (the operator's log; the learner sees plain words).
    let logger: Logger

    public init(service: ClassService, links: Links, submissionsPerMinute: Int = 10, logger: Logger = Logger(label: "koch-serve")) throws {
        self.service = service
        self.logger = logger
        self.pages = Pages(templates: service.templates)
        self.links = links
        self.limiter = RateLimiter(limit: submissionsPerMinute, windowSeconds: 60)
        self.formSecret = try service.database.secret(named: "forms")
    }

    public typealias Context = BasicRequestContext

    /// Every route of the server.
    public func router() throws -> Router<Context> {
        // HEAD is answered wherever GET is (podcast apps ask an episode's headers first).
        let router = Router(context: Context.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: NotFoundAnswer(pages: pages))
        addLearnerRoutes(to: router)
        addProgressRoutes(to: router)
        addEpisodeLinkRoute(to: router)
        addGradingRoutes(to: router)
        addAPIRoutes(to: router)
        addFeedRoutes(to: router)
        addTeacherRoutes(to: router)
        router.get("/") { _, _ in
            Reply.html(try pages.message(title: "koch", words: "A class's Morse lessons. Learners: open the link your teacher gave you."))
        }
        try addScriptRoutes(to: router)
        return router
    }

    /// Serves the class at `host:port` until the process is stopped.
    public func run(host: String, port: Int, logger: Logger) async throws {
        let app = Application(
            router: try router(), configuration: .init(address: .hostname(host, port: port), serverName: "koch"), logger: logger)
        try await app.runService()
    }

    /// The learner the request's token opens, or a refusal (a plain 404 for any token that opens nothing).
    func learner(_ context: Context, kind: LearnerTokenKind = .link) throws -> LearnerRow {
        guard let given = context.parameters.get("token"), let token = AccessToken(given: given),
            let learner = try service.database.learner(token: token, kind: kind)
        else { throw ServerRefusal.unknown }
        return learner
    }

    /// The lesson ID the request names, checked to be one before it is looked up.
    func lessonID(_ context: Context) throws -> LessonID {
        guard let given = context.parameters.get("id"), let id = LessonID(given: given.hasSuffix(".mp3") ? given.dropLast(4) : given[...])
        else { throw ServerRefusal.unknown }
        return id
    }

    /// The CSRF token of a learner's forms: their link's token keyed with the server's secret.
    func csrf(for learner: LearnerRow) -> String {
        FileChecksum.sha256Hex(of: Array((formSecret + "/" + learner.linkToken.text).utf8))
    }

    /// Refuses a form whose CSRF token is not the learner's.
    func checkCSRF(_ given: String?, for learner: LearnerRow) throws {
        guard let given, AccessToken.constantTimeEqual(given, csrf(for: learner)) else { throw ServerRefusal.forbidden }
    }

    /// Runs a handler, saying a refusal in words (a page, or JSON for the API) and any other failure
    /// as a 500 that says nothing was recorded.
    func answer(api: Bool, _ handler: () async throws -> Response) async -> Response {
        do {
            return try await handler()
        } catch let refusal as ServerRefusal {
            return Reply.refusal(refusal, api: api, pages: pages)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            return Reply.refusal(.tooLarge(limitBytes: service.limits.recordingBytes), api: api, pages: pages)
        } catch {
            logger.error("A request failed: \(String(describing: error))")
            var response = Reply.refusal(
                .notGradable("Something went wrong on the server. Nothing was recorded; try again later."), api: api, pages: pages)
            response.status = .internalServerError
            return response
        }
    }

    /// Counts a submission of the learner's against the rate limit.
    func admitSubmission(of learner: LearnerRow) throws {
        if let wait = limiter.admit(learner.linkToken.digest, now: service.now()) { throw ServerRefusal.tooMany(retryAfterSeconds: wait) }
    }
}
