import KochCore
import KochDecoding

extension DecodeSession {
    /// Decodes the recording at `path` in the two streaming passes of
    /// `run`, opening the file once for each, so that memory stays bounded
    /// however long it is. `opened`: the file already open, used for the
    /// first pass. Throws `DecoderError.sampleRateTooLow` for a recording
    /// sampled below `CWDecoder.lowestSampleRate`. `expecting`: what the recording holds.
    public static func decode(
        file path: String, opened: (any RecordingReader)? = nil, toneHz: Double? = nil, speedWPM: Double? = nil,
        traceRangeSeconds: ClosedRange<Double>? = nil, expecting prior: CharacterPrior = .text
    ) throws -> DecodeResult {
        let first = try opened ?? RecordingFile.open(path)
        guard first.sampleRate >= CWDecoder.lowestSampleRate else { throw DecoderError.sampleRateTooLow(first.sampleRate) }
        var passes = 0
        return try run(
            sampleRate: first.sampleRate, channelCount: first.channelCount, toneHz: toneHz, speedWPM: speedWPM,
            traceRangeSeconds: traceRangeSeconds, expecting: prior
        ) { consume in
            let reader = passes == 0 ? first : try RecordingFile.open(path)
            passes += 1
            while true {
                let block = try reader.read(maximumFrames: 1 << 15)
                guard let channel = block.first, !channel.isEmpty else { break }
                consume(block)
            }
        }
    }
}
