/// A contact as it goes live: the other station sends, the learner keys their over, the other
/// station answers what was read of it (`QSOReply`: a query, its next over, or the end), in
/// turn, until the script's end or a stop. It keeps what happened, in the session's seconds:
/// the overs as they were actually sent and keyed (a queried over, the attempt that stood), the
/// other station's words as sent, what was read of each learner over, and the queries.
public struct QSOLiveContact: Sendable {
    /// What the other station sends next.
    public enum Transmission: Sendable, Hashable {
        case over(QSOOver)
        /// A query of the learner's last over (`DE W1ABC?`): they send it again.
        case query(String)
    }

    /// A learner's over the other station queried: what was read of it.
    public struct Query: Sendable, Hashable {
        public let reading: QSOOverReading
        public let text: String
    }

    public let script: QSOScript
    /// What the other station sends next; nil when it is the learner's turn or the contact is over.
    public private(set) var next: Transmission?
    /// The over the learner keys now (the script's, with the values they hear as blanks); nil when it is not their turn.
    public private(set) var learnerOver: QSOOver?
    /// The overs as sent and keyed, with their times.
    public private(set) var overs: [QSOKey.Over] = []
    /// The other station's words as sent, in the session's seconds: what the learner copies.
    public private(set) var otherWords: [Timeline.Word] = []
    /// What was read of each learner over that stood, in order.
    public private(set) var readings: [QSOOverReading] = []
    public private(set) var queries: [Query] = []
    private var learnerIndex = 1
    private var queried = 0

    /// The style (one of `styles`, template names) and the stations of a contact drawn from `seed`.
    public static func draw(styles: [String], seed: UInt64) -> (style: String, contact: QSOContact) {
        var generator = SeededGenerator(seed: seed)
        let style = styles.isEmpty ? "" : styles[generator.nextInt(in: 0...(styles.count - 1))]
        return (style, QSOFiller.fullCourse.contact(using: &generator))
    }

    public init(script: QSOScript) {
        self.script = script
        next = .over(script.overs[0])
    }

    public var isOver: Bool { next == nil && learnerOver == nil }

    /// The learner's next over of the script, to read ahead while the other station sends.
    public var comingLearnerOver: QSOOver? { script.overs.indices.contains(learnerIndex) ? script.overs[learnerIndex] : nil }

    /// The other station has sent `next`, laid out as `timeline` from `startSeconds` on; when
    /// `stoppedAtSeconds` cut it short, only the words begun before then were sent.
    public mutating func sent(_ timeline: Timeline, startSeconds: Double, stoppedAtSeconds: Double? = nil) {
        guard let transmission = next else { return }
        next = nil
        let words = timeline.words.filter { startSeconds + $0.startSeconds < (stoppedAtSeconds ?? .infinity) }
        guard case let .over(over) = transmission else {
            learnerOver = stoppedAtSeconds == nil ? script.overs[learnerIndex] : nil
            return
        }
        let placed = words.map {
            Timeline.Word(text: $0.text, startSeconds: startSeconds + $0.startSeconds, endSeconds: startSeconds + $0.endSeconds)
        }
        otherWords += placed
        guard let first = placed.first, let last = placed.last else { return }
        let text = placed.map(\.text).joined(separator: " ")
        let sentOver = QSOOver(station: .other, text: text, fields: text == over.text ? over.fields : [])
        overs.append(QSOKey.Over(over: sentOver, startSeconds: first.startSeconds, endSeconds: last.endSeconds))
        if stoppedAtSeconds == nil, learnerIndex < script.overs.count { learnerOver = script.overs[learnerIndex] }
    }

    /// The learner's over, read as `readText`, keyed from `startSeconds` to `endSeconds`: the other
    /// station's answer to it becomes `next`. `stopped`: the contact ends with it.
    @discardableResult
    public mutating func keyed(
        _ readText: String, startSeconds: Double, endSeconds: Double, stopped: Bool = false, render: QSOScript.Renderer
    ) -> QSOOverReading? {
        guard let scripted = learnerOver else { return nil }
        learnerOver = nil
        // An over stopped part-way is graded on the words keyed before the stop, as a stopped exercise is.
        let over = stopped ? Self.cut(scripted, toWords: readText.split(separator: " ").count) : scripted
        let reading = QSOOverReading(over: over, readText: readText)
        let reply =
            stopped ? .end : QSOReply.reply(script: script, afterOver: learnerIndex, reading: reading, queried: queried, render: render)
        if case let .query(text) = reply {
            queried += 1
            queries.append(Query(reading: reading, text: text))
            next = .query(text)
            return reading
        }
        overs.append(QSOKey.Over(over: over, startSeconds: startSeconds, endSeconds: endSeconds))
        readings.append(reading)
        learnerIndex += 2
        queried = 0
        if case let .over(answer) = reply { next = .over(answer) }
        return reading
    }

    /// The first `count` words of `over`, with the values inside them.
    static func cut(_ over: QSOOver, toWords count: Int) -> QSOOver {
        QSOOver(
            station: over.station, text: over.words.prefix(count).joined(separator: " "),
            fields: over.fields.filter { $0.words.upperBound <= count })
    }

    /// Ends the contact where it is: an over the learner had begun and not keyed is left out.
    public mutating func stop() {
        next = nil
        learnerOver = nil
    }

    /// The contact's part of its answer key.
    public func key(style: String, learnerSpeedWPM: Double) -> QSOKey {
        QSOKey(style: style, contact: script.contact, overs: overs, learnerSpeedWPM: learnerSpeedWPM)
    }
}
