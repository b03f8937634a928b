/// Rounding and wording of the figures in a fist report.
public enum FistNumber {
    public static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// One decimal, and none for a whole number: `2.3`, `3`.
    public static func text(_ value: Double) -> String {
        let tenths = rounded(value, places: 1)
        return tenths == tenths.rounded() && abs(tenths) < 1e9 ? String(Int(tenths)) : String(tenths)
    }

    /// A whole number: `18`.
    public static func whole(_ value: Double) -> String {
        abs(value) < 1e9 ? String(Int(value.rounded())) : String(value)
    }
}
