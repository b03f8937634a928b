import CSampleRate

/// Brings mono samples from one sample rate to another through libsamplerate
/// (its fastest band-limited sinc converter: 97 dB of SNR over 80 % of the band, ample for speech), so that speech made at the speech
/// synthesizer's rate sits in a lesson at the lesson's.
public struct SampleRateConverter: Sendable {
    public let inputRateHz: Int
    public let outputRateHz: Int

    public init(inputRateHz: Int, outputRateHz: Int) throws(SpeechError) {
        guard inputRateHz > 0, outputRateHz > 0 else {
            throw .resampling(reason: "sample rates must be positive, not \(inputRateHz) Hz to \(outputRateHz) Hz")
        }
        self.inputRateHz = inputRateHz
        self.outputRateHz = outputRateHz
    }

    /// `samples` at `outputRateHz`: as many samples as the same length of time holds.
    public func convert(_ samples: [Float]) throws(SpeechError) -> [Float] {
        guard inputRateHz != outputRateHz, !samples.isEmpty else { return samples }
        let ratio = Double(outputRateHz) / Double(inputRateHz)
        let wanted = Int((Double(samples.count) * ratio).rounded())
        var output = [Float](repeating: 0, count: wanted + 16)
        let outputCount = output.count
        let result: (status: Int32, generated: Int) = samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                var data = SRC_DATA()
                data.data_in = input.baseAddress
                data.data_out = output.baseAddress
                data.input_frames = Int(input.count)
                data.output_frames = Int(outputCount)
                data.src_ratio = ratio
                data.end_of_input = 1
                let status = src_simple(&data, Int32(SRC_SINC_FASTEST), 1)
                return (status, Int(data.output_frames_gen))
            }
        }
        guard result.status == 0 else {
            throw .resampling(reason: src_strerror(result.status).map { String(cString: $0) } ?? "error \(result.status)")
        }
        output.removeSubrange(min(result.generated, wanted)...)
        if output.count < wanted { output += [Float](repeating: 0, count: wanted - output.count) }
        return output
    }
}
