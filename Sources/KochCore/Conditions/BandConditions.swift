/// The conditions of the band a lesson is heard through: noise (QRN),
/// fading (QSB) and other stations (QRM), each optional. Recorded in the
/// answer key, so that a lesson with conditions can be made again from
/// its seed.
public struct BandConditions: Sendable, Hashable, Codable {
    public var qrn: QRN?
    public var qsb: QSB?
    public var qrm: [QRMStation]

    public init(qrn: QRN? = nil, qsb: QSB? = nil, qrm: [QRMStation] = []) {
        self.qrn = qrn
        self.qsb = qsb
        self.qrm = qrm
    }

    /// No condition at all: the lesson as synthesised.
    public static let clear = BandConditions()

    public var isClear: Bool { qrn == nil && qsb == nil && qrm.isEmpty }

    /// The loudest a mixed sample may be: −1 dBFS.
    public static let peakLimit: Float = 0.891
}
