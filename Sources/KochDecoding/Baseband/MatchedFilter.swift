import KochCore

/// A moving average of complex baseband whose length can follow the speed.
///
/// Averaging over T seconds is the matched filter for a rectangular mark of
/// length T: its response is sinc(f·T), with a noise bandwidth of 1/T Hz
/// (17 Hz for a 20 WPM dit), so a narrower filter passes less noise while
/// the mark still reaches full height. Kept at about 0.7 of a dit, a mark's
/// half-height width stays its true length. The output lags the input by
/// (length − 1)/2 samples.
public struct MatchedFilter: Sendable {
    public let capacity: Int
    public private(set) var length: Int
    private var real: [Float]
    private var imaginary: [Float]
    private var head = 0
    private var sumReal = 0.0
    private var sumImaginary = 0.0

    public init(length: Int, capacity: Int) {
        self.capacity = max(1, capacity)
        self.length = min(max(1, length), self.capacity)
        real = Array(repeating: 0, count: self.capacity)
        imaginary = Array(repeating: 0, count: self.capacity)
    }

    /// Changes the averaging length; the sums are recomputed from the history kept.
    public mutating func setLength(_ newLength: Int) {
        let clamped = min(max(1, newLength), capacity)
        guard clamped != length else { return }
        length = clamped
        sumReal = 0
        sumImaginary = 0
        for back in 1...length {
            let index = (head - back + capacity) % capacity
            sumReal += Double(real[index])
            sumImaginary += Double(imaginary[index])
        }
    }

    /// Pushes one sample and returns the squared magnitude of the average.
    @inline(__always)
    public mutating func process(real x: Float, imaginary y: Float) -> Double {
        let average = average(real: x, imaginary: y)
        return average.real * average.real + average.imaginary * average.imaginary
    }

    /// Pushes one sample and returns the average itself.
    @inline(__always)
    public mutating func average(real x: Float, imaginary y: Float) -> (real: Double, imaginary: Double) {
        let leaving = (head - length + capacity) % capacity
        sumReal += Double(x) - Double(real[leaving])
        sumImaginary += Double(y) - Double(imaginary[leaving])
        real[head] = x
        imaginary[head] = y
        head += 1
        if head == capacity { head = 0 }
        let scale = 1 / Double(length)
        return (sumReal * scale, sumImaginary * scale)
    }
}
