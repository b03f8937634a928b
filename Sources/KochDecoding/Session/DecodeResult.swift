import KochCore

/// Everything decoded from one recording: the text, every element and gap
/// with its start and length, and the measurements a fist report needs.
public struct DecodeResult: Sendable {
    /// Characters, elements, gaps and stuck keys in order.
    public let output: DecoderOutput
    /// The tone decoded, nil if none was found.
    public let toneHz: Double?
    /// Other keyed pitches heard (a second station, say).
    public let otherTones: [ToneCandidate]
    /// How much each channel counted.
    public let channelWeights: [Double]
    /// Means and spreads of every element and gap class.
    public let statistics: TimingStatistics
    /// The timing model at the end of the recording.
    public let model: TimingModel?
    public let signalToNoiseDB: Double?
    /// Envelope samples of the stretch asked for, for a plot.
    public let trace: [TracePoint]
    /// Why there are no characters, when there are none.
    public let nothingToDecode: NothingToDecodeReason?
    /// What the tone search found: every candidate with its score.
    public let toneSearch: ToneSearchResult
    /// Whether the tone was given (`--tone`) rather than searched for.
    public let toneWasGiven: Bool
    /// Whether a room's echo was heard trailing the marks and taken out (`ReverberationSuppressor`).
    public let roomEchoTakenOut: Bool
    /// Whether a room's echo was heard after the first marks, whether or not taking it out
    /// read better (`CWDecoder.heardRoomEcho`).
    public let roomEchoHeard: Bool
    /// Whether the keying was read from the key's steps, past a room's echo (`TransitionLatch`).
    public let readFromKeySteps: Bool
    /// Whether the tone's pitch wavered as a voice's does: found so, and taken for the sender's
    /// because its reading keeps a fist's timing (`DecodeSession.readsAsKeying`), or given with
    /// `--tone` where the search heard only a wavering pitch. A room's echo makes a sidetone's
    /// pitch waver so; talk at the pitch given would too.
    public let toneWavered: Bool
    /// Whether what was read is the keying given back by a filter learned to undo the room's
    /// echo (`RoomEqualizer`): where an echo was heard or the plain reading was doubtful, and
    /// that reading's keying the room's response explained better than the plain reading's
    /// (`DecodeSession.equalizedWhereEchoed`). Its `trace` is then the filter's output, and its
    /// marks' times lie some 10 ms later than the plain reading's would.
    public var roomEchoEqualized = false
    /// Whether what was read is the keying along the tone's own phase (`InPhaseReading`): where
    /// talk or music sounded through the tone's filter (`talkThroughTheFilter`), and that reading
    /// was not doubtful where the plain one was not, nor explained the tone's amplitude clearly
    /// worse (`DecodeSession.readAlongTonePhaseWhereTalked`). Its `trace` is then that reading's,
    /// and the marks the plain reading passed over as talk cast their doubt on it as on that one.
    public var readAlongTonePhase = false

    /// Whether talk or music sounded through the tone's filter: marks were passed over for their
    /// pitch or phase, where no room's echo was heard (an echo bends the marks' pitch too).
    public var talkSounded: Bool { Self.talkSounded(offPitchMarks: output.offPitchMarks, roomEchoHeard: roomEchoHeard) }

    static func talkSounded(offPitchMarks: Int, roomEchoHeard: Bool) -> Bool { offPitchMarks > 0 && !roomEchoHeard }

    /// Whether talk or music sounded through the tone's filter where a room's echo was heard too:
    /// marks were passed over for their pitch or phase, and the tone search heard talk beside the
    /// tone (`ToneSearchResult.heardTalk`). Talk right after the first seconds' marks sounds as
    /// their echo: of 56 recordings of `scripts/room_conditions.py`'s talk at the tone's loudness
    /// (seeds 65–120), 3 were heard so, and read plainly 13.7, 13.7 and 9.3 % wrong (along the
    /// phase, 2.0, 5.9 and 0 %). Of the development recordings of phones in echoing rooms, none
    /// is read differently for it: their reading is the room equalizer's, or none of their marks
    /// was passed over, or the search heard no talk.
    public var talkHeardBesideEcho: Bool {
        output.offPitchMarks > 0 && roomEchoHeard && toneSearch.heardTalk(besidesHz: toneHz)
    }

    /// Whether the plain reading's marks passed over for their pitch or phase were talk's
    /// (`talkSounded`, or `talkHeardBesideEcho`): the recording is read again along the tone's
    /// phase, and that reading's words as talk's are (`DecodeSession.readAgain`).
    public var talkThroughTheFilter: Bool { talkSounded || talkHeardBesideEcho }

    /// The decoded text: words separated by single spaces.
    public var text: String { output.text }
}
