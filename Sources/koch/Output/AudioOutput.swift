import KochAudio
import KochIO

/// Writes rendered samples to WAV or MP3 under their final name only once complete.
enum AudioOutput {
    static func writeWAV(_ samples: [Float], sampleRate: Int, to path: String) throws {
        try AtomicFile.write(to: path) { temporary in
            try WAVWriter.write(samples, sampleRate: sampleRate, to: temporary)
        }
    }

    static func writeMP3(_ samples: [Float], encoder: MP3Encoder, tags: MP3Tags, to path: String) throws {
        let bytes = try encoder.encode(samples, tags: tags, path: path)
        try AtomicFile.write(bytes, to: path)
    }
}
