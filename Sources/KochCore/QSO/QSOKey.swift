/// The part of an answer key that a contact has (a QSO lesson to answer,
/// or a live contact): both stations' overs in time, and who sends at what
/// pitch and speed. The key's groups are the other station's words, which
/// the learner copies; the learner's overs are what they send.
public struct QSOKey: Sendable, Hashable, Codable {
    /// One over: the other station's, from its first key-down to its last
    /// key-up; the learner's, the time left for it (a lesson's pause, or
    /// when it was keyed live).
    public struct Over: Sendable, Hashable, Codable {
        public var station: QSOOver.Station
        /// The words as the script has them (the learner's with the values heard filled in).
        public var text: String
        /// The learner's script: the values to be heard as blanks (`[THEIR CALL]`).
        public var script: String
        public var fields: [QSOField]
        public var startSeconds: Double
        public var endSeconds: Double

        public init(over: QSOOver, startSeconds: Double, endSeconds: Double) {
            station = over.station
            text = over.text
            script = over.script
            fields = over.fields
            self.startSeconds = startSeconds
            self.endSeconds = endSeconds
        }

        public var over: QSOOver { QSOOver(station: station, text: text, fields: fields) }
    }

    /// The QSO style (template name under `qso/`), e.g. `first-contact`.
    public var style: String
    public var contact: QSOContact
    public var overs: [Over]
    /// The speed the learner's overs were timed for, in WPM.
    public var learnerSpeedWPM: Double

    public init(style: String, contact: QSOContact, overs: [Over], learnerSpeedWPM: Double) {
        self.style = style
        self.contact = contact
        self.overs = overs
        self.learnerSpeedWPM = learnerSpeedWPM
    }

    /// The key part of a lesson to answer.
    public init(style: String, plan: QSORespondPlan, contact: QSOContact, learnerSpeedWPM: Double) {
        func ms(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
        self.init(
            style: style, contact: contact,
            overs: plan.overs.map { Over(over: $0.over, startSeconds: ms($0.startSeconds), endSeconds: ms($0.endSeconds)) },
            learnerSpeedWPM: learnerSpeedWPM)
    }

    public var learnerOvers: [Over] { overs.filter { $0.station == .learner } }
    public var otherOvers: [Over] { overs.filter { $0.station == .other } }
}
