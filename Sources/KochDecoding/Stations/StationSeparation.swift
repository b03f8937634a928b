import KochCore

/// Reads a recording of two stations without being told anything of them (`koch decode
/// --stations 2`): tells them apart, and labels each over with its station, pitch, speed and
/// time.
///
/// Two stations 50 Hz or more apart (two keyed tones the search tells apart: `ToneSearchResult
/// .rivals`) are told apart by pitch, each heard through a narrow band around its own
/// (`KeyingActivity`, 60 ms), even where they key at once. Closer ones share a band: there the
/// keying is cut into stretches at every pause of `shortestPauseSeconds`, each stretch is
/// measured (its pitch to a fraction of a hertz, its speed read alone, its level) and the
/// stretches are grouped by station (`OverGrouping`). Either way each station is then read
/// alone over its own stretches (`StationReading`), and its stretches in a row make one over.
///
/// Where the stretches are all alike, one station was heard; where they cannot be grouped, the
/// stations cannot be told apart: both outcomes carry the single-station reading, and no
/// split is invented.
public enum StationSeparation {
    /// Shorter pauses are a sender's own (a word gap at 11 WPM is 0.76 s); longer ones may end an over.
    public static let shortestPauseSeconds = 0.75
    /// A stretch of fewer marks says too little of its sender's speed to tell stations by it.
    static let fewestMarksForSpeed = 10
    /// The activity's window where stations share a band (passes ±60 Hz at no more than 4 dB
    /// down: a station the search did not hear apart), and where each has its own.
    static let sharedBandWindowSeconds = 0.012
    static let ownBandWindowSeconds = 0.06

    /// Reads the two stations in `channels` (one array of samples per channel).
    public static func separate(channels: [[Float]], sampleRate: Int, expecting prior: CharacterPrior = .text) throws -> Outcome {
        let plain = try DecodeSession.decode(channels: channels, sampleRate: sampleRate, expecting: prior)
        // Two stations' overs a few hertz apart may sound to the search as one pitch that glides.
        guard let toneHz = plain.toneHz ?? plain.toneSearch.unsteady.first?.frequencyHz else { return .oneStation(plain) }
        let mono = mixed(channels)
        if let rival = plain.toneSearch.rivals.first {
            let stations = [toneHz, rival.frequencyHz].map { pitch in
                let activity = KeyingActivity(mono: mono, sampleRate: sampleRate, toneHz: pitch, windowSeconds: ownBandWindowSeconds)
                return KnownStation(toneHz: pitch, spansSeconds: activity.stretches(pausingOver: shortestPauseSeconds).map(\.span))
            }
            if stations.allSatisfy({ !($0.spansSeconds ?? []).isEmpty }) {
                return try read(stations, channels: channels, sampleRate: sampleRate, prior: prior, byPitch: true, plain: plain)
            }
        }
        let activity = KeyingActivity(mono: mono, sampleRate: sampleRate, toneHz: toneHz, windowSeconds: sharedBandWindowSeconds)
        let measures = try activity.stretches(pausingOver: shortestPauseSeconds).map {
            try measure($0.span, marks: $0.marks, activity: activity, mono: mono, sampleRate: sampleRate, prior: prior)
        }
        switch OverGrouping(measures) {
        case .oneStation: return .oneStation(plain)
        case .notToldApart: return .notToldApart(plain)
        case .twoStations(let labels):
            let stations = (0...1).map { group in
                let overs = zip(measures, labels).filter { $0.1 == group }.map(\.0)
                let pitches = overs.map(\.toneHz).sorted()
                return KnownStation(toneHz: pitches[pitches.count / 2], spansSeconds: overs.map(\.spanSeconds))
            }
            return try read(stations, channels: channels, sampleRate: sampleRate, prior: prior, byPitch: false, plain: plain)
        }
    }

    /// A stretch measured: its pitch, its level, and its dit as the stretch read alone keeps it
    /// (where it holds `fewestMarksForSpeed` marks or more).
    static func measure(
        _ span: ClosedRange<Double>, marks: Int, activity: KeyingActivity, mono: [Float], sampleRate: Int, prior: CharacterPrior
    ) throws -> OverMeasure {
        let pitch = activity.pitchHz(in: span)
        guard marks >= fewestMarksForSpeed else {
            return OverMeasure(spanSeconds: span, toneHz: pitch, ditSeconds: nil, levelDB: activity.levelDB(in: span))
        }
        let margin = StationStretches.marginSeconds
        let from = max(0, Int((span.lowerBound - margin) * Double(sampleRate)))
        let to = min(mono.count, Int((span.upperBound + margin) * Double(sampleRate)))
        let alone = try DecodeSession.decode(channels: [Array(mono[from..<max(from, to)])], sampleRate: sampleRate, toneHz: pitch, expecting: prior)
        return OverMeasure(spanSeconds: span, toneHz: pitch, ditSeconds: alone.statistics.ditSeconds, levelDB: activity.levelDB(in: span))
    }

    /// Each station read alone, numbered in the order they first send, and their overs: a
    /// station's stretches in a row, with none of the other's between, make one over. Where
    /// either station reads doubtfully or not at all, `plain`, the single-station reading.
    static func read(
        _ stations: [KnownStation], channels: [[Float]], sampleRate: Int, prior: CharacterPrior, byPitch: Bool, plain: DecodeResult
    ) throws -> Outcome {
        let ordered = stations.sorted { ($0.spansSeconds?.first?.lowerBound ?? 0) < ($1.spansSeconds?.first?.lowerBound ?? 0) }
        let transcripts = try StationReading.read(channels: channels, sampleRate: sampleRate, stations: ordered, expecting: prior)
        // A station read doubtfully, or not at all, is no station told apart.
        guard transcripts.allSatisfy({ !$0.result.output.characters.isEmpty && $0.result.doubts.isEmpty }) else {
            return .notToldApart(plain)
        }
        let stretches = transcripts.flatMap(\.overs).filter { !$0.characters.isEmpty }.sorted { $0.startSeconds < $1.startSeconds }
        var overs: [StationOver] = []
        for stretch in stretches {
            if let last = overs.last, last.station == stretch.station {
                overs[overs.count - 1] = last.joined(with: stretch)
            } else {
                overs.append(stretch)
            }
        }
        return .twoStations(transcripts, overs: overs, byPitch: byPitch)
    }

    /// The channels' mean: where the stations are heard, whichever channel carries them.
    static func mixed(_ channels: [[Float]]) -> [Float] {
        guard channels.count > 1 else { return channels.first ?? [] }
        let length = channels.map(\.count).min() ?? 0
        return (0..<length).map { index in channels.reduce(0) { $0 + $1[index] } / Float(channels.count) }
    }
}
