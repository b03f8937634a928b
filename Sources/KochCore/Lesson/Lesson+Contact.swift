extension Lesson {
    /// A contact to answer (`koch lesson --kind qso --respond`): the other station's overs keyed
    /// where `plan` puts them, the pauses between them left for the learner's overs. It has no
    /// introduction and no spoken answers; its graded words are the other station's.
    init(
        settings: LessonSettings, plan: QSORespondPlan, style: String, contact: QSOContact, learnerSpeedWPM: Double, number: Int,
        count: Int
    ) {
        self.settings = settings
        self.number = number
        self.count = count
        introduction = []
        spoken = nil
        let key = QSOKey(style: style, plan: plan, contact: contact, learnerSpeedWPM: learnerSpeedWPM)
        qso = key
        // The plan has parsed every over already: none fails here.
        let words = plan.overs.filter { $0.over.station == .other }.flatMap { (try? MorseText(parsing: $0.over.text).words) ?? [] }
        text = MorseText(words: words)
        timeline = plan.timeline
        lessonID = Self.identifier(settings: settings, number: number, words: words, contact: key)
    }
}
