import KochCore

extension DecodeResult {
    /// A reading made live, mark by mark as the learner keyed (the drill of a character at a
    /// time), to grade as it was read: no tone searched for, no timing model learned.
    public init(readLive output: DecoderOutput) {
        self.init(
            output: output, toneHz: nil, otherTones: [], channelWeights: [1], statistics: TimingStatistics(), model: nil,
            signalToNoiseDB: nil, trace: [], nothingToDecode: nil,
            toneSearch: ToneSearchResult(best: nil, others: [], channelWeights: [1], reason: nil), toneWasGiven: false,
            roomEchoTakenOut: false, roomEchoHeard: false, readFromKeySteps: false, toneWavered: false)
    }
}
