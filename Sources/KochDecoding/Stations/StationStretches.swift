/// The stretches of a recording in which one station sends, spliced one after another into a
/// recording of their own, and the way back from its times to the recording's.
///
/// Each span keeps a margin of the recording around it (`marginSeconds`), so that the decoder
/// hears the quiet before the first mark and after the last, but never reaches into a span of
/// a station it cannot shut out by pitch (`keepingOut`). Each piece fades in and out over
/// `fadeSeconds`, so that a join makes no click.
struct StationStretches {
    /// One piece: where it lies in the recording and in the spliced recording, in samples.
    struct Piece: Hashable {
        let recordingSamples: Range<Int>
        let splicedStart: Int
    }

    let pieces: [Piece]
    let channels: [[Float]]
    let sampleRate: Int

    static let marginSeconds = 0.4
    static let fadeSeconds = 0.005

    init(channels recording: [[Float]], sampleRate: Int, spansSeconds: [ClosedRange<Double>], keepingOut others: [ClosedRange<Double>]) {
        self.sampleRate = sampleRate
        let length = recording.map(\.count).min() ?? 0
        let rate = Double(sampleRate)
        var ranges: [Range<Int>] = []
        for span in spansSeconds.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            var from = span.lowerBound - Self.marginSeconds, to = span.upperBound + Self.marginSeconds
            for other in others {
                if other.upperBound <= span.lowerBound { from = max(from, other.upperBound) }
                if other.lowerBound >= span.upperBound { to = min(to, other.lowerBound) }
            }
            let range = max(0, Int(from * rate))..<min(length, Int(to * rate))
            guard !range.isEmpty else { continue }
            if let last = ranges.last, last.upperBound >= range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        var pieces: [Piece] = []
        var spliced = Array(repeating: [Float](), count: recording.count)
        let fade = max(1, Int(Self.fadeSeconds * rate))
        for range in ranges {
            pieces.append(Piece(recordingSamples: range, splicedStart: spliced[0].count))
            for channel in recording.indices {
                var piece = Array(recording[channel][range])
                for index in 0..<min(fade, piece.count) {
                    let gain = Float(index) / Float(fade)
                    piece[index] *= gain
                    piece[piece.count - 1 - index] *= gain
                }
                spliced[channel] += piece
            }
        }
        self.pieces = pieces
        channels = spliced
    }

    /// Which piece a moment of the spliced recording lies in (the last that starts before it).
    func pieceIndex(splicedSeconds: Double) -> Int {
        let sample = Int(splicedSeconds * Double(sampleRate))
        return pieces.lastIndex { $0.splicedStart <= sample } ?? 0
    }

    /// A moment of the spliced recording, in seconds into the recording.
    func recordingSeconds(splicedSeconds: Double, piece: Int) -> Double {
        let shift = pieces[piece].recordingSamples.lowerBound - pieces[piece].splicedStart
        return splicedSeconds + Double(shift) / Double(sampleRate)
    }

    /// Where a piece lies in the recording, in seconds.
    func recordingSeconds(of piece: Int) -> ClosedRange<Double> {
        let samples = pieces[piece].recordingSamples
        return Double(samples.lowerBound) / Double(sampleRate)...Double(samples.upperBound) / Double(sampleRate)
    }
}
