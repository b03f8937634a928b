import KochCore

/// Everything decoded from one recording: the text, every element and gap
/// with its start and length, and the measurements a fist report needs.
public struct DecodeResult: Sendable {
    /// Characters, elements, gaps and stuck keys in order.
    public internal(set) var output: DecoderOutput
    /// The tone decoded, nil if none was found.
    public internal(set) var toneHz: Double?
    /// Other keyed pitches heard (a second station, say).
    public internal(set) var otherTones: [ToneCandidate]
    /// How much each channel counted.
    public internal(set) var channelWeights: [Double]
    /// Means and spreads of every element and gap class.
    public internal(set) var statistics: TimingStatistics
    /// The timing model at the end of the recording.
    public internal(set) var model: TimingModel?
    public internal(set) var signalToNoiseDB: Double?
    /// Envelope samples of the stretch asked for, for a plot.
    public internal(set) var trace: [TracePoint]
    /// Why there are no characters, when there are none.
    public internal(set) var nothingToDecode: NothingToDecodeReason?
    /// What the tone search found: every candidate with its score.
    public internal(set) var toneSearch: ToneSearchResult
    /// Whether the tone was given (`--tone`) rather than searched for.
    public internal(set) var toneWasGiven: Bool
    /// Whether a room's echo was heard trailing the marks and taken out (`ReverberationSuppressor`).
    public internal(set) var roomEchoTakenOut: Bool
    /// Whether a room's echo was heard after the first marks, whether or not taking it out
    /// read better (`CWDecoder.heardRoomEcho`).
    public internal(set) var roomEchoHeard: Bool
    /// Whether the keying was read from the key's steps, past a room's echo (`TransitionLatch`).
    public internal(set) var readFromKeySteps: Bool
    /// Whether the tone's pitch wavered as a voice's does: found so, and taken for the sender's
    /// because its reading keeps a fist's timing (`DecodeSession.readsAsKeying`), or given with
    /// `--tone` where the search heard only a wavering pitch. A room's echo makes a sidetone's
    /// pitch waver so; talk at the pitch given would too.
    public internal(set) var toneWavered: Bool
    /// The second reading that was kept as the recording's (`SecondReading`), nil for the plain
    /// reading. Its `trace` is then that reading's, and the marks the plain reading passed over as
    /// talk cast their doubt on it as on that one.
    public internal(set) var secondReading: SecondReading?

    /// Whether what was read is the keying given back by a filter learned to undo the room's
    /// echo (`SecondReading.roomUndone`). Its marks' times lie some 10 ms later than the plain
    /// reading's would.
    public var roomEchoEqualized: Bool { secondReading == .roomUndone }
    /// Whether what was read is the keying along the tone's own phase (`SecondReading.alongTonePhase`).
    public var readAlongTonePhase: Bool { secondReading == .alongTonePhase }

    /// Whether talk or music sounded through the tone's filter: marks were passed over for their
    /// pitch or phase, where no room's echo was heard (an echo bends the marks' pitch too).
    public var talkSounded: Bool { Self.talkSounded(offPitchMarks: output.offPitchMarks, roomEchoHeard: roomEchoHeard) }

    static func talkSounded(offPitchMarks: Int, roomEchoHeard: Bool) -> Bool { offPitchMarks > 0 && !roomEchoHeard }

    /// Whether talk or music sounded through the tone's filter where a room's echo was heard too:
    /// marks were passed over for their pitch or phase, and the tone search heard talk beside the
    /// tone (`ToneSearchResult.heardTalk`). Talk right after the first seconds' marks sounds as
    /// their echo; a phone in an echoing room, whose marks' pitch the echo bends, is not heard
    /// so, as the search hears no talk there.
    public var talkHeardBesideEcho: Bool {
        output.offPitchMarks > 0 && roomEchoHeard && toneSearch.heardTalk(besidesHz: toneHz)
    }

    /// Whether the plain reading's marks passed over for their pitch or phase were talk's
    /// (`talkSounded`, or `talkHeardBesideEcho`): the recording is read again along the tone's
    /// phase, and that reading's words as talk's are (`SecondReading.alongTonePhase`).
    public var talkThroughTheFilter: Bool { talkSounded || talkHeardBesideEcho }

    /// The decoded text: words separated by single spaces.
    public var text: String { output.text }
}

extension DecodeResult {
    /// A recording in which nothing keyed was heard: no reading, and why.
    init(nothingHeardIn search: ToneSearchResult, reason: NothingToDecodeReason) {
        self.init(
            output: DecoderOutput(), toneHz: nil, otherTones: [], channelWeights: search.channelWeights, statistics: TimingStatistics(),
            model: nil, signalToNoiseDB: nil, trace: [], nothingToDecode: reason, toneSearch: search, toneWasGiven: false,
            roomEchoTakenOut: false, roomEchoHeard: false, readFromKeySteps: false, toneWavered: false)
    }
}
