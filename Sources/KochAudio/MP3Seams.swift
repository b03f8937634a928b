/// Where a recording can be cut so that its parts, encoded to MP3 on
/// separate cores and joined, decode to exactly the original samples.
///
/// A LAME stream decodes to `delay` samples of lead-in, the part, and
/// `padding` samples up to the end of its last frame, where
/// padding = f − ((n + delay) mod f), plus f when that is under 576 (f is
/// the frame size). The info frame tells a player to drop the first
/// stream's lead-in and the last stream's padding; at each seam the
/// previous part's padding and the next part's lead-in remain. So each
/// seam is placed in digital silence, and the next part starts that many
/// samples later: the silence they replace is what they decode to.
struct MP3Seams: Equatable {
    /// The samples each part encodes, in order; together with the skipped
    /// silences they cover the whole recording.
    let parts: [Range<Int>]
    /// The padding LAME will add to each part, as the formula predicts.
    let predictedPaddings: [Int]

    static func padding(samples: Int, delay: Int, frameSize: Int) -> Int {
        let padding = frameSize - (samples + delay) % frameSize
        return padding < 576 ? padding + frameSize : padding
    }

    /// Up to `count` parts of about equal length, cut in silences long enough
    /// for a seam; fewer when the recording has no such silence.
    static func plan(_ samples: UnsafeBufferPointer<Float>, count: Int, delay: Int, frameSize: Int) -> MP3Seams {
        // A seam skips at most a frame plus 575 of padding and the lead-in, and
        // keeps a frame of silence either side so no audio shares a frame with it.
        let largestSkip = frameSize + 575 + delay
        let neededSilence = largestSkip + 2 * frameSize
        var parts: [Range<Int>] = []
        var paddings: [Int] = []
        var start = 0
        for index in 1..<max(count, 1) {
            let target = samples.count * index / count
            guard target > start, let silence = silence(in: samples, atLeast: neededSilence, from: target),
                  silence.lowerBound - start > neededSilence else { continue }
            let cut = silence.lowerBound + frameSize
            let padding = padding(samples: cut - start, delay: delay, frameSize: frameSize)
            parts.append(start..<cut)
            paddings.append(padding)
            start = cut + padding + delay
        }
        parts.append(start..<samples.count)
        paddings.append(padding(samples: samples.count - start, delay: delay, frameSize: frameSize))
        return MP3Seams(parts: parts, predictedPaddings: paddings)
    }

    /// The first run of exactly zero samples of at least `length`, starting at or after `from`.
    private static func silence(in samples: UnsafeBufferPointer<Float>, atLeast length: Int, from: Int) -> Range<Int>? {
        var runStart = from
        var index = from
        while index < samples.count {
            if samples[index] != 0 {
                runStart = index + 1
            } else if index + 1 - runStart >= length {
                return runStart..<(index + 1)
            }
            index += 1
        }
        return nil
    }
}
