/// What the other station sends after one of the learner's overs: it
/// answers what was actually sent. A call of its own sent wrong (or not at
/// all) is queried (`DE W1ABC?`) and the learner sends the over again;
/// otherwise its next over uses the learner's call, name and report as it
/// read them, so that a report is repeated back as given.
public enum QSOReply: Sendable, Hashable {
    /// The learner's over is queried: send it again.
    case query(String)
    /// The other station's next over.
    case over(QSOOver)
    /// The contact is over: the learner's over was the script's last.
    case end

    /// How often one over is queried before the other station carries on.
    public static let queriesPerOver = 2

    /// The reply to the learner's over `index` (of `script.overs`), read as
    /// `reading`, which has already been queried `queried` times.
    public static func reply(
        script: QSOScript, afterOver index: Int, reading: QSOOverReading, queried: Int, render: QSOScript.Renderer
    ) -> QSOReply {
        let ownCall = reading.checks.first { $0.field.key == "caller.call" }
        if let ownCall, !ownCall.isRight, queried < queriesPerOver {
            return .query("DE \(script.contact.caller.call.uppercased())?")
        }
        guard index + 1 < script.overs.count else { return .end }
        let answered = Self.contact(script.contact, asSent: reading.sentValues)
        // The script renders with the values as read; a value that cannot
        // be rendered (never, for read Morse) leaves the script's own over.
        let over = (try? QSOScript(contact: answered, render: render))?.overs[safe: index + 1] ?? script.overs[index + 1]
        return .over(over)
    }

    /// The contact as the other station knows it after the learner's over:
    /// the learner's own values as they were sent.
    static func contact(_ contact: QSOContact, asSent values: [String: String]) -> QSOContact {
        var answered = contact
        for (key, value) in values where key.hasPrefix("answerer.") && !value.isEmpty {
            var context = answered.answerer
            switch key.dropFirst("answerer.".count) {
            case "call": context.call = value
            case "name": context.name = value
            case "qth": context.qth = value
            case "rst": context.rst = value
            case "serial": context.serial = value
            default: break
            }
            answered.answerer = context
        }
        return answered
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
