import CEbur128

/// Loudness as ITU-R BS.1770-4 and EBU R128 define it (K-weighted, in 400 ms
/// blocks, gated at −70 LUFS and 10 LU below the ungated level), measured by
/// libebur128, so that sounds as unlike as a keyed tone and a voice can be
/// made to sound equally loud. Mono samples at `sampleRateHz` are added in
/// as many parts as convenient; its memory does not grow with their length.
public final class LoudnessMeter {
    public let sampleRateHz: Int
    private var state: UnsafeMutablePointer<ebur128_state>?

    public init(sampleRateHz: Int) throws(AudioError) {
        self.sampleRateHz = sampleRateHz
        let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_HISTOGRAM.rawValue)
        guard sampleRateHz > 0, let state = ebur128_init(1, UInt(sampleRateHz), mode) else {
            throw .invalidSetting("libebur128 cannot measure loudness at \(sampleRateHz) Hz.")
        }
        self.state = state
    }

    deinit { ebur128_destroy(&state) }

    /// Adds the next samples.
    public func add(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { add($0) }
    }

    /// Adds the next samples.
    public func add(_ samples: UnsafeBufferPointer<Float>) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        // Fails only for a mode it was not started in.
        _ = ebur128_add_frames_float(state, base, samples.count)
    }

    /// The integrated (gated) loudness of everything added, in LUFS; nil when
    /// nothing passed the gates (silence, or less than one 400 ms block).
    public var integratedLUFS: Double? {
        var loudness = -Double.infinity
        guard ebur128_loudness_global(state, &loudness) == EBUR128_SUCCESS.rawValue, loudness.isFinite else { return nil }
        return loudness
    }

    /// The integrated loudness of `samples`, in LUFS; a stretch shorter than a
    /// block is measured repeated, as a sound that short is heard at the
    /// loudness of its own content. Nil for silence.
    public static func integratedLUFS(of samples: [Float], sampleRateHz: Int) throws(AudioError) -> Double? {
        guard !samples.isEmpty else { return nil }
        let meter = try LoudnessMeter(sampleRateHz: sampleRateHz)
        let enoughSamples = sampleRateHz * 3 / 2
        var added = 0
        repeat {
            meter.add(samples)
            added += samples.count
        } while added < enoughSamples
        return meter.integratedLUFS
    }
}
