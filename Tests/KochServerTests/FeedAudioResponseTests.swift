import Foundation
import Hummingbird
import KochServer
import Testing

/// `AudioResponse` serves a lesson's audio as podcast players fetch it: whole, in byte ranges,
/// and as HEAD, with the headers that let them seek and cache.
@Suite struct FeedAudioResponseTests {
    /// 1000 bytes, each its offset's low byte, so that a range's bytes say where they came from.
    static let audio: [UInt8] = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }
    static let entityTag = "lesson-0123"

    /// The reply to a GET (or `method`) of the audio with `headers`.
    static func fetch(_ headers: HTTPFields = [:], method: HTTPRequest.Method = .get) async throws -> AudioResponse.Reply {
        try AudioResponse(bytes: audio, entityTag: entityTag).reply(headers: headers, method: method)
    }

    static func bytes(of response: AudioResponse.Reply) -> [UInt8] {
        Array(response.body)
    }

    /// The headers every response carries, whatever its status.
    static func expectCommonHeaders(_ response: AudioResponse.Reply, contentLength: Int) {
        #expect(response.headers[.acceptRanges] == "bytes")
        #expect(response.headers[.contentType] == "audio/mpeg")
        #expect(response.headers[.eTag] == #""lesson-0123""#)
        #expect(response.headers[.cacheControl] == "private, max-age=31536000, immutable")
        #expect(response.headers[.contentLength] == String(contentLength))
    }

    @Test func withoutARangeTheWholeFileIsServed() async throws {
        let response = try await Self.fetch()
        #expect(response.status == .ok)
        #expect(response.headers[.contentRange] == nil)
        #expect(Self.bytes(of: response) == Self.audio)
        Self.expectCommonHeaders(response, contentLength: 1000)
    }

    @Test func applesProbeGetsTheFirstTwoBytes() async throws {
        let response = try await Self.fetch([.range: "bytes=0-1"])
        #expect(response.status == .partialContent)
        #expect(response.headers[.contentRange] == "bytes 0-1/1000")
        #expect(Self.bytes(of: response) == [0, 1])
        Self.expectCommonHeaders(response, contentLength: 2)
    }

    @Test func aMiddleRangeGetsItsBytes() async throws {
        let response = try await Self.fetch([.range: "bytes=300-399"])
        #expect(response.status == .partialContent)
        #expect(response.headers[.contentRange] == "bytes 300-399/1000")
        #expect(Self.bytes(of: response) == Array(Self.audio[300...399]))
        Self.expectCommonHeaders(response, contentLength: 100)
    }

    @Test func aSuffixGetsTheLastBytes() async throws {
        let response = try await Self.fetch([.range: "bytes=-10"])
        #expect(response.status == .partialContent)
        #expect(response.headers[.contentRange] == "bytes 990-999/1000")
        #expect(Self.bytes(of: response) == Array(Self.audio[990...]))
        Self.expectCommonHeaders(response, contentLength: 10)
    }

    @Test func aRangePastTheEndIsRefusedWithTheLength() async throws {
        let response = try await Self.fetch([.range: "bytes=1000-"])
        #expect(response.status == .rangeNotSatisfiable)
        #expect(response.headers[.contentRange] == "bytes */1000")
        #expect(Self.bytes(of: response).isEmpty)
        Self.expectCommonHeaders(response, contentLength: 0)
    }

    @Test func headGetsTheHeadersAndNoBody() async throws {
        let whole = try await Self.fetch(method: .head)
        #expect(whole.status == .ok)
        #expect(Self.bytes(of: whole).isEmpty)
        Self.expectCommonHeaders(whole, contentLength: 1000)
        let probe = try await Self.fetch([.range: "bytes=0-1"], method: .head)
        #expect(probe.status == .partialContent)
        #expect(probe.headers[.contentRange] == "bytes 0-1/1000")
        #expect(Self.bytes(of: probe).isEmpty)
        Self.expectCommonHeaders(probe, contentLength: 2)
    }

    @Test func aRangeIsServedWhenIfRangeNamesThisVersion() async throws {
        let response = try await Self.fetch([.range: "bytes=0-1", .ifRange: #""lesson-0123""#])
        #expect(response.status == .partialContent)
        #expect(Self.bytes(of: response) == [0, 1])
    }

    @Test(arguments: [#""lesson-9999""#, #"W/"lesson-0123""#, "Tue, 03 Jun 2025 09:30:00 GMT"])
    func theWholeFileIsServedWhenIfRangeNamesAnotherVersion(ifRange: String) async throws {
        let response = try await Self.fetch([.range: "bytes=0-1", .ifRange: ifRange])
        #expect(response.status == .ok)
        #expect(Self.bytes(of: response) == Self.audio)
    }

    @Test func anInvalidRangeIsIgnored() async throws {
        let response = try await Self.fetch([.range: "bytes=9-3"])
        #expect(response.status == .ok)
        #expect(Self.bytes(of: response) == Self.audio)
    }

    @Test func theMediaTypeAndTagAreTheCallers() throws {
        let response = try AudioResponse(bytes: [1, 2, 3], entityTag: #"a "b" c"#, mediaType: .audioOgg)
            .response(headers: [:], method: .get)
        #expect(response.headers[.contentType] == "audio/ogg")
        #expect(response.headers[.eTag] == #""abc""#)
    }

    @Test func aFileIsReadOnlyWhereTheRangeAsks() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-audio-\(UUID().uuidString).mp3").path
        try Data(Self.audio).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = AudioResponse(file: path, lengthBytes: Self.audio.count, entityTag: Self.entityTag)
        let probe = try file.reply(headers: [.range: "bytes=0-1"], method: .get)
        #expect(probe.status == .partialContent && Array(probe.body) == [0, 1])
        let middle = try file.reply(headers: [.range: "bytes=300-399"], method: .get)
        #expect(Array(middle.body) == Array(Self.audio[300...399]))
        let whole = try file.reply(headers: [:], method: .get)
        #expect(Array(whole.body) == Self.audio)
        let gone = AudioResponse(file: path + ".gone", lengthBytes: 10, entityTag: Self.entityTag)
        #expect(throws: (any Error).self) { try gone.reply(headers: [:], method: .get) }
    }
}
