extension LessonSettings {
    /// What a lesson is made with when the learner asks nothing else: the method's speeds (20 WPM
    /// characters spaced to 12, Farnsworth), its 600 Hz tone and five-minute lesson; every front
    /// end quotes these rather than its own copy.
    public enum Defaults {
        /// The character speed, in words per minute (PARIS).
        public static let characterSpeedWPM: Double = 20
        /// The effective (Farnsworth) speed, in words per minute, when the character speed is at least this.
        public static let effectiveSpeedWPM: Double = 12
        /// The tone's frequency, in hertz.
        public static let toneHz: Double = 600
        /// The length of each element's raised-cosine edge, in milliseconds (ebook2cw's: no key clicks).
        public static let riseMilliseconds: Double = 5
        /// A lesson's length, in minutes.
        public static let minutes: Double = 5

        /// The effective speed when none is asked for: 12 WPM, or the character speed when that is lower
        /// (Farnsworth spacing only slows the gaps).
        public static func effectiveSpeedWPM(characterSpeedWPM: Double) -> Double {
            min(effectiveSpeedWPM, characterSpeedWPM)
        }
    }
}
