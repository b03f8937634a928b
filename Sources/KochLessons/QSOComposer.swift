import KochCore
import KochIO
import KochPresentation

/// Whole contacts for a QSO lesson: random stations from `QSOFiller`, each
/// written out by a style's template in `templates/qso/` (a teacher adds a
/// style by adding a template), until the lesson is full. The style follows
/// the learner's level unless one is chosen.
public struct QSOComposer: Sendable {
    public let templates: Templates
    /// Template names, `qso/first-contact` and so on.
    public let styles: [String]

    /// The styles `QSOProgression.styles` chooses out of the templates there are: `style` if given,
    /// else the style of the learner's level, else every style at random.
    public init(templates: Templates, style: String?, level: Int, course: KochCourse) throws {
        self.templates = templates
        let available = templates.names.filter { $0.hasPrefix("qso/") }.map { String($0.dropFirst("qso/".count)) }
        do {
            styles = try QSOProgression.styles(available: available, asked: style, level: level, course: course).map { "qso/" + $0 }
        } catch .unknown(let style, let available) {
            throw FileError.malformed(
                path: "templates/qso/\(style).mustache",
                reason: "there is no QSO style '\(style)'; the styles are " + available.joined(separator: ", ") + ".")
        } catch .noStyles {
            throw FileError.malformed(path: "templates/qso", reason: "there are no QSO templates (NAME.mustache).")
        }
    }

    /// Contacts, line by line, until they last about `keyedSeconds` at
    /// `timing`; the last contact may be cut at a word. A line is a line of
    /// the template, ended early after each `<BT>` (the sign that starts a
    /// new line of a message on paper), so that a spoken lesson's answer is
    /// at most a sentence.
    public func lines(lastingSeconds keyedSeconds: Double, timing: Timing, seed: UInt64) throws -> [[[Symbol]]] {
        var generator = SeededGenerator(seed: seed)
        let filler = try QSOFiller()
        var lines: [[[Symbol]]] = []
        var seconds = 0.0
        let wordGap = timing.durationSeconds(of: .word)
        while true {
            let style = styles[generator.nextInt(in: 0...(styles.count - 1))]
            let contact = filler.contact(using: &generator)
            let text = try templates.render(style, contact.context)
            var contactLines: [[[Symbol]]] = []
            do {
                for line in text.split(whereSeparator: \.isNewline) {
                    contactLines += Self.sentences(try MorseText(parsing: String(line)).words)
                }
            } catch {
                throw FileError.malformed(path: templates.origin(of: style), reason: "the QSO it writes cannot be sent: \(error)")
            }
            for line in contactLines {
                var kept: [[Symbol]] = []
                for word in line {
                    let isFirst = lines.isEmpty && kept.isEmpty
                    let length = KeyedDuration.seconds(of: word, timing: timing) + (isFirst ? 0 : wordGap)
                    if seconds + length > keyedSeconds, !isFirst {
                        // Keep the word if that lands closer to the asked length.
                        if seconds + length - keyedSeconds < keyedSeconds - seconds { kept.append(word) }
                        return kept.isEmpty ? lines : lines + [kept]
                    }
                    kept.append(word)
                    seconds += length
                }
                lines.append(kept)
            }
        }
    }

    /// A line's words cut after each `<BT>`.
    static func sentences(_ words: [[Symbol]]) -> [[[Symbol]]] {
        var sentences: [[[Symbol]]] = []
        var current: [[Symbol]] = []
        for word in words {
            current.append(word)
            if word.map(\.text) == ["<BT>"] {
                sentences.append(current)
                current = []
            }
        }
        return current.isEmpty ? sentences : sentences + [current]
    }
}
