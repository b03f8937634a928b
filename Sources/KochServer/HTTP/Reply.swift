import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The server's responses: a page, a JSON object, a refusal said in words, each with the headers
/// every response carries (`SecurityHeaders`).
enum Reply {
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: "text/html; charset=utf-8", status: status)
    }

    /// A page with inline scripts of its template's, each allowed by its hash (`InlineScripts`).
    static func htmlWithInlineScripts(_ text: String) -> Response {
        var response = html(text)
        response.headers[.contentSecurityPolicy] = InlineScripts.contentSecurityPolicy(for: text)
        return response
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: "application/json", status: status)
    }

    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: type, status: status)
    }

    static func bytes(_ bytes: [UInt8], type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A redirect after a form (303: the browser asks for the page with GET).
    static func seeOther(_ location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }

    /// A refusal: for the API, `{"error": "…"}`; for a page, the words on a page of their own.
    static func refusal(_ refusal: ServerRefusal, api: Bool, pages: Pages?) -> Response {
        let status = HTTPResponse.Status(code: refusal.status)
        var response: Response
        if api {
            response = json(JSONText.object(["error": refusal.message]), status: status)
        } else if let pages, let page = try? pages.message(title: refusal.title, words: refusal.message) {
            response = html(page, status: status)
        } else {
            response = text(refusal.message + "\n", type: "text/plain; charset=utf-8", status: status)
        }
        if case let .tooMany(seconds) = refusal { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    private static func body(_ text: String, type: String, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// Small JSON objects written by hand (an error, an answer of a few fields), escaped as JSON wants.
enum JSONText {
    static func object(_ fields: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(fields)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
