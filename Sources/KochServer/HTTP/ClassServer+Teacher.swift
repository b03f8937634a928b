import Foundation
import HTTPTypes
import Hummingbird
import KochCore
import NIOCore

extension ClassServer {
    /// The session cookie of a logged-in teacher, and the one a login form's CSRF token is checked against.
    static let sessionCookie = "koch_teacher"
    static let loginCookie = "koch_login"

    /// The teacher's pages, behind the password: the class, the gradebook, the sheet of links, each learner's report.
    func addTeacherRoutes(to router: Router<Context>) {
        router.get("/teacher") { request, _ in
            await answer(api: false) {
                guard let session = try teacherSession(request) else { return try loginPage(error: nil) }
                return Reply.html(try teacherPage(csrf: session.csrf))
            }
        }
        router.post("/teacher/login") { request, _ in
            await answer(api: false) { try await login(request) }
        }
        router.post("/teacher/logout") { request, _ in
            await answer(api: false) {
                let session = try requireTeacher(request)
                _ = try await teacherForm(request, session: session)
                try service.database.closeTeacherSession(session.token)
                var response = Reply.seeOther("/teacher")
                response.setCookie(sessionCookie(value: "", maxAge: 0))
                return response
            }
        }
        router.get("/teacher/gradebook") { request, _ in
            await answer(api: false) {
                _ = try requireTeacher(request)
                return Reply.htmlWithInlineScripts(try service.gradebookPage(title: "Gradebook"))
            }
        }
        router.get("/teacher/gradebook.csv") { request, _ in
            await answer(api: false) {
                _ = try requireTeacher(request)
                var response = Reply.text(try service.gradebookCSV(), type: "text/csv; charset=utf-8")
                response.headers[.contentDisposition] = "attachment; filename=\"gradebook.csv\""
                return response
            }
        }
        router.get("/teacher/sheet") { request, _ in
            await answer(api: false) {
                _ = try requireTeacher(request)
                return Reply.html(try sheetPage())
            }
        }
        router.get("/teacher/learners/:n/report") { request, context in
            await answer(api: false) {
                _ = try requireTeacher(request)
                return Reply.html(try service.reportPage(of: try learnerNumbered(context)))
            }
        }
        addClassRoutes(to: router)
    }

    /// The teacher's forms that change the class: a learner added or removed, a link or a feed renewed.
    func addClassRoutes(to router: Router<Context>) {
        router.post("/teacher/learners") { request, _ in
            await answer(api: false) {
                let session = try requireTeacher(request)
                let form = try await teacherForm(request, session: session)
                let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let level = Int(form["level"] ?? "2") ?? 0
                try service.addLearner(name: name, level: level)
                return Reply.seeOther("/teacher")
            }
        }
        for action in ["remove", "reset-link", "reset-feed"] {
            router.post("/teacher/learners/:n/\(action)") { request, context in
                await answer(api: false) {
                    let session = try requireTeacher(request)
                    _ = try await teacherForm(request, session: session)
                    let learner = try learnerNumbered(context)
                    switch action {
                    case "remove": try service.removeLearner(learner)
                    case "reset-link": try service.database.renewToken(of: learner.id, kind: .link)
                    default: try service.database.renewToken(of: learner.id, kind: .feed)
                    }
                    return Reply.seeOther("/teacher")
                }
            }
        }
    }

    /// The teacher's session the request's cookie opens, if any.
    func teacherSession(_ request: Request) throws -> TeacherSession? {
        guard let value = request.cookies[Self.sessionCookie]?.value, let token = AccessToken(given: value) else { return nil }
        return try service.database.teacherSession(token, now: service.now())
    }

    /// The teacher's session, or a 404 as for anything else not there.
    func requireTeacher(_ request: Request) throws -> TeacherSession {
        guard let session = try teacherSession(request) else { throw ServerRefusal.unknown }
        return session
    }

    /// A teacher's form, its CSRF token checked against the session's.
    func teacherForm(_ request: Request, session: TeacherSession) async throws -> FormFields {
        let form = try await Self.form(request, limit: 16 * 1024)
        guard let given = form["csrf"], AccessToken.constantTimeEqual(given, session.csrf) else { throw ServerRefusal.forbidden }
        return form
    }

    /// The learner of the teacher's URL's number.
    func learnerNumbered(_ context: Context) throws -> LearnerRow {
        guard let text = context.parameters.get("n"), text.count <= 12, let id = Int64(text), let learner = try service.database.learner(id: id)
        else { throw ServerRefusal.unknown }
        return learner
    }

    private func login(_ request: Request) async throws -> Response {
        let form = try await Self.form(request, limit: 4096)
        guard let cookie = request.cookies[Self.loginCookie]?.value, let given = form["csrf"], AccessToken.constantTimeEqual(cookie, given)
        else { throw ServerRefusal.forbidden }
        if let wait = limiter.admit("teacher-login", now: service.now()) { throw ServerRefusal.tooMany(retryAfterSeconds: wait) }
        let password = form["password"] ?? ""
        guard let matches = try await Offload.run({ try service.teacherPasswordMatches(password) }) else {
            return try loginPage(error: "No password is set yet: set one on the server with koch serve --set-password.")
        }
        guard matches else { return try loginPage(error: "That password is not the teacher's.") }
        let session = try service.database.openTeacherSession(now: service.now(), lifetimeSeconds: Self.sessionSeconds)
        var response = Reply.seeOther("/teacher")
        response.setCookie(sessionCookie(value: session.token.text, maxAge: Int(Self.sessionSeconds)))
        return response
    }

    private func sessionCookie(value: String, maxAge: Int) -> Cookie {
        Cookie(
            name: Self.sessionCookie, value: value, maxAge: maxAge, path: "/teacher", secure: links.publicURL.hasPrefix("https:"),
            httpOnly: true, sameSite: .strict)
    }

    private func loginPage(error: String?) throws -> Response {
        let token = AccessToken().text
        var context: [String: Any] = ["title": "Teacher's login", "csrf": token]
        if let error { context["error"] = error }
        var response = Reply.html(try pages.templates.render("server/login.html", context), status: error == nil ? .ok : .unauthorized)
        response.setCookie(
            Cookie(
                name: Self.loginCookie, value: token, maxAge: 3600, path: "/teacher", secure: links.publicURL.hasPrefix("https:"),
                httpOnly: true, sameSite: .strict))
        return response
    }
}
