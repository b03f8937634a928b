/// Test recordings of two stations: a QSO's overs keyed in turn, each station at its own pitch,
/// speed and level, on one track.
public enum StationSignals {
    /// A station: its pitch, speed and amplitude.
    public struct Station: Sendable {
        public let toneHz: Double
        public let speedWPM: Double
        public let amplitude: Double

        public init(toneHz: Double, speedWPM: Double, amplitude: Double = 0.4) {
            self.toneHz = toneHz
            self.speedWPM = speedWPM
            self.amplitude = amplitude
        }
    }

    /// One over as keyed: which station (0 or 1), what, and when (first key-down to last key-up).
    public struct Over: Sendable {
        public let station: Int
        public let text: String
        public let startSeconds: Double
        public let endSeconds: Double
    }

    /// The overs keyed one after another, `pauseSeconds` from one's last key-up to the next's
    /// first key-down, after half a second of quiet; half a second of quiet after the last.
    public static func turns(
        _ overs: [(station: Int, text: String)], stations: [Station], pauseSeconds: Double, sampleRate: Int
    ) -> (samples: [Float], overs: [Over]) {
        var keyed: [Over] = []
        var intervals: [[(Double, Double)]] = stations.map { _ in [] }
        var start = 0.5
        for over in overs {
            let station = stations[over.station]
            let keying = DecodingSignals.keying(over.text, startWPM: station.speedWPM, leadSeconds: start)
            intervals[over.station] += keying.intervals
            let end = keying.intervals.last?.1 ?? start
            keyed.append(Over(station: over.station, text: over.text, startSeconds: start, endSeconds: end))
            start = end + pauseSeconds
        }
        return (overlaid(intervals, stations: stations, durationSeconds: start - pauseSeconds + 0.5, sampleRate: sampleRate), keyed)
    }

    /// Each station's keying (key-down intervals, in seconds) at its pitch and level, summed.
    public static func overlaid(_ intervals: [[(Double, Double)]], stations: [Station], durationSeconds: Double, sampleRate: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: Int(durationSeconds * Double(sampleRate)))
        for (keying, station) in zip(intervals, stations) {
            let tone = DecodingSignals.tone(
                keying, durationSeconds: durationSeconds, frequencyHz: station.toneHz, sampleRate: sampleRate, amplitude: station.amplitude)
            for index in samples.indices { samples[index] += tone[index] }
        }
        return samples
    }
}
