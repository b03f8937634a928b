import KochAudio
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
        // The first pass's reader is let go before the second opens the file again (an M4A's
        // reader holds the index of every packet): no other variable holds it.
        var unread: (any RecordingReader)? = try opened ?? RecordingFile.open(path)
        let sampleRate = unread?.sampleRate ?? 0, channelCount = unread?.channelCount ?? 0
        guard sampleRate >= CWDecoder.lowestSampleRate else { throw DecoderError.sampleRateTooLow(sampleRate) }
        return try run(
            sampleRate: sampleRate, channelCount: channelCount, toneHz: toneHz, speedWPM: speedWPM,
            traceRangeSeconds: traceRangeSeconds, expecting: prior
        ) { consume in
            let reader = try unread ?? RecordingFile.open(path)
            unread = nil
            while true {
                let block = try reader.read(maximumFrames: 1 << 15)
                guard let channel = block.first, !channel.isEmpty else { break }
                consume(block)
            }
        }
    }
}
