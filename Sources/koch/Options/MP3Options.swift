import ArgumentParser
import KochAudio
import KochCore

/// How MP3 audio is encoded (`--bitrate`, `--quality`); for the commands that write MP3 files,
/// apart from how the Morse sounds (`SoundOptions`), which live practice shares.
struct MP3Options: ParsableArguments {
    @Option(name: .customLong("bitrate"), help: "MP3 constant bit rate in kbit/s (32 to 320 at 32 kHz and above; 8 to 160 below).")
    var bitrateKbps: Int = LessonSettings.defaultMP3BitrateKbps

    @Option(name: .customLong("quality"), help: "MP3 encoder quality, 0 (best, slowest) to 9 (fastest).")
    var quality: Int = MP3Encoder.defaultQuality

    /// Checks the MP3 settings at `sound`'s sample rate, before any work is done.
    func encoder(sound: SoundOptions) throws -> MP3Encoder {
        do {
            return try MP3Encoder(sampleRate: sound.sampleRateHz, bitrateKbps: bitrateKbps, quality: quality)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
