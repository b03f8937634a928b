/// A whole simulated contact as overs, the other station's and the
/// learner's in turn, from a QSO template: each line of the template is one
/// over, the calling station's first; the learner is the answering station.
///
/// The template is rendered twice: once with the contact's values, once
/// with a marker in place of each value, so that the script knows which
/// words are which value (a value may be two words: `MINUS 4C`).
public struct QSOScript: Sendable, Hashable {
    public let contact: QSOContact
    public let overs: [QSOOver]

    /// What renders the template with a contact's context.
    public typealias Renderer = (QSOContact) throws -> String

    public init(contact: QSOContact, render: Renderer) throws(QSOScriptError) {
        self.contact = contact
        let lines: [String]
        let markedLines: [String]
        do {
            lines = Self.lines(try render(contact))
            markedLines = Self.lines(try render(Self.marked(contact)))
        } catch {
            throw .unrendered(String(describing: error))
        }
        guard lines.count == markedLines.count, lines.count >= 2 else { throw .tooFewOvers(lines.count) }
        let values = Self.values(of: contact)
        overs = try zip(lines, markedLines).enumerated().map { index, pair throws(QSOScriptError) in
            let station: QSOOver.Station = index.isMultiple(of: 2) ? .other : .learner
            return QSOOver(station: station, text: pair.0, fields: try Self.fields(marked: pair.1, values: values, line: index + 1))
        }
    }

    /// The contact as one text, overs in turn.
    public var text: String { overs.map(\.text).joined(separator: " ") }

    /// The learner's overs, in order.
    public var learnerOvers: [QSOOver] { overs.filter { $0.station == .learner } }

    /// Lines of words, single-spaced, without empty lines.
    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased() }
            .filter { !$0.isEmpty }
    }

    /// Every value by its template key (`caller.call`).
    static func values(of contact: QSOContact) -> [String: String] {
        var values: [String: String] = [:]
        for (side, station) in [("caller", contact.caller), ("answerer", contact.answerer)] {
            for (key, value) in station.context { values[side + "." + key] = value.uppercased() }
        }
        values["qso.band"] = contact.band.uppercased()
        return values
    }

    static func marker(_ key: String) -> String { "QSOVALUE" + key.replacingOccurrences(of: ".", with: "Q") + "QSOEND" }

    static func marked(_ contact: QSOContact) -> QSOContact {
        var marked = contact
        for key in QSOStation.keys {
            func mark(_ station: inout QSOStation, _ side: String) {
                let value = marker(side + "." + key)
                switch key {
                case "call": station.call = value
                case "name": station.name = value
                case "qth": station.qth = value
                case "rst": station.rst = value
                case "serial": station.serial = value
                case "rig": station.rig = value
                case "antenna": station.antenna = value
                case "power": station.power = value
                case "weather": station.weather = value
                case "temperature": station.temperature = value
                case "age": station.age = value
                case "years": station.years = value
                default: station.greeting = value
                }
            }
            mark(&marked.caller, "caller")
            mark(&marked.answerer, "answerer")
        }
        marked.band = marker("qso.band")
        return marked
    }

    /// The fields of one marked line: a word that is a marker is its value's
    /// words; a marker inside a word (`{{power}}W`) makes that whole word the value.
    static func fields(marked line: String, values: [String: String], line number: Int) throws(QSOScriptError) -> [QSOField] {
        var fields: [QSOField] = []
        var wordIndex = 0
        for word in line.split(separator: " ").map(String.init) {
            let keys = values.keys.sorted().filter { word.contains(marker($0).uppercased()) }
            guard let key = keys.first else {
                wordIndex += 1
                continue
            }
            var filled = word
            for key in keys { filled = filled.replacingOccurrences(of: marker(key).uppercased(), with: values[key] ?? "") }
            let count = filled.split(separator: " ").count
            guard count > 0 else { throw .emptyValue(key: key, line: number) }
            fields.append(QSOField(key: key, firstWord: wordIndex, wordCount: count, value: filled))
            wordIndex += count
        }
        return fields
    }
}

/// Why a QSO template cannot be made into a script.
public enum QSOScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    case unrendered(String)
    case tooFewOvers(Int)
    case emptyValue(key: String, line: Int)

    public var description: String {
        switch self {
        case let .unrendered(reason): "the template cannot be rendered: \(reason)"
        case let .tooFewOvers(count):
            "a contact needs at least two overs (one line each, the calling station's first), and it has \(count)"
        case let .emptyValue(key, line): "line \(line) has an empty \(key)"
        }
    }
}
