import KochCore

/// Spoken phrases placed on a lesson's samples, added a block at a time
/// beside the keyed tone: any block comes out as it would in the whole.
/// Each distinct phrase's samples are held once, however often it is said.
public struct SpeechLayer: Sendable {
    /// One phrase said at a sample.
    struct Placement: Sendable {
        let startSample: Int
        let clip: Int
    }

    private let clips: [[Float]]
    /// In order of start.
    private let placements: [Placement]

    /// `speeches` (phrases and their start times) said with `clips` (each phrase's samples at `sampleRateHz`).
    public init(speeches: [SpokenLessonPlan.Speech], clips: [String: [Float]], sampleRateHz: Int) {
        var indices: [String: Int] = [:]
        var held: [[Float]] = []
        var placements: [Placement] = []
        for speech in speeches {
            guard let samples = clips[speech.phrase] else { continue }
            let index: Int
            if let known = indices[speech.phrase] {
                index = known
            } else {
                index = held.count
                indices[speech.phrase] = index
                held.append(samples)
            }
            placements.append(Placement(startSample: Int((speech.startSeconds * Double(sampleRateHz)).rounded()), clip: index))
        }
        self.clips = held
        self.placements = placements.sorted { $0.startSample < $1.startSample }
    }

    public var isEmpty: Bool { placements.isEmpty }

    /// Adds the speech that falls in `block`, whose first sample is sample `startSample` of the lesson.
    public func add(into block: UnsafeMutableBufferPointer<Float>, startSample: Int) {
        let window = startSample..<(startSample + block.count)
        for placement in placements {
            if placement.startSample >= window.upperBound { break }
            let clip = clips[placement.clip]
            let span = placement.startSample..<(placement.startSample + clip.count)
            let overlap = span.clamped(to: window)
            for n in overlap {
                block[n - startSample] += clip[n - placement.startSample]
            }
        }
    }
}
