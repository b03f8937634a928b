import KochCore

/// How well a reading of the keying explains what a room made of it, at the tone's pitch.
///
/// A room carries a steady oscillator's tone to the microphone as one linear filter: the
/// direct sound, then its echoes, each at its own delay, level and phase. In the tone's
/// complex amplitude (mixed down at its exact pitch) the recording is then the keying
/// (1 while the key is down, 0 while it is up) convolved with one response of
/// `responseSamples` (its echoes over 0.75 s), plus the room's noise. The response that
/// best fits a reading is found by least squares; the share of the recording's power it
/// leaves unexplained measures the reading: the keying as sent leaves little but the room's
/// noise, a reading that ran the marks together or broke them up far more.
enum KeyingChannel {
    /// The response's length, in samples of `RoomEqualizer.sampleRateHz`: an echo of RT60 0.6 s
    /// has fallen by 45 dB after 0.45 s, and 0.75 s covers rooms a little longer.
    static let responseSamples = 150
    /// Added to the normal equations' diagonal, as a share of the keying's power: keeps them
    /// solvable where the keying holds few marks.
    static let ridgeShare = 1e-3

    /// The share of `baseband`'s power (0 to 1) that the best response to `keying` (one value
    /// per sample, true while the key is down) leaves unexplained; 1 where there is nothing
    /// to fit.
    static func unexplainedShare(keying: [Bool], baseband: [ComplexValue]) -> Double {
        let count = min(keying.count, baseband.count)
        let power = baseband.prefix(count).reduce(0) { $0 + $1.squaredMagnitude }
        let runs = keyDownRuns(keying.prefix(count))
        guard power > 0, !runs.isEmpty else { return 1 }
        let length = min(responseSamples, count)
        // The keying's autocorrelation (the normal matrix, Toeplitz) and its correlation with
        // the recording, Σ k(t)·y(t + lag), summed run by run.
        var downBefore = [Int](repeating: 0, count: count + 1)
        for index in 0..<count { downBefore[index + 1] = downBefore[index] + (keying[index] ? 1 : 0) }
        let autocorrelation = (0..<length).map { lag in
            runs.reduce(0.0) { $0 + Double(downBefore[min(count, $1.end + lag)] - downBefore[min(count, $1.start + lag)]) }
        }
        var prefix = [ComplexValue](repeating: .zero, count: count + 1)
        for index in 0..<count { prefix[index + 1] = prefix[index] + baseband[index] }
        let correlation = (0..<length).map { lag in
            runs.reduce(ComplexValue.zero) { sum, run in
                sum + prefix[min(count, run.end + lag)] - prefix[min(count, run.start + lag)]
            }
        }
        let ridge = ridgeShare * autocorrelation[0]
        let matrix = (0..<length).map { row in
            (0..<length).map { column in ComplexValue(real: autocorrelation[abs(row - column)] + (row == column ? ridge : 0)) }
        }
        guard let response = HermitianSolver(matrix)?.solve(correlation) else { return 1 }
        let explained = zip(correlation, response).reduce(0) { $0 + ($1.0.conjugate * $1.1).real }
        return min(1, max(0, (power - explained) / power))
    }

    /// The runs of samples where the key was down, as start and end (one past the last).
    static func keyDownRuns<S: Collection>(_ keying: S) -> [(start: Int, end: Int)] where S.Element == Bool, S.Index == Int {
        var runs: [(start: Int, end: Int)] = []
        var start: Int?
        for index in keying.indices {
            if keying[index], start == nil { start = index }
            if !keying[index], let begun = start {
                runs.append((begun, index))
                start = nil
            }
        }
        if let begun = start { runs.append((begun, keying.endIndex)) }
        return runs
    }
}
