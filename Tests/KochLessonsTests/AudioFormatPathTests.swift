import Testing

@testable import KochLessons

@Suite struct AudioFormatPathTests {
    @Test func theExtensionTellsTheFormatInAnyCase() {
        #expect(AudioFormat(path: "out/cq.mp3") == .mp3)
        #expect(AudioFormat(path: "cq.MP3") == .mp3)
        #expect(AudioFormat(path: "keyed.Wav") == .wav)
    }

    @Test func otherNamesHaveNoFormat() {
        #expect(AudioFormat(path: "cq.ogg") == nil)
        #expect(AudioFormat(path: "mp3") == nil)
    }
}
