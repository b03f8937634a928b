/// When audio may go to a sound device: never more than `leadSeconds` beyond the clock.
///
/// A sound card paces its writer by blocking while its buffer is full, but not every sink does:
/// ALSA's `file` plugin takes a second of audio in a few milliseconds, and `null` has no device
/// at all. Holding the writer to the clock makes them all play in real time. The reckoning
/// starts with the first write; it starts again from now when the writer falls behind (a pause,
/// a late block: audio cannot be queued in the past), and when the device made the writer wait,
/// since then the device is the clock (a card running a little faster than the computer's clock
/// would otherwise be starved by it over a long session).
struct OutputPacer: Sendable {
    let sampleRateHz: Int
    var leadSeconds: Double
    private(set) var framesWritten = 0
    /// The clock reading at which frame 0 plays, as reckoned now.
    private var originSeconds: Double?

    init(sampleRateHz: Int, leadSeconds: Double) {
        self.sampleRateHz = sampleRateHz
        self.leadSeconds = leadSeconds
    }

    /// Seconds to wait, at `nowSeconds`, before `frames` more frames may be written.
    mutating func delay(beforeWriting frames: Int, nowSeconds: Double) -> Double {
        let writtenSeconds = seconds(framesWritten)
        if originSeconds.map({ $0 + writtenSeconds < nowSeconds }) ?? true {
            originSeconds = nowSeconds - writtenSeconds
        }
        let endSeconds = (originSeconds ?? nowSeconds) + seconds(framesWritten + frames)
        return max(0, endSeconds - leadSeconds - nowSeconds)
    }

    mutating func wrote(_ frames: Int) {
        framesWritten += frames
    }

    /// The device blocked the writer until `nowSeconds`: it is the clock, and the writer may run
    /// `leadSeconds` beyond what it holds now (it blocks again long before).
    mutating func devicePaced(nowSeconds: Double) {
        originSeconds = nowSeconds - seconds(framesWritten)
    }

    /// Seconds, at `nowSeconds`, until what was written has played by the reckoning.
    func remainingSeconds(nowSeconds: Double) -> Double {
        guard let originSeconds else { return 0 }
        return max(0, originSeconds + seconds(framesWritten) - nowSeconds)
    }

    private func seconds(_ frames: Int) -> Double {
        Double(frames) / Double(sampleRateHz)
    }
}
