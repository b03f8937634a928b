import KochAudio
import KochCore
import KochLessons
import Testing

/// The tags of the MP3 files koch writes on their own.
@Suite struct MP3TagsTests {
    @Test func aRenderedTextIsTitledByItsFileUnlessTitledAndSaysItsSpeedsAndTone() {
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)
        let tags = MP3Tags.rendered(title: nil, path: "out/cq.mp3", timing: timing, toneHz: 600)
        #expect(tags == MP3Tags(title: "cq", album: "koch", artist: "koch", track: 1, trackCount: 1, comment: "20/12 WPM, 600 Hz"))
        #expect(MP3Tags.rendered(title: "CQ", path: "out/cq.mp3", timing: timing, toneHz: 600.5).title == "CQ")
        #expect(MP3Tags.rendered(title: "CQ", path: "out/cq.mp3", timing: timing, toneHz: 600.5).comment == "20/12 WPM, 600.5 Hz")
    }

    @Test func aKeyedSidetoneIsTitledByItsLog() {
        let tags = MP3Tags.keyed(fromLog: "logs/paddles.txt")
        #expect(tags == MP3Tags(title: "Keyed from paddles.txt", album: "koch keyer", artist: "koch", track: 1, trackCount: 1, comment: "koch keyer"))
    }
}
