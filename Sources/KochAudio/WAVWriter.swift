import CSndFile
import Foundation
import KochCore

/// Writes mono 16-bit PCM WAV files through libsndfile.
public enum WAVWriter {
    /// Writes `samples` (full scale ±1) to `path`. The file is complete
    /// only when this returns; a failure leaves whatever was written, which
    /// the caller removes. Messages name the file `name` (the final name of
    /// a file written under a temporary one), else `path`.
    public static func write(_ samples: [Float], sampleRate: Int, to path: String, naming name: String? = nil) throws(AudioError) {
        try write(SampleSource(samples), sampleRate: sampleRate, to: path, naming: name, tags: nil)
    }

    /// Writes the source's samples, read a stretch of `blocksAtOnce` blocks at a
    /// time (which the source may make on several cores at once). `tags` go into the file's INFO
    /// chunk (title, album, artist, comment), as an MP3's go into its ID3 tag.
    public static func write(
        _ source: SampleSource, sampleRate: Int, to path: String, naming name: String? = nil, tags: MP3Tags? = nil, blocksAtOnce: Int = 16
    ) throws(AudioError) {
        let name = name ?? path
        let (target, file) = try SoundFileTarget.openWAV(path: path, sampleRate: sampleRate, naming: name)
        if let tags {
            for (kind, text) in [
                (SF_STR_TITLE, tags.title), (SF_STR_ALBUM, tags.album), (SF_STR_ARTIST, tags.artist), (SF_STR_COMMENT, tags.comment),
            ] {
                sf_set_string(file, Int32(kind), text)
            }
        }
        var stretch = [Float](repeating: 0, count: min(source.count, source.blockSamples * blocksAtOnce))
        var writeError: String?
        for piece in source.pieces(of: 0..<source.count, maximumBlocks: blocksAtOnce) where writeError == nil && target.failure == nil {
            let written = stretch.withUnsafeMutableBufferPointer { stretch in
                let samples = UnsafeMutableBufferPointer(rebasing: stretch[0..<piece.count])
                source.read(piece, into: samples)
                return sf_write_float(file, samples.baseAddress, sf_count_t(piece.count))
            }
            if written != sf_count_t(piece.count) { writeError = String(cString: sf_strerror(file)) }
        }
        let closeResult = sf_close(file)
        // A system call that failed, even one libsndfile passed over, is the reason.
        if let failure = target.failure { throw .cannotWrite(path: name, reason: SystemErrorText.reason(failure)) }
        if let writeError { throw .cannotWrite(path: name, reason: writeError) }
        guard closeResult == 0 else {
            throw .cannotWrite(path: name, reason: String(cString: sf_error_number(closeResult)))
        }
    }
}
