import CSpeexDSP

/// Brings mono samples from one sample rate to another through speexdsp's
/// resampler (a windowed-sinc polyphase filter at `quality` 5 of its 0–10,
/// its desktop setting), so that speech made at the speech synthesizer's
/// rate sits in a lesson at the lesson's. Measured from 22050 Hz: a 1 kHz
/// tone keeps its level, its image lies more than 100 dB down, and a tone
/// above a lower rate's Nyquist is taken out by as much (see
/// `SampleRateConverterTests`). The filter's delay is taken out: a sample
/// stays where it was in time.
public struct SampleRateConverter: Sendable {
    public let inputRateHz: Int
    public let outputRateHz: Int

    /// speexdsp's quality, 0 (fastest) to 10 (best).
    static let quality: Int32 = 5

    public init(inputRateHz: Int, outputRateHz: Int) throws(SpeechError) {
        guard inputRateHz > 0, outputRateHz > 0 else {
            throw .resampling(reason: "sample rates must be positive, not \(inputRateHz) Hz to \(outputRateHz) Hz")
        }
        self.inputRateHz = inputRateHz
        self.outputRateHz = outputRateHz
    }

    /// How many samples `convert` makes of `count`: as many as the same length of time holds.
    public func outputCount(ofInput count: Int) -> Int {
        inputRateHz == outputRateHz ? count : Int((Double(count) * Double(outputRateHz) / Double(inputRateHz)).rounded())
    }

    /// `samples` at `outputRateHz`: `outputCount(ofInput:)` of them.
    public func convert(_ samples: [Float]) throws(SpeechError) -> [Float] {
        guard inputRateHz != outputRateHz, !samples.isEmpty else { return samples }
        let wanted = outputCount(ofInput: samples.count)
        var status: Int32 = 0
        guard let resampler = speex_resampler_init(1, UInt32(inputRateHz), UInt32(outputRateHz), Self.quality, &status) else {
            throw .resampling(reason: Self.describe(status))
        }
        defer { speex_resampler_destroy(resampler) }
        // The output starts with the input's first sample, not with the filter filling up...
        speex_resampler_skip_zeros(resampler)
        // ...and the filter's tail is pushed out with silence after the last.
        let input = samples + [Float](repeating: 0, count: Int(speex_resampler_get_input_latency(resampler)) + 1)
        var output = [Float](repeating: 0, count: wanted + 16)
        var consumed = UInt32(input.count), produced = UInt32(output.count)
        status = input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                speex_resampler_process_float(resampler, 0, input.baseAddress, &consumed, output.baseAddress, &produced)
            }
        }
        guard status == 0 else { throw .resampling(reason: Self.describe(status)) }
        output.removeSubrange(min(Int(produced), wanted)...)
        if output.count < wanted { output += [Float](repeating: 0, count: wanted - output.count) }
        return output
    }

    private static func describe(_ status: Int32) -> String {
        speex_resampler_strerror(status).map { String(cString: $0) } ?? "error \(status)"
    }
}
