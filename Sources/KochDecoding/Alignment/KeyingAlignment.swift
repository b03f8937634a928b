/// Where a known keying (`KnownKeying`: a lesson's own station) lies in a recording of it: the
/// recording's time of the lesson's 0:00, and how fast the recording's clock runs against the
/// lesson's (a phone's sample clock may be 0.3 % off: 48 kHz recorded as 47.9 kHz).
///
/// It is found in two steps. The envelope at the keying's pitch (`ToneEnvelope`) is correlated
/// with the keying at every lag and at rates 0.1 % apart (`MaskedCorrelation`, counting only
/// the keying's spans), and the best kept. Then each span is found on its own near where that
/// puts it, to a fraction of a frame, and a line through the spans found (a span off it by
/// more than `largestResidualSeconds` is left out) gives the offset and the rate.
public struct KeyingAlignment: Sendable, Hashable {
    /// Where the lesson's 0:00 falls, in seconds of the recording (negative when the recording
    /// began after the lesson).
    public let offsetSeconds: Double
    /// Seconds of the recording per second of the lesson.
    public let rate: Double
    /// The correlation of the envelope with the keying over its spans, as aligned.
    public let correlation: Double
    /// The spans found on the line, and how many the keying has.
    public let spansFound: Int
    public let spanCount: Int

    /// The recording's time of a moment of the lesson.
    public func recordingSeconds(_ lessonSeconds: Double) -> Double { offsetSeconds + rate * lessonSeconds }

    /// The lesson's clock on the recording's: where its 0:00 falls and how fast it runs.
    struct Line {
        let offsetSeconds: Double
        let rate: Double

        func recordingSeconds(_ lessonSeconds: Double) -> Double { offsetSeconds + rate * lessonSeconds }
    }

    /// The rates tried in the first step: within 0.4 % of the lesson's, 0.1 % apart.
    static let coarseRates = (-4...4).map { 1 + Double($0) / 1000 }
    /// The rates a line through the spans may give: a phone's clock is not further off.
    static let plausibleRates = 0.995...1.005
    /// Under this correlation over its spans the keying is not in the recording.
    public static let leastCorrelation = 0.35
    /// Under this correlation one span is not taken as found.
    static let leastSpanCorrelation = 0.4
    /// How far from the first step's place each span is looked for.
    static let spanSearchSeconds = 0.3
    /// A span further than this from the line through the others is left out of it.
    static let largestResidualSeconds = 0.05

    /// The keying in `envelope`, or nil when it is not there: the correlation under
    /// `leastCorrelation`, or fewer than half its spans (and fewer than two, where it has more
    /// than one) found on one line.
    public static func find(_ keying: KnownKeying, in envelope: ToneEnvelope) -> KeyingAlignment? {
        guard !keying.spans.isEmpty, let coarse = coarse(keying, in: envelope) else { return nil }
        let found = keying.spans.compactMap { span in
            placed(span, of: keying, in: envelope, near: coarse).map { (lessonSeconds: span.lowerBound, placed: $0) }
        }
        var line = fitted(found, rate: coarse.rate) ?? coarse
        var onLine = found.filter { abs(line.recordingSeconds($0.lessonSeconds) - $0.placed) <= largestResidualSeconds }
        if onLine.count < found.count, let refitted = fitted(onLine, rate: line.rate) {
            line = refitted
            onLine = found.filter { abs(line.recordingSeconds($0.lessonSeconds) - $0.placed) <= largestResidualSeconds }
        }
        let needed = keying.spans.count == 1 ? 1 : max(2, (keying.spans.count + 1) / 2)
        let correlation = Self.correlation(of: keying, spans: keying.spans, in: envelope, offsetSeconds: line.offsetSeconds, rate: line.rate)
        guard onLine.count >= needed, let correlation, correlation >= leastCorrelation else { return nil }
        return KeyingAlignment(
            offsetSeconds: line.offsetSeconds, rate: line.rate, correlation: correlation, spansFound: onLine.count,
            spanCount: keying.spans.count)
    }

    /// The best lag and rate of the first step, nil where no lag overlaps half the spans.
    static func coarse(_ keying: KnownKeying, in envelope: ToneEnvelope) -> Line? {
        let frame = ToneEnvelope.frameSeconds
        let longest = Int((keying.endSeconds + 1) * (coarseRates.last ?? 1) / frame) + 1
        let correlator = MaskedCorrelation(signal: envelope.levels.map(Double.init), longestReference: longest)
        var best: (line: Line, coefficient: Double)?
        for rate in coarseRates {
            let count = Int((keying.endSeconds + KnownKeying.spanMarginSeconds) * rate / frame) + 1
            let (levels, counts) = keying.sampled(at: (0..<count).map { Double($0) * frame / rate })
            let fewest = counts.filter { $0 }.count / 2
            let coefficients = correlator.coefficients(reference: levels, counts: counts, fewestFrames: fewest)
            for (index, coefficient) in coefficients.enumerated() {
                guard let coefficient, coefficient > best?.coefficient ?? -1 else { continue }
                best = (Line(offsetSeconds: Double(index - (count - 1)) * frame, rate: rate), coefficient)
            }
        }
        return best?.line
    }

    /// Where `span` lies in the recording (the recording's time of its start), looked for within
    /// `spanSearchSeconds` of where `near` puts it; nil when it correlates under `leastSpanCorrelation`.
    static func placed(
        _ span: ClosedRange<Double>, of keying: KnownKeying, in envelope: ToneEnvelope, near: Line
    ) -> Double? {
        let frame = ToneEnvelope.frameSeconds
        let steps = Int((spanSearchSeconds / frame).rounded())
        let shifts = (-steps...steps).map { Double($0) * frame }
        let coefficients = shifts.map {
            correlation(of: keying, spans: [span], in: envelope, offsetSeconds: near.offsetSeconds + $0, rate: near.rate) ?? -1
        }
        guard let best = coefficients.indices.max(by: { coefficients[$0] < coefficients[$1] }),
            coefficients[best] >= leastSpanCorrelation
        else { return nil }
        // The peak between frames, from the parabola through it and its neighbours.
        var shift = shifts[best]
        if best > 0, best + 1 < coefficients.count {
            let (left, centre, right) = (coefficients[best - 1], coefficients[best], coefficients[best + 1])
            let curvature = left - 2 * centre + right
            if curvature < 0 { shift += frame * 0.5 * (left - right) / curvature }
        }
        return near.offsetSeconds + shift + near.rate * span.lowerBound
    }

    /// The least-squares line through the spans' places, nil for fewer than two (for one, the
    /// offset at `rate`).
    static func fitted(_ found: [(lessonSeconds: Double, placed: Double)], rate: Double) -> Line? {
        guard let first = found.first else { return nil }
        guard found.count >= 2 else { return Line(offsetSeconds: first.placed - rate * first.lessonSeconds, rate: rate) }
        let n = Double(found.count)
        let meanX = found.map(\.lessonSeconds).reduce(0, +) / n
        let meanY = found.map(\.placed).reduce(0, +) / n
        let sxx = found.reduce(0) { $0 + ($1.lessonSeconds - meanX) * ($1.lessonSeconds - meanX) }
        let sxy = found.reduce(0) { $0 + ($1.lessonSeconds - meanX) * ($1.placed - meanY) }
        guard sxx > 0 else { return Line(offsetSeconds: meanY - rate * meanX, rate: rate) }
        let slope = sxy / sxx
        // A line through spans close together can tilt far: a rate outside the first step's is not taken.
        guard plausibleRates.contains(slope) else { return Line(offsetSeconds: meanY - rate * meanX, rate: rate) }
        return Line(offsetSeconds: meanY - slope * meanX, rate: slope)
    }

    /// The correlation of the envelope with the keying over `spans`, with the lesson's 0:00 at
    /// `offsetSeconds` of the recording and its clock at `rate`; nil where too little of them is recorded.
    static func correlation(
        of keying: KnownKeying, spans: [ClosedRange<Double>], in envelope: ToneEnvelope, offsetSeconds: Double, rate: Double
    ) -> Double? {
        let frame = ToneEnvelope.frameSeconds
        var times: [Double] = []
        for span in spans {
            let compared = KnownKeying.compared(span)
            times += stride(from: compared.lowerBound, through: compared.upperBound, by: frame).map { $0 }
        }
        let (levels, _) = keying.sampled(at: times)
        var pairs: [(Double, Double)] = []
        for (time, level) in zip(times, levels) {
            let position = (offsetSeconds + rate * time) / frame
            let index = Int(position.rounded(.down))
            guard index >= 0, index + 1 < envelope.levels.count else { continue }
            let fraction = position - Double(index)
            let value = Double(envelope.levels[index]) * (1 - fraction) + Double(envelope.levels[index + 1]) * fraction
            pairs.append((level, value))
        }
        guard pairs.count >= max(2, times.count / 2) else { return nil }
        return pearson(pairs)
    }

    static func pearson(_ pairs: [(Double, Double)]) -> Double? {
        let n = Double(pairs.count)
        let meanX = pairs.reduce(0) { $0 + $1.0 } / n
        let meanY = pairs.reduce(0) { $0 + $1.1 } / n
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for (x, y) in pairs {
            sxy += (x - meanX) * (y - meanY)
            sxx += (x - meanX) * (x - meanX)
            syy += (y - meanY) * (y - meanY)
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }
}
