/// One fuzz target: a reader of outside data fed libFuzzer's bytes. A harness
/// lets the reader throw (a typed error is the right answer to bad input);
/// only a crash, a leak or a hang is a finding.
struct Harness: Sendable {
    let name: String
    /// What it feeds the bytes to.
    let about: String
    let run: @Sendable ([UInt8]) -> Void

    /// Every harness, in the order `make fuzz` runs them.
    static let all: [Harness] = [
        Harness(name: "transcript", about: "a learner's copy, graded against two lessons' keys", run: TextHarnesses.transcript),
        Harness(name: "answer-key", about: "an answer key (JSON), read and graded with a perfect copy", run: FileHarnesses.answerKey),
        Harness(name: "progress", about: "a progress file (JSON), read, replayed, reported and written back", run: FileHarnesses.progress),
        Harness(name: "roster", about: "a class roster (CSV)", run: TextHarnesses.roster),
        Harness(name: "text", about: "--kind text input, cut into lessons", run: TextHarnesses.textLessons),
        Harness(name: "render-text", about: "the text koch render sends", run: TextHarnesses.renderText),
        Harness(name: "word-list", about: "a word list, words chosen from it", run: TextHarnesses.wordList),
        Harness(name: "qso-template", about: "a QSO template (Mustache), filled with random stations", run: TextHarnesses.qsoTemplate),
        Harness(name: "times", about: "--date, --at and --quiet-hours", run: TextHarnesses.times),
        Harness(name: "paddle-log", about: "a paddle or straight-key event log, keyed and decoded", run: TextHarnesses.paddleLog),
        Harness(name: "pack-journal", about: "a pack's journal of an unfinished run (JSON)", run: FileHarnesses.packJournal),
        Harness(name: "pack-manifest", about: "a pack's manifest (JSON)", run: FileHarnesses.packManifest),
        Harness(name: "mp3-frames", about: "MP3 frame scanning and the info frame rewrite", run: AudioHarnesses.mp3Frames),
        Harness(name: "decoder-samples", about: "the CW decoder fed the bytes as samples", run: AudioHarnesses.decoderSamples),
        Harness(
            name: "sndfile", about: "the bytes as a file: sniffed, read through libsndfile or FFmpeg, then decoded", run: AudioHarnesses.soundFile),
    ]
}
