extension LessonSettings {
    /// The settings a lesson may be made with, which every front end checks against and quotes:
    /// speeds a learner can copy, a tone the ear follows comfortably, edges long enough to avoid
    /// key clicks and short enough to keep the elements crisp, sample rates audio players take.
    public enum Limits {
        /// The character speed, in words per minute (PARIS).
        public static let characterSpeedWPM: ClosedRange<Double> = 5...40
        /// The lowest effective (Farnsworth) speed, in words per minute; the highest is the character speed.
        public static let lowestEffectiveSpeedWPM: Double = 2
        /// The tone's frequency, in hertz.
        public static let toneHz: ClosedRange<Double> = 400...1000
        /// The length of each element's raised-cosine edge, in milliseconds.
        public static let riseMilliseconds: ClosedRange<Double> = 1...20
        /// The audio's sample rate, in hertz.
        public static let sampleRateHz: ClosedRange<Int> = 8000...192_000
        /// A lesson's length, in minutes.
        public static let minutes: ClosedRange<Double> = 0.5...60
        /// Spoken answers' loudness beside the tone's, in dB: from barely there to as loud as the
        /// limiter can make a voice without clipping.
        public static let speechVolumeDB: ClosedRange<Double> = -20...10
        /// How fast spoken answers are said, in words per minute: espeak-ng's slowest to fastest.
        public static let speechRateWPM: ClosedRange<Int> = 80...450
        /// The time to think between an item and its spoken answer, in seconds.
        public static let speechPauseSeconds: ClosedRange<Double> = 0.2...10
        /// How many lessons one run makes.
        public static let lessonCount: ClosedRange<Int> = 1...999
    }
}
