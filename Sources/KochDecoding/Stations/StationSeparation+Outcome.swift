import KochCore

extension StationSeparation {
    /// What a reading of two stations found.
    public enum Outcome: Sendable {
        /// The two stations, each read alone, and their overs in order of time.
        case twoStations([StationReading.Transcript], overs: [StationOver], byPitch: Bool)
        /// One station only: its reading.
        case oneStation(DecodeResult)
        /// Keying whose stretches do not fall into two stations: the single-station reading.
        case notToldApart(DecodeResult)
    }
}

extension StationSeparation.Outcome {
    /// Why a reading of two stations gave the single-station reading, where it did.
    public var caution: String? {
        switch self {
        case .twoStations: return nil
        case .oneStation(let result):
            guard !result.output.characters.isEmpty else { return nil }
            return "one station heard: every over keeps one pitch, speed and level. The single-station reading follows."
        case .notToldApart:
            return "the stations cannot be told apart: their overs' pitch, speed and level do not fall into two stations, "
                + "or one of them reads doubtfully. "
                + "The single-station reading follows."
        }
    }
}
