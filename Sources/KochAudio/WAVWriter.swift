import CSndFile

/// Writes mono 16-bit PCM WAV files through libsndfile.
public enum WAVWriter {
    /// Writes `samples` (full scale ±1) to `path`. The file is complete
    /// only when this returns; a failure leaves whatever was written, which
    /// the caller removes.
    public static func write(_ samples: [Float], sampleRate: Int, to path: String) throws(AudioError) {
        try write(SampleSource(samples), sampleRate: sampleRate, to: path)
    }

    /// Writes the source's samples, read a stretch of `blocksAtOnce` blocks at a
    /// time (which the source may make on several cores at once).
    public static func write(_ source: SampleSource, sampleRate: Int, to path: String, blocksAtOnce: Int = 16) throws(AudioError) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard sf_format_check(&info) != 0 else {
            throw .invalidSetting("libsndfile cannot write a WAV file at \(sampleRate) Hz.")
        }
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw .cannotWrite(path: path, reason: String(cString: sf_strerror(nil)))
        }
        // Clip rather than wrap samples that reach full scale.
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        var stretch = [Float](repeating: 0, count: min(source.count, source.blockSamples * blocksAtOnce))
        var writeError: String?
        for piece in source.pieces(of: 0..<source.count, maximumBlocks: blocksAtOnce) where writeError == nil {
            let written = stretch.withUnsafeMutableBufferPointer { stretch in
                let samples = UnsafeMutableBufferPointer(rebasing: stretch[0..<piece.count])
                source.read(piece, into: samples)
                return sf_write_float(file, samples.baseAddress, sf_count_t(piece.count))
            }
            if written != sf_count_t(piece.count) { writeError = String(cString: sf_strerror(file)) }
        }
        let closeResult = sf_close(file)
        if let writeError { throw .cannotWrite(path: path, reason: writeError) }
        guard closeResult == 0 else {
            throw .cannotWrite(path: path, reason: String(cString: sf_error_number(closeResult)))
        }
    }
}
