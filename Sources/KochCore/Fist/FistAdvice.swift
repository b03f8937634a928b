import Foundation

/// One plain sentence of advice on a fist, and how much it matters.
///
/// Each figure has a tolerance: a factor it may be off by before it is
/// worth a word (a dah/dit ratio of 2.5 to 3.6 reads fine). Severity is
/// how far outside, on a log scale, in units of that tolerance, times a
/// weight for what the fault does to a listener: gaps between characters
/// that are too short run letters together, which costs more than word
/// gaps that are too long. Advice is given from severity 1 up, most severe
/// first, and no more than two sentences, so the learner has one or two
/// things to work on, not a list.
public struct FistAdvice: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case shortDahs, longDahs
        case longIntraCharacterGaps, shortIntraCharacterGaps
        case crowdedCharacters, spreadCharacters
        case crowdedWords, spreadWords
        case unevenTiming
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

    /// Most sentences of advice given at once.
    public static let maximumCount = 2

    /// Variation above which dits or dahs are uneven enough to mention (severity 1).
    public static let unevenVariationPercent = 20.0

    /// The advice a fist's figures call for, most important first.
    public static func advice(for report: FistReport) -> [FistAdvice] {
        var candidates: [FistAdvice] = []
        let targets = report.targets
        let farnsworth = targets.farnsworthCharacterGapDits != nil
        func n(_ value: Double) -> String { FistNumber.text(value) }
        func add(_ kind: Kind, _ severity: Double, _ sentence: String) {
            if severity >= 1 { candidates.append(FistAdvice(kind: kind, severity: FistNumber.rounded(severity, places: 2), sentence: sentence)) }
        }

        if let ratio = report.dahToDitRatio {
            let target = targets.dahToDitRatio
            add(
                .shortDahs, below(ratio, target, tolerance: 1.2, weight: 1.0),
                "Your dahs are short: \(n(ratio)) dits instead of \(n(target)).")
            add(
                .longDahs, above(ratio, target, tolerance: 1.25, weight: 0.9),
                "Your dahs are long: \(n(ratio)) dits instead of \(n(target)).")
        }
        if let intra = report.intraCharacterGaps?.meanDits {
            let target = targets.intraCharacterGapDits
            add(
                .longIntraCharacterGaps, above(intra, target, tolerance: 1.5, weight: 1.0),
                "Close up the gaps inside characters: \(n(intra)) dits instead of \(n(target)), or a character can fall apart in two.")
            add(
                .shortIntraCharacterGaps, below(intra, target, tolerance: 1.6, weight: 0.6),
                "The gaps inside your characters are short: \(n(intra)) dits instead of \(n(target)); let each element ring out.")
        }
        if let gap = report.characterGaps?.meanDits {
            let note =
                farnsworth ? " (up to \(n(targets.longestCharacterGapDits)) for this exercise's \(n(targets.effectiveSpeedWPM)) WPM spacing)" : ""
            add(
                .crowdedCharacters, below(gap, targets.characterGapDits, tolerance: 1.25, weight: 1.2),
                "Leave more space between characters: \(n(gap)) dits instead of \(n(targets.characterGapDits))\(note).")
            add(
                .spreadCharacters, above(gap, targets.longestCharacterGapDits, tolerance: 1.6, weight: 0.6),
                "Your characters are far apart: \(n(gap)) dits instead of \(n(targets.longestCharacterGapDits)); keep a group's characters together.")
        }
        if let gap = report.wordGaps?.meanDits {
            let note = farnsworth ? " (up to \(n(targets.longestWordGapDits)) for this exercise's \(n(targets.effectiveSpeedWPM)) WPM spacing)" : ""
            add(
                .crowdedWords, below(gap, targets.wordGapDits, tolerance: 1.3, weight: 1.0),
                "Leave more space between words: \(n(gap)) dits instead of \(n(targets.wordGapDits))\(note).")
            add(
                .spreadWords, above(gap, targets.longestWordGapDits, tolerance: 1.8, weight: 0.4),
                "Your gaps between words are long: \(n(gap)) dits instead of \(n(targets.longestWordGapDits)).")
        }
        let dits = report.dits.variationPercent ?? 0
        let dahs = report.dahs?.variationPercent ?? 0
        let worst = max(dits, dahs)
        let uneven: String
        if dits >= unevenVariationPercent, dahs >= unevenVariationPercent {
            uneven = "Keep your rhythm even: your dits vary by \(FistNumber.whole(dits)) % and your dahs by \(FistNumber.whole(dahs)) %."
        } else if dits >= dahs {
            uneven = "Keep your dits even: they vary by \(FistNumber.whole(dits)) %."
        } else {
            uneven = "Keep your dahs even: they vary by \(FistNumber.whole(dahs)) %."
        }
        add(.unevenTiming, 0.9 * worst / unevenVariationPercent, uneven)

        let asked = targets.characterSpeedWPM
        add(
            .slow, below(report.speedWPM, asked, tolerance: 1.3, weight: 0.5),
            "You keyed at \(FistNumber.whole(report.speedWPM)) WPM; the exercise asks for \(n(asked)). Speed up once your timing is even.")
        add(
            .fast, above(report.speedWPM, asked, tolerance: 1.2, weight: 0.6),
            "You keyed at \(FistNumber.whole(report.speedWPM)) WPM, faster than the \(n(asked)) the exercise asks for: slow down until your timing is even."
        )

        let ranked = candidates.sorted { ($0.severity, $1.kind.rawValue) > ($1.severity, $0.kind.rawValue) }
        return Array(ranked.prefix(maximumCount))
    }

    /// How far `value` lies below `target / tolerance`, in tolerances, times `weight`; 0 inside.
    static func below(_ value: Double, _ target: Double, tolerance: Double, weight: Double) -> Double {
        guard value > 0, target > 0, value < target else { return 0 }
        return weight * log(target / value) / log(tolerance)
    }

    static func above(_ value: Double, _ target: Double, tolerance: Double, weight: Double) -> Double {
        guard value > 0, target > 0, value > target else { return 0 }
        return weight * log(value / target) / log(tolerance)
    }
}
