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
    /// Why a reading of two stations gave the single-station reading, where it did (nil where
    /// that reading holds nothing: its own warnings say why).
    public var caution: String? {
        switch self {
        case .twoStations: return nil
        case .oneStation(let result) where result.output.characters.isEmpty, .notToldApart(let result) where result.output.characters.isEmpty:
            return nil
        case .oneStation:
            return "one station heard: every over keeps one pitch, speed and level. The single-station reading follows."
        case .notToldApart:
            return "the stations cannot be told apart: their overs' pitch, speed and level do not fall into two stations, "
                + "or one of them reads doubtfully. "
                + "The single-station reading follows."
        }
    }
}
