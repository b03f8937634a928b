/// Element and gap lengths for a character speed and an effective
/// (Farnsworth) speed.
///
/// PARIS timing: the word PARIS plus its word gap is 50 units, so a unit
/// lasts 1200 / WPM milliseconds. A dit is 1 unit, a dah 3; the gap inside
/// a character is 1 unit, between characters 3, between words 7.
///
/// Farnsworth spacing (ARRL; Jon Bloom, KE3Z, QEX April 1990) keeps the
/// characters and the gaps inside them at the character speed c and
/// stretches only the gaps between characters and words, so that the
/// overall rate is the effective speed s. Of the 50 units of PARIS, 31 are
/// inside characters; the 19 units of spacing take
/// ta = (60c − 37.2s) / (s·c) seconds, split 3/19 per character gap and
/// 7/19 per word gap. At c = 20, s = 10 these are 0.654 s and 1.525 s.
public struct Timing: Sendable, Hashable, Codable {
    public let characterSpeedWPM: Double
    public let effectiveSpeedWPM: Double

    public init(characterSpeedWPM: Double, effectiveSpeedWPM: Double? = nil) {
        self.characterSpeedWPM = characterSpeedWPM
        self.effectiveSpeedWPM = min(effectiveSpeedWPM ?? characterSpeedWPM, characterSpeedWPM)
    }

    /// One unit (a dit) at the character speed.
    public var unitSeconds: Double { Self.unitSeconds(wpm: characterSpeedWPM) }

    /// One unit (a dit) at `wpm` words per minute: PARIS is 50 units, so 60 / (50 · wpm) = 1.2 / wpm seconds.
    public static func unitSeconds(wpm: Double) -> Double { 1.2 / wpm }

    /// The speed, in words per minute (PARIS), at which a unit (a dit) lasts `unitSeconds`.
    public static func speedWPM(unitSeconds: Double) -> Double { 1.2 / unitSeconds }

    public func durationSeconds(of element: Element) -> Double {
        Double(element.units) * unitSeconds
    }

    public func durationSeconds(of gap: Gap) -> Double {
        switch gap {
        case .intraCharacter: unitSeconds
        case .character: 3 * farnsworthSpacingUnitSeconds
        case .word: 7 * farnsworthSpacingUnitSeconds
        }
    }
}
