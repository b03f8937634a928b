import Foundation
import KochCore

/// How long marks and spaces are expected to last, in envelope samples, as
/// the segmenter's duration prior (`MarkSpaceSegmenter.setDurationPrior`).
///
/// Marks last about a dit or a dah, spaces about a dit inside a character
/// and longer between characters: each class is log-normal around the
/// timing model's centre with the model's spread (human timing scatters in
/// proportion to length), and a duration's cost is minus the log of the
/// mixture, less its smallest value, capped so that strong evidence still
/// wins. Past the longest centre the cost stays flat: a long pause or a long
/// mark costs no more than that.
struct SegmentDurationPrior: Sendable {
    let mark: [Double]
    let space: [Double]

    init(model: TimingModel, rate: Double, weight: Double = Self.weight, capNats: Double = Self.capNats) {
        let markSpread = max(model.markSpread, Self.smallestSpread)
        let gapSpread = max(model.gapSpread, Self.smallestSpread)
        mark = Self.costs(
            centres: [(model.ditLog, 0.5), (model.dahLog, 0.5)], spread: markSpread, rate: rate,
            lengthSamples: Int(exp(model.dahLog) * rate), weight: weight, capNats: capNats)
        space = Self.costs(
            centres: [(model.intraCharacterLog, 0.6), (model.characterLog, 0.4)], spread: gapSpread, rate: rate,
            lengthSamples: Int(exp(model.characterLog) * rate), weight: weight, capNats: capNats)
    }

    /// Scale of the prior against the evidence of the samples.
    static let weight = 1.0
    static let capNats = 4.0
    /// Noise widens the measured spread; the prior must not be sharper than the durations it sees.
    static let smallestSpread = 0.2

    private static func costs(
        centres: [(log: Double, share: Double)], spread: Double, rate: Double, lengthSamples: Int, weight: Double, capNats: Double
    ) -> [Double] {
        let length = max(1, min(lengthSamples, Int(rate * 4)))
        var costs = (1...length).map { samples -> Double in
            let x = log(Double(samples) / rate)
            let density = centres.reduce(0.0) { sum, centre in
                let d = (x - centre.log) / spread
                return sum + centre.share * exp(-0.5 * d * d)
            }
            return -log(max(density, 1e-300))
        }
        let smallest = costs.min() ?? 0
        for index in costs.indices { costs[index] = weight * min(capNats, costs[index] - smallest) }
        return costs
    }
}
