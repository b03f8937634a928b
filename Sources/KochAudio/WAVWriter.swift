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
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard sf_format_check(&info) != 0 else {
            throw .invalidSetting("libsndfile cannot write a WAV file at \(sampleRate) Hz.")
        }
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: name, reason: SystemErrorText.reason(errno)) }
        let target = SoundFileTarget(fd: fd)
        var io = SoundFileTarget.virtualIO
        guard let file = sf_open_virtual(&io, Int32(SFM_WRITE), &info, target.userData) else {
            throw .cannotWrite(path: name, reason: target.failure.map(SystemErrorText.reason) ?? String(cString: sf_strerror(nil)))
        }
        // Clip rather than wrap samples that reach full scale.
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
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
