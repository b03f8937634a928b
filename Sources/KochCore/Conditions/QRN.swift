/// Band noise (QRN): pink noise at a signal-to-noise ratio, with optional
/// crackle (static crashes from distant lightning), both heard through the
/// receiver's filter.
///
/// The SNR is defined as the reference audio of `../shared/bench` defines
/// it: SNR = 10·log10((A²/2) / N₅₀₀), where A is the key-down amplitude of
/// the wanted tone (before any fading) and N₅₀₀ the power of the noise
/// within ±250 Hz of the tone, a 500 Hz bandwidth. Crackle is not counted
/// in N₅₀₀.
public struct QRN: Sendable, Hashable, Codable {
    /// The signal-to-noise ratio in dB in a 500 Hz bandwidth around the tone.
    public var snrDB: Double
    /// Static crashes per second on average (a Poisson process); 0 for none.
    public var cracklePerSecond: Double
    /// The loudest crash's peak in dB relative to the tone's peak; each
    /// crash is drawn between 12 dB below this and this.
    public var crackleLevelDB: Double

    /// The width of the receiver filter the noise is heard through (`ReceiverPassband`):
    /// up to 1000 Hz a CW filter centred on the tone, wider an SSB filter from 300 Hz.
    public var receiverFilterWidthHz: Double

    public init(
        snrDB: Double, cracklePerSecond: Double = 0, crackleLevelDB: Double = 0,
        receiverFilterWidthHz: Double = QRN.defaultReceiverFilterWidthHz
    ) {
        self.snrDB = snrDB
        self.cracklePerSecond = cracklePerSecond
        self.crackleLevelDB = crackleLevelDB
        self.receiverFilterWidthHz = receiverFilterWidthHz
    }

    private enum CodingKeys: String, CodingKey { case snrDB, cracklePerSecond, crackleLevelDB, receiverFilterWidthHz }

    /// A key written before receiver filters has none: the default filter.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            snrDB: try container.decode(Double.self, forKey: .snrDB),
            cracklePerSecond: try container.decode(Double.self, forKey: .cracklePerSecond),
            crackleLevelDB: try container.decode(Double.self, forKey: .crackleLevelDB),
            receiverFilterWidthHz: try container.decodeIfPresent(Double.self, forKey: .receiverFilterWidthHz) ?? QRN.defaultReceiverFilterWidthHz)
    }

    /// The bandwidth the SNR is measured in, centred on the tone.
    public static let measurementBandwidthHz = 500.0

    /// The receiver filter a band is heard through when none is asked for: an SSB
    /// filter, 300 to 2700 Hz (KochSound's `ReceiverPassband` shapes it).
    public static let defaultReceiverFilterWidthHz = 2400.0
}
