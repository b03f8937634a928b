import Hummingbird

/// A lesson's audio served over HTTP with byte ranges, the way podcast players and browsers fetch it:
/// 200 with every byte, 206 with the span a `Range` header asks for (`ByteRange`), 416 for a span the
/// file does not hold; a HEAD request gets the same headers and no body.
///
/// The bytes were read by the caller from a file its database names (never a path from the request).
/// The audio behind a URL never changes, so the entity tag is the lesson's ID and the response may be
/// kept for a year (`cacheControl`); a byte range is served only when an `If-Range` names that same tag.
public struct AudioResponse: Sendable {
    /// Cached privately (a learner's audio sits behind a private link), for a year, never revalidated.
    public static let cacheControl = "private, max-age=31536000, immutable"

    /// The audio file's bytes.
    public var bytes: [UInt8]
    /// The entity tag without its quotes: the lesson's ID.
    public var entityTag: String
    /// The file's media type.
    public var mediaType: MediaType

    /// The response for `bytes`, tagged `entityTag` (characters an entity tag may not hold, such as quotes and spaces,
    /// are left out of it).
    public init(bytes: [UInt8], entityTag: String, mediaType: MediaType = .audioMpeg) {
        self.bytes = bytes
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
    public func response(headers requestHeaders: HTTPFields, method: HTTPRequest.Method) -> Response {
        let reply = reply(headers: requestHeaders, method: method)
        return Response(status: reply.status, headers: reply.headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }

    /// The reply to a request with `headers` and `method`: HEAD gets a GET's headers and no body.
    public func reply(headers requestHeaders: HTTPFields, method: HTTPRequest.Method) -> Reply {
        let lengthBytes = bytes.count
        var headers: HTTPFields = [
            .acceptRanges: "bytes",
            .contentType: mediaType.description,
            .eTag: eTagHeader,
            .cacheControl: Self.cacheControl,
        ]
        let status: HTTPResponse.Status
        let body: ArraySlice<UInt8>
        switch range(for: requestHeaders) {
        case .whole:
            status = .ok
            body = bytes[...]
        case .partial(let span):
            status = .partialContent
            headers[.contentRange] = "bytes \(span.lowerBound)-\(span.upperBound)/\(lengthBytes)"
            body = bytes[span]
        case .unsatisfiable:
            status = .rangeNotSatisfiable
            headers[.contentRange] = "bytes */\(lengthBytes)"
            body = []
        }
        headers[.contentLength] = String(body.count)
        return Reply(status: status, headers: headers, body: method == .head ? [] : body)
    }

    /// The response to `request`, by its headers and method.
    public func response(to request: Request) -> Response {
        response(headers: request.headers, method: request.method)
    }

    /// The span the request asks for: its `Range`, unless an `If-Range` names another version than this one
    /// (another tag, a weak one, or a date), when the whole file is what the client needs.
    private func range(for requestHeaders: HTTPFields) -> ByteRange {
        if let ifRange = requestHeaders[.ifRange], ifRange.trimmingHTTPWhitespace != eTagHeader { return .whole }
        return ByteRange(header: requestHeaders[.range], lengthBytes: bytes.count)
    }
}
