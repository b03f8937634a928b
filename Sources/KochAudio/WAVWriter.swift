import CSndFile

/// Writes mono 16-bit PCM WAV files through libsndfile.
public enum WAVWriter {
    /// Writes `samples` (full scale ±1) to `path`. The file is complete
    /// only when this returns; a failure leaves whatever was written, which
    /// the caller removes.
    public static func write(_ samples: [Float], sampleRate: Int, to path: String) throws(AudioError) {
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
        let written = samples.withUnsafeBufferPointer { buffer in
            sf_write_float(file, buffer.baseAddress, sf_count_t(buffer.count))
        }
        let writeError = written == sf_count_t(samples.count) ? nil : String(cString: sf_strerror(file))
        let closeResult = sf_close(file)
        if let writeError { throw .cannotWrite(path: path, reason: writeError) }
        guard closeResult == 0 else {
            throw .cannotWrite(path: path, reason: String(cString: sf_error_number(closeResult)))
        }
    }
}
