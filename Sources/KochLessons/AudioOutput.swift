import Foundation
import KochAudio
import KochCore
import KochIO
import KochSound

/// Writes audio to WAV or MP3 under its final name only once complete,
/// reading it a stretch at a time as it goes.
public enum AudioOutput {
    public static func writeWAV(_ source: SampleSource, sampleRate: Int, tags: MP3Tags? = nil, to path: String) throws {
        try AtomicFile.write(to: path) { temporary in
            try WAVWriter.write(source, sampleRate: sampleRate, to: temporary, naming: path, tags: tags)
        }
    }

    /// `concurrency`: how many cores the encoder may use (the bytes are the same whatever it is).
    public static func writeMP3(
        _ source: SampleSource, encoder: MP3Encoder, tags: MP3Tags, to path: String,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws {
        try AtomicFile.write(to: path) { temporary in
            try encoder.write(source, tags: tags, toNewFile: temporary, path: path, concurrency: concurrency)
        }
    }
}

extension MixedSound {
    /// The sound as the audio writers read it: made block by block as they ask.
    public var source: SampleSource {
        SampleSource(count: sampleCount, blockSamples: Self.blockSamples) { range, buffer in render(range, into: buffer) }
    }
}
