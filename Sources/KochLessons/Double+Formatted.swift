extension Double {
    /// Whole numbers without a decimal point: 20, not 20.0 (speeds, tones and levels in text).
    public var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
