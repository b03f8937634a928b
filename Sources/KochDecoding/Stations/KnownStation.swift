/// A station whose keying a caller knows something of: its pitch, perhaps its speed, and
/// perhaps when it sends (a QSO's answer key names the lesson's other station and the learner).
public struct KnownStation: Sendable, Hashable {
    /// The station's pitch in the recording.
    public var toneHz: Double
    /// Its speed, if known: the speed learned is then kept within 1.5 times it.
    public var speedWPM: Double?
    /// When it sends, in seconds into the recording; nil where it may send at any time (read
    /// over the whole recording). A station at the pitch of another (a learner keying at the
    /// lesson's pitch) can only be read apart from it by its spans.
    public var spansSeconds: [ClosedRange<Double>]?

    public init(toneHz: Double, speedWPM: Double? = nil, spansSeconds: [ClosedRange<Double>]? = nil) {
        self.toneHz = toneHz
        self.speedWPM = speedWPM
        self.spansSeconds = spansSeconds
    }
}
