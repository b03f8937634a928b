import KochCore
import KochSound

/// Band conditions in words, for the answer sheet.
enum BandText {
    /// `QRN +10 dB (pink, in 500 Hz); QSB 10 dB at 0.1 Hz; QRM: +500 Hz -10 dB 18 WPM`, or "" when clear.
    static func describe(_ conditions: BandConditions) -> String {
        var parts: [String] = []
        if let qrn = conditions.qrn {
            var text = "QRN \(signed(qrn.snrDB)) dB SNR (pink noise, in 500 Hz)"
            if qrn.cracklePerSecond > 0 { text += " with \(qrn.cracklePerSecond.formatted) crashes a second" }
            let width = qrn.receiverFilterWidthHz
            text +=
                width <= ReceiverPassband.widestCWFilterHz
                ? ", through a \(width.formatted) Hz CW filter"
                : ", through a \(width.formatted) Hz receiver filter from \(ReceiverPassband.ssbLowEdgeHz.formatted) Hz"
            parts.append(text)
        }
        if let qsb = conditions.qsb { parts.append("QSB \(qsb.depthDB.formatted) dB deep at \(qsb.rateHz.formatted) Hz") }
        if !conditions.qrm.isEmpty {
            parts.append(
                "QRM: "
                    + conditions.qrm.map { "\(signed($0.offsetHz)) Hz \(signed($0.levelDB)) dB \($0.speedWPM.formatted) WPM" }.joined(separator: ", ")
            )
        }
        return parts.joined(separator: "; ")
    }

    private static func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + value.formatted
    }
}
