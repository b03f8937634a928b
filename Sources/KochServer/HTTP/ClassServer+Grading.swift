import Foundation
import Hummingbird
import KochCore
import NIOCore

extension ClassServer {
    /// What a submission's route reads from the request: a form's fields, or the API's body.
    enum Form {
        case page
        case api
    }

    /// A learner's returns, sent from the lesson's page: graded, recorded, and the grade's page shown.
    func addGradingRoutes(to router: Router<Context>) {
        for kind in ["copy", "heard", "recording", "typing", "keying"] {
            router.post("/l/:token/lessons/:id/\(kind)") { request, context in
                await answer(api: false) {
                    let learner = try learner(context)
                    let submission = try await pageSubmission(kind, request: request, learner: learner)
                    let graded = try await grade(submission, context: context, learner: learner)
                    return Reply.html(try pages.result(graded, of: learner, links: links))
                }
            }
        }
    }

    /// The submission a lesson page's form (or its upload script) sends, its CSRF token checked.
    private func pageSubmission(_ kind: String, request: Request, learner: LearnerRow) async throws -> Submission {
        // The live exercises' script sends its session as the body: the token is in the query, as for a recording.
        if kind == "typing" || kind == "keying" {
            try checkCSRF(request.uri.queryParameters.get("csrf"), for: learner)
            return try await liveSubmission(kind, request: request)
        }
        if kind == "recording" {
            try checkCSRF(request.uri.queryParameters.get("csrf"), for: learner)
            let body = try await Self.body(request, limit: service.limits.recordingBytes + 64 * 1024)
            guard let boundary = MultipartFile.boundary(contentType: request.headers[.contentType]) else { return .recording(body) }
            // The form sent without JavaScript.
            guard let file = MultipartFile.firstFile(in: body, boundary: boundary), !file.isEmpty else {
                throw ServerRefusal.badRequest("Choose your recording in the form, then send it. Nothing was recorded.")
            }
            return .recording(file)
        }
        let form = try await Self.form(request, limit: service.limits.copyBytes * 4)
        try checkCSRF(form["csrf"], for: learner)
        let stoppedAt = try StopMoment.seconds(form["stoppedAt"])
        if kind == "heard" {
            guard let text = form["heard"], let heard = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ServerRefusal.badRequest("Give how many items you got right, as a number. Nothing was recorded.")
            }
            return .heard(heard, stoppedAtSeconds: stoppedAt)
        }
        let copy = form["copy"] ?? ""
        guard stoppedAt == nil else { return .copyStopped(Array(copy.utf8), stoppedAtSeconds: stoppedAt) }
        return .copy(Array(copy.utf8))
    }

    /// A live session's submission, from the request's body: the keys typed as a lesson played (JSON,
    /// `TypingBody`), or a log of key events keyed on the page.
    func liveSubmission(_ kind: String, request: Request) async throws -> Submission {
        let body = try await Self.body(request, limit: service.limits.liveBytes)
        guard kind == "typing" else { return .keyLog(body) }
        let typing = try TypingBody.decode(body)
        return .typedLive(typing.keys, stoppedAtSeconds: typing.stoppedAtSeconds)
    }

    /// Grades a submission for the lesson the request names, once the learner is within the rate limit.
    func grade(_ submission: Submission, context: Context, learner: LearnerRow) async throws -> ClassService.Graded {
        let id = try lessonID(context)
        try admitSubmission(of: learner)
        return try await Offload.run { try service.grade(submission, lessonID: id, of: learner) }
    }

    /// A request's body, at most `limit` bytes (a larger one is refused as it arrives, unread).
    static func body(_ request: Request, limit: Int) async throws -> [UInt8] {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw ServerRefusal.tooLarge(limitBytes: limit) }
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            throw ServerRefusal.tooLarge(limitBytes: limit)
        }
    }
}
