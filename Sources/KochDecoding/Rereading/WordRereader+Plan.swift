import KochCore

extension WordRereader {
    /// How the words of a recording are read again, from how it sounded: the rules that take a
    /// reading of a weak signal, or of talk through the tone's filter, past its suspects.
    struct Plan: Sendable {
        /// Words of fewer marks are dropped (`DecodeSession.minimumMarksPerWord`).
        var minimumMarksPerWord = 1
        /// Each word's suspects are repaired in the last round (`repaired`).
        var repairsMarks = false
        /// Marks far longer than a dah count among the suspects (where talk filled gaps).
        var splitsLongMarks = false
        /// How durations spread about the centres.
        var law = TimingModel.DurationLaw.logNormal
        /// The evidence of every sample, which the last round reads the words anew from (`SoftWordReader`).
        var evidence: MarkEvidence?

        /// The plan for a reading at `signalToNoiseDB` (nil where none was measured), where talk
        /// sounded through the tone's filter or not. Above `DecodeSession.handTimingAboveDB` the
        /// spread is the hand's and proportional; under `repairBelowDB`, or where talk sounded, broken
        /// marks and bursts are repaired; under `softReadingBelowDB` the words are read from the
        /// evidence of their samples (`sampleEvidence`), and `givenEvidence` is read whatever the SNR.
        static func forReading(
            signalToNoiseDB: Double?, talkSounded: Bool, givenEvidence: MarkEvidence?, sampleEvidence: MarkEvidence?
        ) -> Plan {
            let level = signalToNoiseDB ?? 60
            return Plan(
                minimumMarksPerWord: DecodeSession.minimumMarksPerWord(signalToNoiseDB: signalToNoiseDB),
                repairsMarks: level < DecodeSession.repairBelowDB || talkSounded, splitsLongMarks: talkSounded,
                law: level >= DecodeSession.handTimingAboveDB ? .proportionalNormal : .logNormal,
                evidence: givenEvidence ?? (level < DecodeSession.softReadingBelowDB ? sampleEvidence : nil))
        }
    }
}
