import Foundation
import KochAudio
import KochIO

/// Writes rendered samples to WAV or MP3 under their final name only once complete.
enum AudioOutput {
    static func writeWAV(_ samples: [Float], sampleRate: Int, to path: String) throws {
        try AtomicFile.write(to: path) { temporary in
            try WAVWriter.write(samples, sampleRate: sampleRate, to: temporary, naming: path)
        }
    }

    /// `concurrency`: how many cores the encoder may use (the bytes are the same whatever it is).
    static func writeMP3(
        _ samples: [Float], encoder: MP3Encoder, tags: MP3Tags, to path: String,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws {
        let bytes = try encoder.encode(samples, tags: tags, path: path, concurrency: concurrency)
        try AtomicFile.write(bytes, to: path)
    }
}
