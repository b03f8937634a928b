import KochServer
import Testing

/// `ByteRange` resolves a `Range` header as RFC 9110 §14 does, for the requests podcast players and browsers send.
@Suite struct ByteRangeTests {
    @Test func noHeaderMeansTheWholeResource() {
        #expect(ByteRange(header: nil, lengthBytes: 1000) == .whole)
    }

    @Test func applesFirstProbeAsksForTwoBytes() {
        #expect(ByteRange(header: "bytes=0-1", lengthBytes: 1000) == .partial(0...1))
    }

    @Test func aClosedRangeIsServedAsAsked() {
        #expect(ByteRange(header: "bytes=200-299", lengthBytes: 1000) == .partial(200...299))
        #expect(ByteRange(header: "bytes=999-999", lengthBytes: 1000) == .partial(999...999))
    }

    @Test func anOpenRangeRunsToTheLastByte() {
        #expect(ByteRange(header: "bytes=500-", lengthBytes: 1000) == .partial(500...999))
        #expect(ByteRange(header: "bytes=0-", lengthBytes: 1000) == .partial(0...999))
    }

    @Test func aSuffixIsTheLastBytes() {
        #expect(ByteRange(header: "bytes=-500", lengthBytes: 1000) == .partial(500...999))
        #expect(ByteRange(header: "bytes=-1", lengthBytes: 1000) == .partial(999...999))
    }

    @Test func aSuffixLongerThanTheResourceIsAllOfIt() {
        #expect(ByteRange(header: "bytes=-5000", lengthBytes: 1000) == .partial(0...999))
    }

    @Test func anEndPastTheLengthIsClampedToTheLastByte() {
        #expect(ByteRange(header: "bytes=900-5000", lengthBytes: 1000) == .partial(900...999))
    }

    @Test func aStartAtOrPastTheLengthIsUnsatisfiable() {
        #expect(ByteRange(header: "bytes=1000-", lengthBytes: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=1000-1001", lengthBytes: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=5000-6000", lengthBytes: 1000) == .unsatisfiable)
    }

    @Test func anEmptySuffixIsUnsatisfiable() {
        #expect(ByteRange(header: "bytes=-0", lengthBytes: 1000) == .unsatisfiable)
    }

    @Test func anEmptyResourceSatisfiesNoRangeButASuffix() {
        #expect(ByteRange(header: "bytes=0-1", lengthBytes: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-", lengthBytes: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-500", lengthBytes: 0) == .whole)
        #expect(ByteRange(header: nil, lengthBytes: 0) == .whole)
    }

    @Test(arguments: [
        "", "bytes", "bytes=", "bytes=-", "bytes=a-b", "bytes=1-a", "bytes=+1-2", "bytes=1 - 2", "bytes=5-3", "bytes=0x10-",
        "bytes=1-2-3", "items=0-1", "0-1", "bytes:0-1", "bytes=١-٢",
    ])
    func anInvalidHeaderIsIgnored(header: String) {
        #expect(ByteRange(header: header, lengthBytes: 1000) == .whole)
    }

    @Test func theUnitIsCaseInsensitiveAndWhitespaceAroundTheRangeIsAllowed() {
        #expect(ByteRange(header: "Bytes=0-1", lengthBytes: 1000) == .partial(0...1))
        #expect(ByteRange(header: "bytes= 0-1 ", lengthBytes: 1000) == .partial(0...1))
        #expect(ByteRange(header: "bytes=0-1,", lengthBytes: 1000) == .partial(0...1))
    }

    @Test func severalRangesAreServedAsTheWhole() {
        #expect(ByteRange(header: "bytes=0-1,5-6", lengthBytes: 1000) == .whole)
        #expect(ByteRange(header: "bytes=0-1, -5", lengthBytes: 1000) == .whole)
    }

    @Test func hugeNumbersNeitherOverflowNorCrash() {
        let huge = "99999999999999999999999"
        #expect(ByteRange(header: "bytes=0-\(huge)", lengthBytes: 1000) == .partial(0...999))
        #expect(ByteRange(header: "bytes=\(huge)-", lengthBytes: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=\(huge)-\(huge)", lengthBytes: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-\(huge)", lengthBytes: 1000) == .partial(0...999))
        #expect(ByteRange(header: "bytes=\(Int.max)-", lengthBytes: Int.max) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-\(Int.max)", lengthBytes: Int.max) == .partial(0...(Int.max - 1)))
    }
}
