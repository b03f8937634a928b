/// How a recording is cut into parts that are encoded to MP3 on separate
/// cores and joined frame by frame into one stream that decodes like a
/// stream encoded in one piece.
///
/// A LAME stream's frame k holds the input around samples k·f (f, the frame
/// size: 1152, or 576 below 32 kHz), shifted by the encoder's fixed delay.
/// A part that starts at sample m·f therefore makes frames that line up
/// with frames m, m+1, … of the whole stream: part i keeps its frames from
/// the join at frame `joins[i]` on, and starts `warmUpFrames` frames
/// earlier, so that its filter bank and psychoacoustic model have settled
/// on the same input as the part before by the time its frames are kept;
/// it encodes `lookaheadFrames` past its last kept frame, so that the
/// frames it keeps do not feel the end of its input. With LAME's bit
/// reservoir off, every frame carries its own bits, so frames from two
/// encoders can follow each other; the decoder's overlap-add across the
/// join then joins two encodings of the same signal.
struct MP3Parts: Equatable {
    /// Frames a part encodes before its first kept frame.
    static let warmUpFrames = 8
    /// Frames a part encodes after its last kept frame.
    static let lookaheadFrames = 4

    struct Part: Equatable {
        /// The input samples the part encodes.
        let samples: Range<Int>
        /// Which of the part's frames go into the joined stream (counted
        /// from the part's first frame, the info frame not counted).
        let keptFrames: Range<Int>
    }

    let parts: [Part]

    /// `count` parts of about equal length of `sampleCount` samples (one part
    /// when the recording is too short to be worth cutting).
    init(sampleCount: Int, count: Int, frameSize: Int) {
        let totalFrames = (sampleCount + frameSize - 1) / frameSize
        let minimumFrames = 2 * (Self.warmUpFrames + Self.lookaheadFrames)
        let count = max(1, min(count, totalFrames / max(minimumFrames, 1)))
        // The whole stream's frame at which each part's kept frames begin.
        let joins = (0..<count).map { totalFrames * $0 / count }
        parts = joins.indices.map { index in
            let isFirst = index == 0, isLast = index == joins.count - 1
            let firstFrame = isFirst ? 0 : joins[index] - Self.warmUpFrames
            let start = firstFrame * frameSize
            let end = isLast ? sampleCount : min(sampleCount, (joins[index + 1] + Self.lookaheadFrames) * frameSize)
            let keptStart = joins[index] - firstFrame
            let keptEnd = isLast ? Int.max : joins[index + 1] - firstFrame
            return Part(samples: start..<end, keptFrames: keptStart..<keptEnd)
        }
    }
}

/// The frames of an MPEG audio layer III stream: where each begins and ends.
package enum MP3FrameScanner {
    /// The byte ranges of the frames in `bytes`, which hold whole frames
    /// from the first byte on; nil if a frame header is not where expected.
    package static func frames(in bytes: ArraySlice<UInt8>) -> [Range<Int>]? {
        var frames: [Range<Int>] = []
        var offset = bytes.startIndex
        while offset + 4 <= bytes.endIndex {
            guard let length = frameLength(bytes[offset], bytes[offset + 1], bytes[offset + 2]),
                offset + length <= bytes.endIndex
            else { return nil }
            frames.append(offset..<(offset + length))
            offset += length
        }
        return offset == bytes.endIndex ? frames : nil
    }

    /// The length in bytes of the frame whose header starts with these bytes.
    package static func frameLength(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Int? {
        guard first == 0xFF, second & 0xE0 == 0xE0, second & 0x06 == 0x02 else { return nil }  // sync, layer III
        let version = (second >> 3) & 0x03  // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
        let bitrateIndex = Int(third >> 4), rateIndex = Int((third >> 2) & 0x03), padding = Int((third >> 1) & 0x01)
        guard version != 1, (1...14).contains(bitrateIndex), rateIndex < 3 else { return nil }
        let mpeg1 = version == 3
        let kbps =
            (mpeg1
            ? [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
            : [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160])[bitrateIndex - 1]
        let rates = mpeg1 ? [44100, 48000, 32000] : version == 2 ? [22050, 24000, 16000] : [11025, 12000, 8000]
        return (mpeg1 ? 144_000 : 72_000) * kbps / rates[rateIndex] + padding
    }

    /// Where the frame's main data begins, in bytes back from the frame's own
    /// data (0 when the frame borrows nothing from the frames before it).
    package static func mainDataBegin(_ frame: ArraySlice<UInt8>) -> Int {
        let protected = frame[frame.startIndex + 1] & 0x01 == 0
        let sideInfo = frame.startIndex + 4 + (protected ? 2 : 0)
        let mpeg1 = (frame[frame.startIndex + 1] >> 3) & 0x03 == 3
        return mpeg1 ? Int(frame[sideInfo]) << 1 | Int(frame[sideInfo + 1] >> 7) : Int(frame[sideInfo])
    }
}
