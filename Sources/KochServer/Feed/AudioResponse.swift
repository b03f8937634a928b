import Foundation
import Hummingbird

/// A lesson's audio served over HTTP with byte ranges, the way podcast players and browsers fetch it:
/// 200 with every byte, 206 with the span a `Range` header asks for (`ByteRange`), 416 for a span the
/// file does not hold; a HEAD request gets the same headers and no body.
///
/// The bytes are read from a file the caller's database names (never a path from the request), only
/// the span asked for, or given already read.
/// The audio behind a URL never changes, so the entity tag is the lesson's ID and the response may be
/// kept for a year (`cacheControl`); a byte range is served only when an `If-Range` names that same tag.
public struct AudioResponse: Sendable {
    /// Cached privately (a learner's audio sits behind a private link), for a year, never revalidated.
    public static let cacheControl = "private, max-age=31536000, immutable"

    /// The audio file's length.
    public let lengthBytes: Int
    /// Reads a span of the audio.
    private let read: @Sendable (ClosedRange<Int>) throws -> ArraySlice<UInt8>
    /// The entity tag without its quotes: the lesson's ID.
    public var entityTag: String
    /// The file's media type.
    public var mediaType: MediaType

    /// The response for `bytes`, tagged `entityTag` (characters an entity tag may not hold, such as quotes and spaces,
    /// are left out of it).
    public init(bytes: [UInt8], entityTag: String, mediaType: MediaType = .audioMpeg) {
        self.lengthBytes = bytes.count
        self.read = { bytes[$0] }
        self.entityTag = entityTag
        self.mediaType = mediaType
    }

    /// The response for the audio file at `path`, `lengthBytes` long: only the span a request asks for is read.
    public init(file path: String, lengthBytes: Int, entityTag: String, mediaType: MediaType = .audioMpeg) {
        self.lengthBytes = lengthBytes
        self.read = { span in
            guard let handle = FileHandle(forReadingAtPath: path) else { throw AudioFileMissing(path: path) }
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(span.lowerBound))
            let data = try handle.read(upToCount: span.count) ?? Data()
            guard data.count == span.count else { throw AudioFileMissing(path: path) }
            return [UInt8](data)[...]
        }
        self.entityTag = entityTag
        self.mediaType = mediaType
    }

    /// The `ETag` header's value: the tag quoted, as a strong validator.
    public var eTagHeader: String {
        let allowed = entityTag.unicodeScalars.filter { $0 == "\u{21}" || ("\u{23}"..."\u{7E}").contains($0) }
        return "\"\(String(String.UnicodeScalarView(allowed)))\""
    }

    /// What answers a request: its status, headers and body, before it is a Hummingbird response.
    public struct Reply: Sendable {
        public let status: HTTPResponse.Status
        public let headers: HTTPFields
        public let body: ArraySlice<UInt8>
    }

    /// The response to a request with `headers` and `method`; every method is answered as GET is, HEAD without the body.
    public func response(headers requestHeaders: HTTPFields, method: HTTPRequest.Method) throws -> Response {
        let reply = try reply(headers: requestHeaders, method: method)
        return Response(status: reply.status, headers: reply.headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }

    /// The reply to a request with `headers` and `method`: HEAD gets a GET's headers and no body.
    public func reply(headers requestHeaders: HTTPFields, method: HTTPRequest.Method) throws -> Reply {
        var headers: HTTPFields = [
            .acceptRanges: "bytes",
            .contentType: mediaType.description,
            .eTag: eTagHeader,
            .cacheControl: Self.cacheControl,
        ]
        let status: HTTPResponse.Status
        let span: ClosedRange<Int>?
        switch range(for: requestHeaders) {
        case .whole:
            status = .ok
            span = lengthBytes > 0 ? 0...lengthBytes - 1 : nil
        case .partial(let asked):
            status = .partialContent
            headers[.contentRange] = "bytes \(asked.lowerBound)-\(asked.upperBound)/\(lengthBytes)"
            span = asked
        case .unsatisfiable:
            status = .rangeNotSatisfiable
            headers[.contentRange] = "bytes */\(lengthBytes)"
            span = nil
        }
        headers[.contentLength] = String(span?.count ?? 0)
        let body = method == .head ? [] : try span.map(read) ?? []
        return Reply(status: status, headers: headers, body: body)
    }

    /// The response to `request`, by its headers and method.
    public func response(to request: Request) throws -> Response {
        try response(headers: request.headers, method: request.method)
    }

    /// The span the request asks for: its `Range`, unless an `If-Range` names another version than this one
    /// (another tag, a weak one, or a date), when the whole file is what the client needs.
    private func range(for requestHeaders: HTTPFields) -> ByteRange {
        if let ifRange = requestHeaders[.ifRange], ifRange.trimmingHTTPWhitespace != eTagHeader { return .whole }
        return ByteRange(header: requestHeaders[.range], lengthBytes: lengthBytes)
    }
}

/// The audio file a lesson's row names is not there (or shorter than the row says).
struct AudioFileMissing: Error {
    let path: String
}
