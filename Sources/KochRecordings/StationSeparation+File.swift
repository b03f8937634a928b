import KochAudio
import KochCore
import KochDecoding

extension StationSeparation {
    /// Reads the two stations in the recording at `path` (`separate(channels:sampleRate:)`),
    /// holding it in memory (4 bytes a sample: ten minutes of mono at 8 kHz take 19 MB, of stereo
    /// at 48 kHz 230 MB), as each station is read from its own stretches of it. Throws `DecoderError.sampleRateTooLow` for a recording sampled below
    /// `CWDecoder.lowestSampleRate`.
    public static func separate(file path: String, expecting prior: CharacterPrior = .text) throws -> Outcome {
        let reader = try RecordingFile.open(path)
        guard reader.sampleRate >= CWDecoder.lowestSampleRate else { throw DecoderError.sampleRateTooLow(reader.sampleRate) }
        var channels = Array(repeating: [Float](), count: reader.channelCount)
        while true {
            let block = try reader.read(maximumFrames: 1 << 15)
            guard let first = block.first, !first.isEmpty else { break }
            for index in channels.indices { channels[index] += block[index] }
        }
        return try separate(channels: channels, sampleRate: reader.sampleRate, expecting: prior)
    }
}
