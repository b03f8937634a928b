import Foundation

/// One plain sentence of advice on a fist, and how much it matters.
///
/// Every figure the report prints has a tolerance, and each one outside it
/// gets a sentence; a fist with every figure inside gets none ("Nothing to
/// fix"). The tolerances (docs/send-practice.md lists them):
///
/// | figure | inside |
/// |---|---|
/// | character speed | within a factor of 1.15 of the exercise's (17.4 to 23 WPM for 20) |
/// | dahs | 2.5 to 3.75 dits |
/// | gaps inside characters | 0.625 to 1.5 dits |
/// | gaps between characters | 2.4 dits to 1.6 times the longest allowed (3, or the exercise's Farnsworth gap) |
/// | gaps between words | 5.4 dits to 1.8 times the longest allowed (7, or the exercise's Farnsworth gap) |
/// | evenness of dits, dahs and gaps between characters | varying by `evenVariationPercent` or less, as printed |
/// | ambiguous places | none |
///
/// The overall pace has no tolerance of its own: it follows from the gaps.
/// Severity is how far outside, on a log scale, in units of the tolerance,
/// times a weight for what the fault does to a listener (letters run
/// together cost more than long word gaps); it orders the sentences, most
/// severe first.
public struct FistAdvice: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case shortDahs, longDahs
        case longIntraCharacterGaps, shortIntraCharacterGaps
        case crowdedCharacters, spreadCharacters
        case crowdedWords, spreadWords
        case unevenTiming
        case ambiguousTiming
        case slow, fast
    }

    public let kind: Kind
    public let severity: Double
    public let sentence: String

    public init(kind: Kind, severity: Double, sentence: String) {
        self.kind = kind
        self.severity = severity
        self.sentence = sentence
    }

    /// Dits, dahs or gaps between characters varying by more than this (in whole per cent, as
    /// printed) are uneven, as a good hand-keyed fist is not. The one threshold of evenness:
    /// the advice and the report's steadiness line use it, and docs/send-practice.md quotes it.
    public static let evenVariationPercent = 10.0
    /// The share of the marks and gaps ambiguous at which the advice on them weighs as much as
    /// a figure just outside its tolerance; fewer still get the advice, less weighty.
    public static let ambiguousWeightPercent = 3.0
    /// The character speed may be off the exercise's by this factor either way.
    public static let speedTolerance = 1.15

    /// The advice a fist's figures call for (one keying's, or a week's combined), most important
    /// first. Each figure is judged as the report prints it (lengths and speeds to 0.1, variations in whole percent), so that the
    /// advice follows from what the learner reads.
    public static func advice(for report: some FistFigures) -> [FistAdvice] {
        var candidates = shape(of: report)
        candidates += evenness(of: report)
        candidates += ambiguity(of: report)
        let asked = report.targets.characterSpeedWPM
        let speedWPM = printed(report.speedWPM)
        let keyed = FistNumber.text(speedWPM)
        candidates += [
            outside(
                .slow, below(speedWPM, asked, tolerance: speedTolerance), weight: 0.5,
                "You keyed at \(keyed) WPM; the exercise asks for \(FistNumber.text(asked)). Speed up once your timing is even."),
            outside(
                .fast, above(speedWPM, asked, tolerance: speedTolerance), weight: 0.6,
                "You keyed at \(keyed) WPM, faster than the \(FistNumber.text(asked)) the exercise asks for: slow down until your timing is even."),
        ].compactMap { $0 }
        return candidates.sorted { ($0.severity, $1.kind.rawValue) > ($1.severity, $0.kind.rawValue) }
    }

    /// The dahs and the gaps against their standard lengths.
    private static func shape(of report: some FistFigures) -> [FistAdvice] {
        let targets = report.targets
        let farnsworth = targets.farnsworthCharacterGapDits != nil
        func n(_ value: Double) -> String { FistNumber.text(value) }
        var found: [FistAdvice?] = []
        if !report.marksAreTheKeyers, let ratio = report.dahToDitRatio.map(printed) {
            let target = targets.dahToDitRatio
            found.append(
                outside(
                    .shortDahs, below(ratio, target, tolerance: 1.2), weight: 1.0, "Your dahs are short: \(n(ratio)) dits instead of \(n(target))."))
            found.append(
                outside(
                    .longDahs, above(ratio, target, tolerance: 1.25), weight: 0.9, "Your dahs are long: \(n(ratio)) dits instead of \(n(target))."))
        }
        if let intra = report.intraCharacterGaps.map({ printed($0.meanDits) }) {
            let target = targets.intraCharacterGapDits
            found.append(
                outside(
                    .longIntraCharacterGaps, above(intra, target, tolerance: 1.5), weight: 1.0,
                    "Close up the gaps inside characters: \(n(intra)) dits instead of \(n(target)), or a character can fall apart in two."))
            found.append(
                outside(
                    .shortIntraCharacterGaps, below(intra, target, tolerance: 1.6), weight: 0.6,
                    "The gaps inside your characters are short: \(n(intra)) dits instead of \(n(target)); let each element ring out."))
        }
        if let gap = report.characterGaps.map({ printed($0.meanDits) }) {
            let note =
                farnsworth ? " (up to \(n(targets.longestCharacterGapDits)) for this exercise's \(n(targets.effectiveSpeedWPM)) WPM spacing)" : ""
            found.append(
                outside(
                    .crowdedCharacters, below(gap, targets.characterGapDits, tolerance: 1.25), weight: 1.2,
                    "Leave more space between characters: \(n(gap)) dits instead of \(n(targets.characterGapDits))\(note)."))
            found.append(
                outside(
                    .spreadCharacters, above(gap, targets.longestCharacterGapDits, tolerance: 1.6), weight: 0.6,
                    "Your characters are far apart: \(n(gap)) dits instead of \(n(targets.longestCharacterGapDits)); keep a group's characters together."
                ))
        }
        if let gap = report.wordGaps.map({ printed($0.meanDits) }) {
            let note = farnsworth ? " (up to \(n(targets.longestWordGapDits)) for this exercise's \(n(targets.effectiveSpeedWPM)) WPM spacing)" : ""
            found.append(
                outside(
                    .crowdedWords, below(gap, targets.wordGapDits, tolerance: 1.3), weight: 1.0,
                    "Leave more space between words: \(n(gap)) dits instead of \(n(targets.wordGapDits))\(note)."))
            found.append(
                outside(
                    .spreadWords, above(gap, targets.longestWordGapDits, tolerance: 1.8), weight: 0.4,
                    "Your gaps between words are long: \(n(gap)) dits instead of \(n(targets.longestWordGapDits))."))
        }
        return found.compactMap { $0 }
    }

    /// The dits, dahs (unless a keyer made them) and gaps between characters that vary by more than
    /// `evenVariationPercent`, in one sentence.
    private static func evenness(of report: some FistFigures) -> [FistAdvice] {
        let marks: [(String, Double?)] =
            report.marksAreTheKeyers ? [] : [("your dits", report.dits.variationPercent), ("your dahs", report.dahs?.variationPercent)]
        let figures = marks + [("the gaps between your characters", report.characterGaps?.variationPercent)]
        let uneven = figures.compactMap { name, percent in percent.flatMap { $0.rounded() > evenVariationPercent ? (name, $0) : nil } }
        guard let worst = uneven.map(\.1).max() else { return [] }
        let parts = uneven.enumerated().map { index, figure in
            "\(figure.0) \(index == 0 ? "vary by " : "by ")\(FistNumber.whole(figure.1)) %"
        }
        let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1] : parts[0]
        let sentence = "Keep your rhythm even: \(list) (even is \(FistNumber.whole(evenVariationPercent)) % or less)."
        // As the ambiguity's: each doubling past the threshold counts one more, so that unevenness stays behind crowding.
        let severity = 0.7 * (1 + log2(worst / evenVariationPercent))
        return [FistAdvice(kind: .unevenTiming, severity: FistNumber.rounded(severity, places: 2), sentence: sentence)]
    }

    /// Places where a listener had to guess, whenever there is one: a fist with any has something to fix.
    private static func ambiguity(of report: some FistFigures) -> [FistAdvice] {
        let measured = [report.dits, report.dahs, report.intraCharacterGaps, report.characterGaps, report.wordGaps].compactMap { $0?.count }
            .reduce(0, +)
        let count = report.ambiguousCount
        guard measured > 0, count > 0 else { return [] }
        let percent = 100 * Double(count) / Double(measured)
        let sentence =
            "\(count) of your \(measured) marks and gaps could be read two ways: make each dah clearly a dah and each gap clearly one length or the other."
        // A symptom of uneven timing more than a fault of its own: each doubling past the weighty share counts one more.
        let severity = 0.6 * max(1, 1 + log2(percent / ambiguousWeightPercent))
        return [FistAdvice(kind: .ambiguousTiming, severity: FistNumber.rounded(severity, places: 2), sentence: sentence)]
    }

    /// A length as the report prints it, to 0.1.
    private static func printed(_ value: Double) -> Double { FistNumber.rounded(value, places: 1) }

    /// Advice of `kind` when `tolerances` (how far outside, in tolerances) is beyond 1, ranked by `weight`.
    private static func outside(_ kind: Kind, _ tolerances: Double, weight: Double, _ sentence: String) -> FistAdvice? {
        tolerances > 1 ? FistAdvice(kind: kind, severity: FistNumber.rounded(weight * tolerances, places: 2), sentence: sentence) : nil
    }

    /// How far `value` lies below `target`, in tolerances on a log scale (1 at `target / tolerance`); 0 when not below.
    static func below(_ value: Double, _ target: Double, tolerance: Double) -> Double {
        guard value > 0, target > 0, value < target else { return 0 }
        return log(target / value) / log(tolerance)
    }

    /// How far `value` lies above `target`, in tolerances (1 at `target * tolerance`); 0 when not above.
    static func above(_ value: Double, _ target: Double, tolerance: Double) -> Double {
        guard value > 0, target > 0, value > target else { return 0 }
        return log(value / target) / log(tolerance)
    }
}
