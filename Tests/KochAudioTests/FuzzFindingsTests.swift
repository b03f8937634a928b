import Testing

@testable import KochAudio

/// Inputs the fuzz harnesses (Sources/KochFuzz, `make fuzz`) found to crash koch, kept as they were found.
@Suite struct FuzzFindingsTests {
    /// mp3-frames: the empty input, and any under four bytes, made the search for the
    /// "Info" tag a range whose end was before its start.
    @Test func bytesTooFewForAnInfoFrameAreNone() {
        #expect(MP3InfoFrame([]) == nil)
        #expect(MP3InfoFrame(Array("Inf".utf8)) == nil)
        #expect(MP3InfoFrame(Array("Info".utf8)) == nil)
        #expect(MP3FrameScanner.frames(in: [][...]) == [])
    }
}
