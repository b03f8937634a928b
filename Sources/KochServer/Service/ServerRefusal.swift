/// Why the server did not do what a request asked, in words a learner understands, with the HTTP
/// status that says it to a program. Whatever the refusal, nothing was recorded.
public enum ServerRefusal: Error, Sendable, Equatable {
    /// No such learner, lesson or page for this token: a plain 404, the same for every case, so that
    /// a guess learns nothing.
    case unknown
    /// The lesson was graded before: a lesson counts once. `accuracyPercent`: that grade's.
    case alreadyGraded(accuracyPercent: Double)
    /// The upload is larger than the server takes.
    case tooLarge(limitBytes: Int)
    /// The recording or key log is longer than an exercise can be.
    case tooLong(limitSeconds: Double)
    /// The upload is not what the lesson takes (a photo for a recording, a recording for a copy).
    case wrongKind(String)
    /// The return cannot be graded: why, and what to do.
    case notGradable(String)
    /// The request is malformed (a field missing or out of range).
    case badRequest(String)
    /// Too many submissions in a short time from one learner.
    case tooMany(retryAfterSeconds: Int)
    /// A form came without its CSRF token, or with another's.
    case forbidden

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .unknown: 404
        case .alreadyGraded: 409
        case .tooLarge, .tooLong: 413
        case .wrongKind: 415
        case .notGradable: 422
        case .badRequest: 400
        case .tooMany: 429
        case .forbidden: 403
        }
    }

    /// A page's title for the refusal.
    public var title: String {
        switch self {
        case .unknown: "Not found"
        case .alreadyGraded: "Graded before"
        case .tooLarge, .tooLong: "Too large"
        case .wrongKind: "Not what this lesson takes"
        case .notGradable: "Not graded"
        case .badRequest: "Not understood"
        case .tooMany: "Too many at once"
        case .forbidden: "Form expired"
        }
    }

    /// The words a learner reads.
    public var message: String {
        switch self {
        case .unknown:
            "Nothing here. Check that the link is the whole one your teacher gave you."
        case let .alreadyGraded(accuracy):
            "This lesson was graded before (\(Self.percent(accuracy)) accuracy), and a lesson counts once: "
                + "nothing was changed. Your next lesson is on your page."
        case let .tooLarge(limit):
            "That is larger than the server takes (\(Self.size(limit)) at most). Nothing was recorded."
        case let .tooLong(limit):
            "That keying is longer than \(Int(limit / 60)) minutes, longer than any exercise: send the keying of one exercise. "
                + "Nothing was recorded."
        case let .wrongKind(words), let .notGradable(words), let .badRequest(words):
            words
        case let .tooMany(seconds):
            "Too many submissions in a short time. Wait \(seconds) seconds and send it again; nothing was recorded."
        case .forbidden:
            "This form has expired. Reload the page and send it again; nothing was recorded."
        }
    }

    /// `20 MB`, `64 kB`.
    static func size(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? "\(bytes / 1_048_576) MB" : "\(bytes / 1024) kB"
    }

    static func percent(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) %" : String(format: "%.1f %%", value)
    }
}
