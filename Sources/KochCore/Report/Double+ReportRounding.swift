extension Double {
    /// An accuracy as the JSON reports give it: to 4 decimals (a hundredth of a per cent).
    public var roundedTo4Decimals: Double {
        (self * 10_000).rounded() / 10_000
    }
}
