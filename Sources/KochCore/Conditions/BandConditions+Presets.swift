/// Named conditions a learner can pick (`--band`), from an easy band to a
/// crowded contest weekend. SNRs are in a 500 Hz bandwidth around the tone
/// (see `QRN`); QRM levels are relative to the wanted signal.
public enum BandPreset: String, Sendable, Hashable, Codable, CaseIterable {
    /// QRN at +20 dB SNR; no fading, no other stations.
    case quiet
    /// QRN at +10 dB SNR; QSB 10 dB deep at 0.1 Hz; one station 500 Hz
    /// above the tone, 10 dB weaker, chatting at 18 WPM.
    case fair
    /// QRN at +3 dB SNR with 2 static crashes a second up to the signal's
    /// peak; QSB 20 dB deep at 0.2 Hz; one station 300 Hz below, 6 dB
    /// weaker, at 25 WPM, and one 700 Hz above, 12 dB weaker, at 15 WPM.
    case poor
    /// QRN at +10 dB SNR; QSB 6 dB deep at 0.3 Hz; four contest stations
    /// close by: 200 Hz above (6 dB weaker, 30 WPM), 350 Hz below (3 dB
    /// weaker, 26 WPM), 550 Hz above (as loud, 35 WPM) and 800 Hz above
    /// (9 dB weaker, 28 WPM).
    case contest

    public var conditions: BandConditions {
        switch self {
        case .quiet:
            return BandConditions(qrn: QRN(snrDB: 20))
        case .fair:
            return BandConditions(
                qrn: QRN(snrDB: 10), qsb: QSB(depthDB: 10, rateHz: 0.1),
                qrm: [QRMStation(offsetHz: 500, levelDB: -10, speedWPM: 18)])
        case .poor:
            return BandConditions(
                qrn: QRN(snrDB: 3, cracklePerSecond: 2, crackleLevelDB: 0), qsb: QSB(depthDB: 20, rateHz: 0.2),
                qrm: [
                    QRMStation(offsetHz: -300, levelDB: -6, speedWPM: 25),
                    QRMStation(offsetHz: 700, levelDB: -12, speedWPM: 15),
                ])
        case .contest:
            return BandConditions(
                qrn: QRN(snrDB: 10), qsb: QSB(depthDB: 6, rateHz: 0.3),
                qrm: [
                    QRMStation(offsetHz: 200, levelDB: -6, speedWPM: 30, traffic: .contest),
                    QRMStation(offsetHz: -350, levelDB: -3, speedWPM: 26, traffic: .contest),
                    QRMStation(offsetHz: 550, levelDB: 0, speedWPM: 35, traffic: .contest),
                    QRMStation(offsetHz: 800, levelDB: -9, speedWPM: 28, traffic: .contest),
                ])
        }
    }
}

extension BandConditions {
    public static func preset(_ preset: BandPreset) -> BandConditions { preset.conditions }
    public static var quiet: BandConditions { BandPreset.quiet.conditions }
    public static var fair: BandConditions { BandPreset.fair.conditions }
    public static var poor: BandConditions { BandPreset.poor.conditions }
    public static var contest: BandConditions { BandPreset.contest.conditions }
}
