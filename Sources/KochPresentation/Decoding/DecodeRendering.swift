import Foundation
import KochCore
import KochDecoding

/// The JSON report and the SVG plot of a decode (`koch decode --json`, `--plot`): text made
/// from a `DecodeResult`, for the command line or anything else that shows a decode.
public enum DecodeRendering {
    private struct Report: Encodable {
        struct Gaps: Encodable {
            let intraCharacter: Double?
            let character: Double?
            let word: Double?
        }
        struct Spread: Encodable {
            let count: Int
            let meanSeconds: Double?
            let standardDeviationSeconds: Double?
        }
        struct Mark: Encodable {
            let element: String
            let startSeconds: Double
            let durationSeconds: Double
        }
        struct Space: Encodable {
            let gap: String
            let startSeconds: Double
            let durationSeconds: Double
        }
        struct Track: Encodable {
            let firstHz: Double
            let lastHz: Double
            let lowestHz: Double
            let highestHz: Double
        }
        struct Candidate: Encodable {
            let frequencyHz: Double
            let keyednessDB: Double
            let tonality: Double
            let scoreDB: Double
            /// "decoded", "keyed" (another keyed tone) or "unsteady" (talk or music, passed over).
            let status: String
        }
        struct Character: Encodable {
            let text: String
            let pattern: String
            let startSeconds: Double
            let endSeconds: Double
            let ambiguous: Bool
        }
        let file: String
        let text: String
        let nothingToDecode: String?
        let toneHz: Double?
        let otherTonesHz: [Double]
        let toneCandidates: [Candidate]
        /// Tones that sound without a break (carriers), shut out of the decode.
        let steadyTonesHz: [Double]
        /// Where the tone drifted, when it was followed.
        let toneTrack: Track?
        /// Why the decode is doubtful as a reading of keying (empty when it is not).
        let implausible: [String]
        let channelWeights: [Double]
        let speedWPM: Double?
        let ditSeconds: Double?
        let dahDitRatio: Double?
        let gapsInDits: Gaps
        let snrDB: Double?
        let dits: Spread
        let dahs: Spread
        let intraCharacterGaps: Spread
        let characterGaps: Spread
        let wordGaps: Spread
        let stuckKeys: [StuckKey]
        let offPitchMarks: Int
        /// Whether a room's echo trailing the marks was taken out before they were read.
        let roomEchoTakenOut: Bool
        /// Whether a room's echo was heard after the first marks (taken out or not).
        let roomEchoHeard: Bool
        /// Whether the keying was read from the moments the key went down and up, past a room's echo.
        let readFromKeySteps: Bool
        /// Whether the keying was read through a filter learned to undo the room's echo.
        let roomEchoEqualized: Bool
        /// Whether the keying was read along the tone's own phase, past talk or music at its pitch.
        let readAlongTonePhase: Bool
        /// Whether the tone's pitch wavered as a voice's does, and was read because its marks keep a fist's timing.
        let toneWavered: Bool
        let characters: [Character]
        let elements: [Mark]
        let gaps: [Space]
    }

    private static func candidates(_ result: DecodeResult) -> [Report.Candidate] {
        let search = result.toneSearch
        let keyed = ([search.best].compactMap { $0 } + search.others).map { ($0, $0 == search.best && !result.toneWasGiven ? "decoded" : "keyed") }
        return (keyed + search.unsteady.map { ($0, "unsteady") }).map { candidate, status in
            Report.Candidate(
                frequencyHz: (candidate.frequencyHz * 10).rounded() / 10, keyednessDB: (candidate.keyednessDB * 10).rounded() / 10,
                tonality: (candidate.tonality * 100).rounded() / 100, scoreDB: (candidate.scoreDB * 10).rounded() / 10, status: status)
        }
    }

    public static func json(_ result: DecodeResult, file: String) -> String {
        let statistics = result.statistics
        func spread(_ s: DurationStatistics) -> Report.Spread {
            Report.Spread(count: s.count, meanSeconds: s.meanSeconds.map(rounded), standardDeviationSeconds: s.standardDeviationSeconds.map(rounded))
        }
        let report = Report(
            file: file, text: result.text, nothingToDecode: result.nothingToDecode?.description,
            toneHz: result.toneHz.map { ($0 * 10).rounded() / 10 },
            otherTonesHz: result.otherTones.map { ($0.frequencyHz * 10).rounded() / 10 },
            toneCandidates: candidates(result),
            steadyTonesHz: result.toneSearch.steadyTonesHz.map { ($0 * 10).rounded() / 10 },
            toneTrack: result.toneWasGiven
                ? nil
                : result.toneSearch.track.map { track in
                    let hz = track.frequenciesHz.map { ($0 * 10).rounded() / 10 }
                    return Report.Track(firstHz: hz.first ?? 0, lastHz: hz.last ?? 0, lowestHz: hz.min() ?? 0, highestHz: hz.max() ?? 0)
                },
            implausible: result.doubts.map(\.description),
            channelWeights: result.channelWeights.map(rounded),
            speedWPM: statistics.speedWPM.map { ($0 * 10).rounded() / 10 },
            ditSeconds: statistics.ditSeconds.map(rounded),
            dahDitRatio: statistics.dahToDitRatio.map { ($0 * 100).rounded() / 100 },
            gapsInDits: Report.Gaps(
                intraCharacter: statistics.lengthInDits(.intraCharacter).map { ($0 * 100).rounded() / 100 },
                character: statistics.lengthInDits(.character).map { ($0 * 100).rounded() / 100 },
                word: statistics.lengthInDits(.word).map { ($0 * 100).rounded() / 100 }),
            snrDB: result.signalToNoiseDB.map { ($0 * 10).rounded() / 10 },
            dits: spread(statistics.dits), dahs: spread(statistics.dahs),
            intraCharacterGaps: spread(statistics.intraCharacterGaps),
            characterGaps: spread(statistics.characterGaps), wordGaps: spread(statistics.wordGaps),
            stuckKeys: result.output.stuckKeys,
            offPitchMarks: result.output.offPitchMarks,
            roomEchoTakenOut: result.roomEchoTakenOut,
            roomEchoHeard: result.roomEchoHeard,
            readFromKeySteps: result.readFromKeySteps,
            roomEchoEqualized: result.roomEchoEqualized,
            readAlongTonePhase: result.readAlongTonePhase,
            toneWavered: result.toneWavered,
            characters: result.output.characters.map {
                Report.Character(
                    text: $0.text, pattern: String($0.elements.map(\.rawValue)),
                    startSeconds: rounded($0.startSeconds), endSeconds: rounded($0.endSeconds), ambiguous: $0.isAmbiguous)
            },
            elements: result.output.elements.map {
                Report.Mark(
                    element: $0.element == .dit ? "dit" : "dah", startSeconds: rounded($0.startSeconds), durationSeconds: rounded($0.durationSeconds))
            },
            gaps: result.output.gaps.map {
                Report.Space(gap: $0.gap.rawValue, startSeconds: rounded($0.startSeconds), durationSeconds: rounded($0.durationSeconds))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func rounded(_ value: Double) -> Double { (value * 10000).rounded() / 10000 }

    /// How many seconds a plot shows unless asked for another span.
    public static let defaultSpanSeconds: Double = PlotStretch.defaultSpanSeconds

    /// The stretch of the envelope a decode keeps for a plot (`PlotStretch.traceRange`).
    public static func traceRange(fromSeconds: Double?, spanSeconds: Double = defaultSpanSeconds) -> ClosedRange<Double> {
        PlotStretch.traceRange(fromSeconds: fromSeconds, spanSeconds: spanSeconds)
    }

    /// `spanSeconds` from `fromSeconds` (by default from just before the first character): the
    /// envelope, the threshold, the marks as decoded and their letters. The stretch is widened
    /// to the end of the last character that begins in it, so that no letter is cut in two.
    public static func svg(_ result: DecodeResult, fromSeconds: Double? = nil, spanSeconds: Double = defaultSpanSeconds) -> String {
        let start = max(0, fromSeconds ?? (result.output.characters.first?.startSeconds ?? 0) - 0.3)
        let lastInside = result.output.characters.filter { $0.startSeconds >= start && $0.startSeconds < start + spanSeconds }.last
        let end = max(start + spanSeconds, (lastInside?.endSeconds ?? 0) + 0.1)
        let spanSeconds = end - start
        let points = result.trace.filter { $0.timeSeconds >= start && $0.timeSeconds <= end }
        let width = 1200.0, height = 360.0, top = 30.0, plotHeight = 220.0
        let peak = max(points.map(\.envelope).max() ?? 1, 1e-9) * 1.1
        func x(_ t: Double) -> Double { (t - start) / spanSeconds * width }
        func y(_ v: Double) -> Double { top + plotHeight - min(v, peak) / peak * plotHeight }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="14">
            <rect width="100%" height="100%" fill="white"/>
            <text x="8" y="18">\(escape(plotTitle(result, start: start, end: end)))</text>

            """
        let step = max(1, points.count / 2400)
        let envelope = stride(from: 0, to: points.count, by: step).map { "\(f(x(points[$0].timeSeconds))),\(f(y(points[$0].envelope)))" }
        svg += "<polyline fill=\"none\" stroke=\"#3465a4\" stroke-width=\"1\" points=\"\(envelope.joined(separator: " "))\"/>\n"
        let threshold = stride(from: 0, to: points.count, by: step).compactMap { index -> String? in
            let point = points[index]
            return point.threshold.isFinite ? "\(f(x(point.timeSeconds))),\(f(y(point.threshold)))" : nil
        }
        svg +=
            "<polyline fill=\"none\" stroke=\"#cc0000\" stroke-dasharray=\"4 3\" stroke-width=\"1\" points=\"\(threshold.joined(separator: " "))\"/>\n"
        let barTop = top + plotHeight + 20
        for element in result.output.elements where element.startSeconds < end && element.startSeconds + element.durationSeconds > start {
            let left = x(max(start, element.startSeconds)), right = x(min(end, element.startSeconds + element.durationSeconds))
            let color = element.element == .dit ? "#4e9a06" : "#ce5c00"
            svg += "<rect x=\"\(f(left))\" y=\"\(f(barTop))\" width=\"\(f(max(1, right - left)))\" height=\"14\" fill=\"\(color)\"/>\n"
        }
        for character in result.output.characters where character.startSeconds >= start && character.startSeconds < end {
            let centre = x((character.startSeconds + min(end, character.endSeconds)) / 2)
            let color = character.isAmbiguous ? "#a40000" : "black"
            svg += "<text x=\"\(f(centre))\" y=\"\(f(barTop + 40))\" text-anchor=\"middle\" fill=\"\(color)\">\(escape(character.text))</text>\n"
        }
        for second in Int(start.rounded(.up))...Int(end) {
            svg += "<text x=\"\(f(x(Double(second))))\" y=\"\(f(height - 8))\" font-size=\"11\" fill=\"#555\">\(second) s</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    private static func plotTitle(_ result: DecodeResult, start: Double, end: Double) -> String {
        var parts = ["envelope (blue), threshold (red, dashed), dits (green), dahs (orange), letters (dark red: timing ambiguous)"]
        if let tone = result.toneHz { parts.append("\(Int(tone.rounded())) Hz") }
        if let speed = result.statistics.speedWPM { parts.append(String(format: "%.1f WPM", speed)) }
        parts.append(String(format: "%.1f–%.1f s", start, end))
        return parts.joined(separator: " · ")
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
